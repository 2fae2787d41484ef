/**
 * The checkout's calls (api-contract.md "Checkout and orders"): the cart as the checkout reads it (lines with both
 * VAT bases, discount, chosen delivery, grand total), the delivery and billing steps, carriers, payment methods,
 * completion, and the countries a billing address may name. The cart token travels in `X-Cart-Token`; amounts are
 * integer pence. Answers are parsed leniently and mapped to the storefront's own types; refusals surface as
 * `BackofficeError` (402 `payment_declined`, 409 `price_changed` or `payment_pending`, 404 `cart_not_found`, 400 with
 * field errors).
 */
import { z } from 'zod';
import { addressSchema, type Address } from './address.ts';
import { cartAnswerSchema, type CartAnswer } from './cart.ts';
import { BackofficeError, type ApiClient, type JsonBody, type RequestOptions } from './client.ts';

/** An amount in the three figures the spec names: inc VAT (`ttc`), VAT (`tax`), ex VAT (`ht`). */
export interface Amount {
  inc: number;
  vat: number;
  ex: number;
}

export interface CheckoutLine {
  id: string;
  reference: string;
  name: string;
  pack?: string;
  quantity: number;
  /** Line total inc VAT and ex VAT, pence. */
  total: number;
  totalExVat?: number;
  free: boolean;
}

export interface CollectionPoint {
  id: number;
  name: string;
  address: string;
  town: string;
  postcode: string;
  phone?: string;
}

export type ChosenDelivery =
  | { method: 'delivery'; address: Address; carrierCode: string; carrierLabel?: string; phone: string }
  | { method: 'collect'; stockist: CollectionPoint; firstName?: string; lastName?: string; phone: string };

/** What the payment step reviews: the cart with the checkout's choices and the total to pay. */
export interface CheckoutView {
  lines: CheckoutLine[];
  /** The lines before any discount. */
  amount: Amount;
  /** Taken off by the code, inc VAT (0 without one). */
  discount: number;
  discountLabel?: string;
  /** The lines once the discount is off, inc VAT. */
  discountedAmount: number;
  /** The chosen delivery; null until one is chosen. */
  shipping: Amount | null;
  /** Discounted lines plus the chosen delivery: what `expected_total` repeats (its `inc`). */
  grandTotal: Amount;
  audience?: 'pro' | 'part';
  /** Whether the back-office told the checkout's choices (`checkout`); false when its answer left them out. */
  checkoutKnown: boolean;
  delivery: ChosenDelivery | null;
  billing: { sameAsDelivery: boolean; address: Address | null } | null;
}

/** A cart answer read twice: as the basket stores it (`applyServerCart`) and as the checkout reviews it. */
export interface CheckoutCartAnswer {
  answer: CartAnswer;
  view: CheckoutView;
}

const pence = z.number().int();
const amountSchema = z.object({ ttc: pence, tax: pence, ht: pence });
const toAmount = (amount: z.infer<typeof amountSchema>): Amount => ({
  inc: amount.ttc,
  vat: amount.tax,
  ex: amount.ht,
});

const stockistSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  town: z.string(),
  postcode: z.string(),
  phone: z.string().nullish(),
});

const deliverySchema = z.discriminatedUnion('method', [
  z.object({
    method: z.literal('delivery'),
    address: addressSchema,
    carrier_code: z.string(),
    carrier_label: z.string().nullish(),
    phone: z.string(),
  }),
  z.object({
    method: z.literal('collect'),
    stockist: stockistSchema,
    first_name: z.string().nullish(),
    last_name: z.string().nullish(),
    phone: z.string(),
  }),
]);

const checkoutPartSchema = z.object({
  list: z
    .array(
      z.object({
        id: z.union([z.number(), z.string()]),
        variant_reference: z.string(),
        name: z.string(),
        variant_label: z.string().nullish(),
        quantity: z.number().int(),
        total_with_tax: pence,
        total_without_tax: pence.nullish(),
        free: z.boolean().default(false),
      }),
    )
    .nullish(),
  amount: amountSchema,
  discount_amount: amountSchema.nullish(),
  discounted_amount: pence.nullish(),
  discounts: z
    .object({
      cart_discount: z
        .object({ description: z.string(), amount_off: pence.nullish() })
        .passthrough()
        .nullish(),
    })
    .nullish(),
  shipping: amountSchema.nullish(),
  grand_total: amountSchema.nullish(),
  audience: z.enum(['pro', 'part']).nullish(),
  checkout: z
    .object({
      delivery: deliverySchema.nullish().catch(null),
      billing: z
        .object({ same_as_delivery: z.boolean(), address: addressSchema.nullish() })
        .nullish()
        .catch(null),
    })
    .nullish(),
});

