/**
 * The basket's calls (api-contract.md "Cart", spec §7 cart calls): add items, read the cart, change or remove a
 * line, apply or remove a discount code, estimate shipping. The cart token travels in `X-Cart-Token`; amounts are
 * integer pence. Answers are parsed leniently (unknown fields are dropped) and mapped to the storefront's own
 * `Cart`; refusals surface as `BackofficeError` (404 `cart_not_found`, 400 with one of shop-rules'
 * `DISCOUNT_REFUSALS` and a message to show).
 */
import { z } from 'zod';
import type { ApiClient, RequestOptions } from './client.ts';

/** An item to add (spec §3 add-to-cart item): one product in one pack. */
export interface CartItemInput {
  element_id: number;
  element_type: 'product';
  variant_reference: string;
  quantity: number;
}

export interface CartLine {
  /** The line's id in the cart (`PATCH/DELETE /cart/items/{id}`); a free line's is `free-{CODE}`. */
  id: string;
  productId?: number;
  reference: string;
  name: string;
  /** The pack, e.g. "10 kg bag". */
  pack?: string;
  slug?: string;
  quantity: number;
  /** Unit price inc VAT, pence. */
  unitPrice: number;
  /** Line total inc VAT, pence. */
  total: number;
  /** Unit price and line total ex VAT (trade reads these first). */
  unitPriceExVat?: number;
  totalExVat?: number;
  /** A line added by a `free_product` discount: no stepper, no removal. */
  free: boolean;
  image?: string;
}

/** An amount in its three figures, pence: inc VAT (`ttc`), the VAT (`tax`) and ex VAT (`ht`). */
export interface CartAmount {
  inc: number;
  vat: number;
  ex: number;
}

export interface CartDiscount {
  description: string;
  /** The discount's value in its unit: 10 with `percent`, pence with `pence`. */
  amount: number;
  unit: string;
  code: string;
}

export interface Cart {
  lines: CartLine[];
  /** The lines before any discount. */
  amount: CartAmount;
  /** What the code takes off (zero without one). */
  discount: CartAmount;
  /** `amount − discount`: what the goods cost (delivery not included). */
  discounted: CartAmount;
  discounts: {
    cart?: CartDiscount;
    freeProduct?: { description: string; code: string };
  };
  /** The cheapest home delivery inc VAT for this basket, pence; null when none can take it (or empty). */
  shippingEstimate: number | null;
  /** The audience the cart is priced in (the plan of the call). */
  audience?: 'pro' | 'part';
  /** When the cart's token stops opening it (3 days after it was set). */
  tokenExpiresAt?: string;
  /** Something the shopper must read: lines removed on an audience switch, a code that stopped applying. */
  notice?: string;
}

/** What a cart call answers: the cart, plus a new token when the call created the cart. */
export interface CartAnswer {
  cart: Cart;
  token?: string;
  /** ISO date-time the new token stops being valid. */
  tokenExpiresAt?: string;
}

export interface ShippingEstimate {
  /** Home delivery offers, inc VAT, cheapest first. */
  costs: { code: string; label: string; amount: number; nextDay: boolean }[];
  /** The cheapest cost, pence; null when no carrier serves the postcode. */
  cheapest: number | null;
}

const pence = z.number().int();

const amountSchema = z
  .object({ ttc: pence, tax: pence, ht: pence })
  .transform((amount): CartAmount => ({ inc: amount.ttc, vat: amount.tax, ex: amount.ht }));

const ZERO: CartAmount = { inc: 0, vat: 0, ex: 0 };

const lineSchema = z.object({
  id: z.union([z.number(), z.string()]),
  element_id: z.number().optional(),
  variant_reference: z.string(),
  name: z.string(),
  variant_label: z.string().nullish(),
  slug: z.string().nullish(),
  quantity: z.number().int(),
  price_with_tax: pence,
  total_with_tax: pence,
  price_without_tax: pence.nullish(),
  total_without_tax: pence.nullish(),
  free: z.boolean().default(false),
  image: z.string().nullish(),
});

const cartSchema = z.object({
  list: z.array(lineSchema).nullish(),
  amount: amountSchema,
  discount_amount: amountSchema.nullish(),
  discounts: z
    .object({
      cart_discount: z
        .object({ description: z.string(), amount: z.number(), unit: z.string(), code: z.string() })
        .nullish(),
      free_product: z.object({ description: z.string(), code: z.string() }).nullish(),
    })
    .nullish(),
  shipping_estimate: pence.nullish(),
  audience: z.enum(['pro', 'part']).optional(),
  token_expires_at: z.string().optional(),
  notice: z.string().nullish(),
});

type ServerCart = z.output<typeof cartSchema>;

const minus = (a: CartAmount, b: CartAmount): CartAmount => ({
  inc: a.inc - b.inc,
  vat: a.vat - b.vat,
  ex: a.ex - b.ex,
});