function toView(cart: z.infer<typeof checkoutPartSchema>): CheckoutView {
  const amount = toAmount(cart.amount);
  const discountedAmount = cart.discounted_amount ?? amount.inc;
  const discount =
    cart.discount_amount?.ttc ?? cart.discounts?.cart_discount?.amount_off ?? amount.inc - discountedAmount;
  const shipping = cart.shipping ? toAmount(cart.shipping) : null;
  const grandTotal = cart.grand_total
    ? toAmount(cart.grand_total)
    : { inc: discountedAmount + (shipping?.inc ?? 0), vat: amount.vat, ex: amount.ex };
  const delivery = cart.checkout?.delivery;
  const billing = cart.checkout?.billing;
  return {
    lines: (cart.list ?? []).map((line) => ({
      id: String(line.id),
      reference: line.variant_reference,
      name: line.name,
      ...(line.variant_label && { pack: line.variant_label }),
      quantity: line.quantity,
      total: line.total_with_tax,
      ...(typeof line.total_without_tax === 'number' && { totalExVat: line.total_without_tax }),
      free: line.free,
    })),
    amount,
    discount,
    ...(cart.discounts?.cart_discount?.description && {
      discountLabel: cart.discounts.cart_discount.description,
    }),
    discountedAmount,
    shipping,
    grandTotal,
    ...(cart.audience && { audience: cart.audience }),
    checkoutKnown: Boolean(cart.checkout),
    delivery: !delivery
      ? null
      : delivery.method === 'delivery'
        ? {
            method: 'delivery',
            address: delivery.address,
            carrierCode: delivery.carrier_code,
            ...(delivery.carrier_label && { carrierLabel: delivery.carrier_label }),
            phone: delivery.phone,
          }
        : {
            method: 'collect',
            stockist: {
              id: delivery.stockist.id,
              name: delivery.stockist.name,
              address: delivery.stockist.address,
              town: delivery.stockist.town,
              postcode: delivery.stockist.postcode,
              ...(delivery.stockist.phone && { phone: delivery.stockist.phone }),
            },
            ...(delivery.first_name && { firstName: delivery.first_name }),
            ...(delivery.last_name && { lastName: delivery.last_name }),
            phone: delivery.phone,
          },
    billing: billing
      ? {
          sameAsDelivery: billing.same_as_delivery,
          address: billing.address ?? null,
        }
      : null,
  };
}

/** `{ cart }` (and a token when one was created) read for the basket store and for the checkout's review. */
export const checkoutCartSchema = z.unknown().transform((raw, context): CheckoutCartAnswer => {
  const answer = cartAnswerSchema.safeParse(raw);
  const part = z.object({ cart: checkoutPartSchema }).safeParse(raw);
  if (!answer.success || !part.success) {
    context.addIssue({
      code: 'custom',
      message: z.prettifyError((answer.error ?? part.error) as z.ZodError),
    });
    return z.NEVER;
  }
  return { answer: answer.data, view: toView(part.data.cart) };
});

/** A step's answer: the cart when the back-office gives it back (it may answer with no body). */
const stepAnswerSchema = z.unknown().transform((raw): CheckoutCartAnswer | undefined => {
  const parsed = checkoutCartSchema.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
});

export interface Carrier {
  code: string;
  label: string;
  description?: string;
  /** inc VAT and ex VAT, pence. */
  amount: number;
  amountExVat?: number;
  nextDay: boolean;
  free: boolean;
}

const carrierSchema = z.object({
  code: z.string(),
  method: z.enum(['delivery', 'collect']).nullish(),
  label: z.string().nullish(),
  name: z.string().nullish(),
  description: z.string().nullish(),
  amount: pence.nullish(),
  price: pence.nullish(),
  amount_ex_vat: pence.nullish(),
  next_day: z.boolean().nullish(),
  free: z.boolean().nullish(),
});