function toCart(cart: ServerCart): Cart {
  const cartDiscount = cart.discounts?.cart_discount;
  const freeProduct = cart.discounts?.free_product;
  const discount = cart.discount_amount ?? ZERO;
  return {
    lines: (cart.list ?? []).map((line) => ({
      id: String(line.id),
      ...(line.element_id !== undefined && { productId: line.element_id }),
      reference: line.variant_reference,
      name: line.name,
      ...(line.variant_label && { pack: line.variant_label }),
      ...(line.slug && { slug: line.slug }),
      quantity: line.quantity,
      unitPrice: line.price_with_tax,
      total: line.total_with_tax,
      ...(typeof line.price_without_tax === 'number' && { unitPriceExVat: line.price_without_tax }),
      ...(typeof line.total_without_tax === 'number' && { totalExVat: line.total_without_tax }),
      free: line.free,
      ...(line.image && { image: line.image }),
    })),
    amount: cart.amount,
    discount,
    discounted: minus(cart.amount, discount),
    discounts: {
      ...(cartDiscount && { cart: cartDiscount }),
      ...(freeProduct && { freeProduct }),
    },
    shippingEstimate: cart.shipping_estimate ?? null,
    ...(cart.audience && { audience: cart.audience }),
    ...(cart.token_expires_at && { tokenExpiresAt: cart.token_expires_at }),
    ...(cart.notice && { notice: cart.notice }),
  };
}

/** The cart as every cart call answers it (`{ cart }`, plus `token` when one was created). */
export const cartAnswerSchema = z
  .object({
    token: z.string().min(1).optional(),
    token_expires_at: z.string().optional(),
    cart: cartSchema,
  })
  .transform((answer): CartAnswer => ({
    cart: toCart(answer.cart),
    ...(answer.token && { token: answer.token }),
    ...(answer.token_expires_at && { tokenExpiresAt: answer.token_expires_at }),
  }));

const shippingSchema = z
  .object({
    costs: z.array(
      z.object({ code: z.string(), label: z.string(), amount: pence, next_day: z.boolean().default(false) }),
    ),
    cheapest: pence.nullable(),
  })
  .transform((answer): ShippingEstimate => ({
    costs: answer.costs.map((cost) => ({
      code: cost.code,
      label: cost.label,
      amount: cost.amount,
      nextDay: cost.next_day,
    })),
    cheapest: answer.cheapest,
  }));

/** Options of a call made with the cart token (and the client's own options). */
function withToken(token: string | undefined, options: RequestOptions = {}): RequestOptions {
  return token ? { ...options, headers: { ...options.headers, 'x-cart-token': token } } : options;
}

const linePath = (lineId: string) => `/cart/items/${encodeURIComponent(lineId)}`;

/**
 * `POST /cart/items`: adds to the cart of `token`, or creates a cart (201, with its token) when there is no valid
 * token. Quantities are summed with a line of the same pack.
 */
export function addCartItems(
  api: ApiClient,
  token: string | undefined,
  items: readonly CartItemInput[],
  options?: RequestOptions,
): Promise<CartAnswer> {
  return api.post('/cart/items', { items: items.map((item) => ({ ...item })) }, cartAnswerSchema, {
    ...withToken(token, options),
  });
}

/**
 * `GET /cart`: the cart priced in the plan of the call (an audience switch re-prices it). With a session and no
 * valid token of its basket, the customer's basket with a fresh token (docs/api-contract.md "Baskets of
 * customers").
 */
export function getCart(
  api: ApiClient,
  token: string | undefined,
  options?: RequestOptions,
): Promise<CartAnswer> {
  return api.get('/cart', cartAnswerSchema, withToken(token, options));
}

/** `PATCH /cart/items/{line_id}` with a new quantity (1–999). */
export function updateCartLine(
  api: ApiClient,
  token: string,
  lineId: string,
  quantity: number,
  options?: RequestOptions,
): Promise<CartAnswer> {
  return api.patch(linePath(lineId), { quantity }, cartAnswerSchema, withToken(token, options));
}

/** `DELETE /cart/items/{line_id}`. */
export function removeCartLine(
  api: ApiClient,
  token: string,
  lineId: string,
  options?: RequestOptions,
): Promise<CartAnswer> {
  return api.delete(linePath(lineId), cartAnswerSchema, withToken(token, options));
}

/** `POST /cart/discount`: a refused code is a 400 `discount_*` whose message is for the shopper. */
export function applyCartDiscount(
  api: ApiClient,
  token: string,
  code: string,
  options?: RequestOptions,
): Promise<CartAnswer> {
  return api.post('/cart/discount', { code }, cartAnswerSchema, withToken(token, options));
}

/** `DELETE /cart/discount`. */
export function removeCartDiscount(
  api: ApiClient,
  token: string,
  options?: RequestOptions,
): Promise<CartAnswer> {
  return api.delete('/cart/discount', cartAnswerSchema, withToken(token, options));
}

/** `GET /cart/shipping`: delivery costs for the cart, to a postcode when given; the estimate is the cheapest. */
export function getCartShipping(
  api: ApiClient,
  token: string,
  postcode?: string,
  options?: RequestOptions,
): Promise<ShippingEstimate> {
  return api.get('/cart/shipping', shippingSchema, {
    ...withToken(token, options),
    query: { ...options?.query, postcode },
  });
}