const carriersSchema = z
  .union([
    z.object({ carriers: z.array(carrierSchema) }),
    z.object({ costs: z.array(carrierSchema) }),
    z.object({ data: z.union([z.array(carrierSchema), z.object({ items: z.array(carrierSchema) })]) }),
  ])
  .transform((answer): Carrier[] => {
    const list =
      'carriers' in answer
        ? answer.carriers
        : 'costs' in answer
          ? answer.costs
          : Array.isArray(answer.data)
            ? answer.data
            : answer.data.items;
    // Collection from a stockist is offered beside the carriers; the form has its own choice for it.
    return list
      .filter((carrier) => carrier.method !== 'collect')
      .map((carrier) => {
        const amount = carrier.amount ?? carrier.price ?? 0;
        return {
          code: carrier.code,
          label: carrier.label ?? carrier.name ?? carrier.code,
          ...(carrier.description && { description: carrier.description }),
          amount,
          ...(typeof carrier.amount_ex_vat === 'number' && { amountExVat: carrier.amount_ex_vat }),
          nextDay: carrier.next_day ?? false,
          free: carrier.free ?? amount === 0,
        };
      });
  });

export interface PaymentMethod {
  code: string;
  label: string;
  /** The provider takes no real payment (the `fake` provider): checkout shows the test-mode banner. */
  testMode: boolean;
  /** The provider's magic card tokens offered in test mode. */
  testTokens: string[];
  /** `on_account` (an approved trade account): its terms, the credit left (pence) and whether a PO is required. */
  account?: { termsDays: number; creditAvailable: number; poRequired: boolean };
}

const paymentMethodSchema = z.object({
  code: z.string(),
  label: z.string().nullish(),
  name: z.string().nullish(),
  provider: z.string().nullish(),
  test_mode: z.boolean().nullish(),
  test_card_tokens: z.array(z.union([z.string(), z.object({ token: z.string() }).passthrough()])).nullish(),
  available: z.boolean().nullish(),
  credit_available_pence: z.number().int().nullish(),
  po_required: z.boolean().nullish(),
  payment_terms_days: z.number().int().nullish(),
});

const paymentMethodsSchema = z
  .union([
    z.object({ methods: z.array(paymentMethodSchema), test_mode: z.boolean().nullish() }),
    z.object({ payment_methods: z.array(paymentMethodSchema) }),
    z.object({
      data: z.union([z.array(paymentMethodSchema), z.object({ items: z.array(paymentMethodSchema) })]),
    }),
  ])
  .transform((answer): PaymentMethod[] => {
    const testMode = 'test_mode' in answer ? answer.test_mode : undefined;
    const list =
      'methods' in answer
        ? answer.methods
        : 'payment_methods' in answer
          ? answer.payment_methods
          : Array.isArray(answer.data)
            ? answer.data
            : answer.data.items;
    return list
      .filter((method) => method.available !== false)
      .map((method) => ({
        code: method.code,
        label: method.label ?? method.name ?? method.code,
        testMode: method.test_mode ?? testMode ?? method.provider === 'fake',
        testTokens: (method.test_card_tokens ?? []).map((token) =>
          typeof token === 'string' ? token : token.token,
        ),
        ...(method.code === 'on_account' && {
          account: {
            termsDays: method.payment_terms_days ?? 0,
            creditAvailable: method.credit_available_pence ?? 0,
            poRequired: method.po_required ?? false,
          },
        }),
      }));
  });

export interface CompletedCheckout {
  order: { id: string; number: string; status: string };
  accessToken: string;
  /** When the access token stops opening the order (ms since the epoch); undefined when not told. */
  accessExpiresAt?: number;
  /**
   * `done`: paid or on account; `redirect`: the bank's authorisation page; `pending` (202): the payment's outcome
   * is not known yet, the page waits for the order to settle.
   */
  next: { type: 'done' } | { type: 'redirect'; url: string } | { type: 'pending' };
}

const placedOrderSchema = z.object({
  id: z.union([z.number(), z.string()]),
  number: z.string(),
  status: z.string(),
});

const orderAccessOf = (answer: {
  order: z.infer<typeof placedOrderSchema>;
  access_token: string;
  access_token_expires_at?: string | null | undefined;
}) => ({
  order: { id: String(answer.order.id), number: answer.order.number, status: answer.order.status },
  accessToken: answer.access_token,
  ...(answer.access_token_expires_at &&
    Number.isFinite(Date.parse(answer.access_token_expires_at)) && {
      accessExpiresAt: Date.parse(answer.access_token_expires_at),
    }),
});

export const completeAnswerSchema = z
  .object({
    order: placedOrderSchema,
    access_token: z.string().min(1),
    access_token_expires_at: z.string().nullish(),
    next: z.object({ type: z.enum(['done', 'redirect', 'pending']), url: z.string().nullish() }),
  })
  .transform((answer): CompletedCheckout => ({
    ...orderAccessOf(answer),
    next:
      answer.next.type === 'redirect' && answer.next.url
        ? { type: 'redirect', url: answer.next.url }
        : answer.next.type === 'pending'
          ? { type: 'pending' }
          : { type: 'done' },
  }));

/** The order a 409 `payment_pending` names: another card attempt on the basket is paying for it. */
export type PaymentInProgress = Omit<CompletedCheckout, 'next'>;

const paymentInProgressSchema = z
  .object({
    status: z.literal('payment_pending'),
    order: placedOrderSchema,
    access_token: z.string().min(1),
    access_token_expires_at: z.string().nullish(),
  })
  .transform(orderAccessOf);

/** The order to wait for when completion was refused because a payment for the basket is already being made. */
export function paymentInProgress(error: unknown): PaymentInProgress | undefined {
  if (!(error instanceof BackofficeError) || error.statusCode !== 409) return undefined;
  const parsed = paymentInProgressSchema.safeParse(error.body);
  return parsed.success ? parsed.data : undefined;
}

export interface Country {
  code: string;
  label: string;
}

const countriesSchema = z
  .object({
    data: z.union([
      z.array(z.object({ code: z.string(), label: z.string() })),
      z.object({ items: z.array(z.object({ code: z.string(), label: z.string() })) }),
    ]),
  })
  .transform((answer): Country[] => (Array.isArray(answer.data) ? answer.data : answer.data.items));

/** Options of a call made with the cart token. */
function withToken(token: string, options: RequestOptions = {}): RequestOptions {
  return { ...options, headers: { ...options.headers, 'x-cart-token': token } };
}

/** `GET /cart`, read for the checkout (chosen delivery, grand total) and for the basket store. */
export function getCheckoutCart(
  api: ApiClient,
  token: string,
  options?: RequestOptions,
): Promise<CheckoutCartAnswer> {
  return api.get('/cart', checkoutCartSchema, withToken(token, options));
}

/** `PUT /checkout/delivery`: home delivery (address, carrier) or collection from a stockist; a phone either way. */
export function putCheckoutDelivery(
  api: ApiClient,
  token: string,
  body: JsonBody,
  options?: RequestOptions,
): Promise<CheckoutCartAnswer | undefined> {
  return api.put('/checkout/delivery', body, stepAnswerSchema, withToken(token, options));
}

/** `PUT /checkout/billing`: an address in one of the 11 countries, or the delivery address. */
export function putCheckoutBilling(
  api: ApiClient,
  token: string,
  body: JsonBody,
  options?: RequestOptions,
): Promise<CheckoutCartAnswer | undefined> {
  return api.put('/checkout/billing', body, stepAnswerSchema, withToken(token, options));
}

/** `GET /checkout/carriers`: home delivery choices for this basket (to a postcode when given), with prices. */
export function getCarriers(
  api: ApiClient,
  token: string,
  postcode?: string,
  options?: RequestOptions,
): Promise<Carrier[]> {
  return api.get('/checkout/carriers', carriersSchema, {
    ...withToken(token, options),
    query: { ...options?.query, postcode },
  });
}

/** `GET /checkout/payment-methods`: how this basket may be paid (a card for guests). */
export function getPaymentMethods(
  api: ApiClient,
  token: string,
  options?: RequestOptions,
): Promise<PaymentMethod[]> {
  return api.get('/checkout/payment-methods', paymentMethodsSchema, withToken(token, options));
}

/**
 * `POST /checkout/complete`: places the order. 201 with the order, its guest access token and what comes next
 * (done, a redirect to the provider's authorisation page, or 202 pending); 402 `payment_declined`, 409
 * `price_changed`, 409 `payment_pending` (see `paymentInProgress`).
 */
export function completeCheckout(
  api: ApiClient,
  token: string,
  body: JsonBody,
  options?: RequestOptions,
): Promise<CompletedCheckout> {
  return api.post('/checkout/complete', body, completeAnswerSchema, withToken(token, options));
}

/** `GET /country`: the countries a billing address may name (spec §3: 11). */
export async function getCountries(api: ApiClient): Promise<Country[]> {
  return api.get('/country', countriesSchema, { withoutPlan: true });
}
