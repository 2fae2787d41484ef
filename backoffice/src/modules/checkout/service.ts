/**
 * Checkout (api-contract.md "Checkout and orders"): the delivery and billing steps stored on the cart, the
 * carriers and payment methods offered, and completion. Completion locks the cart row, re-prices it with the one
 * pricing function (a total other than the one the shopper saw → 409 `price_changed`, no order), takes the code's
 * use by a conditional update (none left → 409 `discount_exhausted`), and inserts the order under
 * `UNIQUE (cart_id)`: a repeated or concurrent completion answers the same order. The card is charged after that
 * transaction. An approved trade account may pay `on_account`: its credit is checked under the customer row's lock
 * in the same transaction, and the order is placed at once, due after the account's payment terms. With a session,
 * the steps take a saved `address_id` and save a typed address (`save_address`), and the order belongs to the
 * account.
 */
import { ACCOUNT_MESSAGES } from '@plasterwick/shop-rules/accounts';
import {
  CHECKOUT_MESSAGES,
  type BillingCountry,
  type CheckoutBillingBody,
  type CheckoutCompleteBody,
  type CheckoutDeliveryBody,
} from '@plasterwick/shop-rules/checkout';
import { TARGET_SEGMENTS } from '@plasterwick/shop-rules/constants';
import { formatPostcode, normalisePostcode } from '@plasterwick/shop-rules/postcode';
import { formatPrice } from '@plasterwick/shop-rules/price-format';
import { and, eq, gt } from 'drizzle-orm';
import type { MailConfig } from '../../config.ts';
import { carts, customers } from '../../db/schema.ts';
import { DAY_MS } from '../../lib/clock.ts';
import type { RequestContext } from '../../lib/context.ts';
import { ApiError } from '../../lib/errors.ts';
import { hashToken } from '../../lib/tokens.ts';
import { findAddress, saveCheckoutAddress, type AddressRow } from '../addresses/index.ts';
import type { CustomerRow } from '../customers/index.ts';
import type { Executor } from '../../db/types.ts';
import { findStockist } from '../store-locator/index.ts';
import { outstandingPence, tradeTermsOf } from '../trade/index.ts';
import {
  cartAnswer,
  cartNotFound,
  pricingFor,
  resolvedBilling,
  viewCart,
  withOpenCart,
  type CartDeps,
  type CartRow,
  type CartView,
} from '../cart/index.ts';
import type { PricedCart } from '../cart/index.ts';
import type { BillingView, DeliveryView } from '../cart/index.ts';
import { destinationOf } from '../cart/index.ts';
import {
  insertOrder,
  issueAccessToken,
  loadOrder,
  findOrder,
  markOrderOnAccount,
  markOrderPaid,
  orderOfCart,
  recordDiscountUse,
  takeDiscountUse,
  usedBy,
  type OrderLineRow,
  type OrderRow,
} from '../orders/index.ts';
import { FAKE_CARD_TOKENS } from '../payments/index.ts';
import type { PaymentProvider } from '../payments/index.ts';
import { abandonPayment, applyCreateResult, insertPayment, type PaymentRow } from '../payments/index.ts';

export interface CheckoutDeps extends CartDeps {
  mail: MailConfig;
  provider: PaymentProvider;
  nudgeMail(): void;
}

const fieldError = (field: string, message: string, status = 'invalid_request') =>
  new ApiError(400, status, message, { errors: [{ field, message }] });

/** The logged-in customer a saved address or the address book needs; 401 "Please log in" without one. */
function accountOf(customer: CustomerRow | null): CustomerRow {
  if (!customer) throw new ApiError(401, 'unauthorized', ACCOUNT_MESSAGES.pleaseLogIn);
  return customer;
}

/** An address as the checkout stores it: optional parts left out, never null. */
interface CheckoutAddress {
  first_name: string;
  last_name: string;
  company?: string | undefined;
  address: string;
  address_2?: string | undefined;
  town: string;
  postcode: string;
}

function checkoutAddressOf(row: AddressRow): CheckoutAddress {
  return {
    first_name: row.firstName,
    last_name: row.lastName,
    ...(row.company ? { company: row.company } : {}),
    address: row.address,
    ...(row.address2 ? { address_2: row.address2 } : {}),
    town: row.town,
    postcode: row.postcode,
  };
}

// ---- steps ------------------------------------------------------------------------------------------------

/** `PUT /checkout/delivery`: home delivery (UK address, a carrier that can take this basket there) or collection. */
export async function setDelivery(
  deps: CheckoutDeps,
  context: RequestContext,
  token: string | null,
  customer: CustomerRow | null,
  body: CheckoutDeliveryBody,
): Promise<CartView> {
  if (body.method === 'collect') {
    const stockist = await findStockist(deps.db, context.site.id, body.stockist_id).catch(() => {
      throw fieldError('body.stockist_id', CHECKOUT_MESSAGES.stockist);
    });
    return withOpenCart(deps, context, token, async (tx, cart, pricing) => {
      if (!stockist.audiences.includes(pricing.plan.target)) {
        throw fieldError(
          'body.stockist_id',
          'This stockist does not serve your kind of order: please choose another',
        );
      }
      const delivery: DeliveryView = {
        method: 'collect',
        stockist: {
          id: stockist.id,
          name: stockist.name,
          address: stockist.address,
          town: stockist.town,
          postcode: stockist.postcode,
          phone: stockist.phone,
        },
        first_name: body.first_name,
        last_name: body.last_name,
        phone: body.phone,
      };
      // Collecting leaves no address to bill "as delivered": the billing step asks for one again.
      const billing = (cart.billing as BillingView | null)?.same_as_delivery ? null : cart.billing;
      return viewCart(tx, deps, await saveSteps(tx, deps, cart, { delivery, billing }), pricing);
    });
  }
  let address: CheckoutAddress;
  if (body.address_id !== undefined) {
    const saved = await findAddress(deps.db, accountOf(customer).id, body.address_id);
    if (saved.country !== 'uk') throw fieldError('body.address_id', CHECKOUT_MESSAGES.deliveryCountry);
    address = checkoutAddressOf(saved);
  } else {
    address = body.address!;
  }
  // Only a typed address is saved (a saved one is in the book already).
  const saveFor = body.save_address && body.address_id === undefined ? accountOf(customer) : null;
  const postcode = formatPostcode(normalisePostcode(address.postcode));
  const destination = destinationOf(postcode);
  if (destination === 'not_served') {
    throw fieldError(
      'body.address.postcode',
      'We do not deliver to this postcode: please choose to collect from a stockist',
    );
  }
  return withOpenCart(deps, context, token, async (tx, cart, pricing) => {
    const offer = (await viewCart(tx, deps, cart, pricing, { destination })).priced.shippingCosts.find(
      (cost) => cost.code === body.carrier_code,
    );
    if (!offer) {
      throw fieldError(
        'body.carrier_code',
        'This delivery method is not available for your basket: please choose another',
      );
    }
    const delivery: DeliveryView = {
      method: 'delivery',
      address: { ...address, postcode, country: 'uk' },
      carrier_code: offer.code,
      carrier_label: offer.label,
      phone: body.phone,
    };
    if (saveFor) {
      await saveCheckoutAddress(
        tx,
        saveFor.id,
        'delivery',
        { ...address, postcode, country: 'uk', phone: body.phone },
        deps.clock.now(),
      );
    }
    return viewCart(tx, deps, await saveSteps(tx, deps, cart, { delivery, billing: cart.billing }), pricing);
  });
}

/** `PUT /checkout/billing`: an address in one of the 11 countries, or the delivery address. */
export async function setBilling(
  deps: CheckoutDeps,
  context: RequestContext,
  token: string | null,
  customer: CustomerRow | null,
  body: CheckoutBillingBody,
): Promise<CartView> {
  const saved =
    !body.same_as_delivery && body.address_id !== undefined
      ? await findAddress(deps.db, accountOf(customer).id, body.address_id)
      : null;
  const saveFor =
    !body.same_as_delivery && body.save_address && body.address_id === undefined ? accountOf(customer) : null;
  return withOpenCart(deps, context, token, async (tx, cart, pricing) => {
    const delivery = cart.delivery as DeliveryView | null;
    let billing: BillingView;
    if (body.same_as_delivery) {
      if (delivery?.method !== 'delivery') {
        throw fieldError('body.same_as_delivery', CHECKOUT_MESSAGES.billingAddress);
      }
      billing = { same_as_delivery: true, address: null };
    } else if (saved) {
      billing = {
        same_as_delivery: false,
        address: { ...checkoutAddressOf(saved), country: saved.country as BillingCountry },
      };
    } else {
      const address = body.address!;
      const postcode =
        address.country === 'uk' ? formatPostcode(normalisePostcode(address.postcode)) : address.postcode;
      billing = { same_as_delivery: false, address: { ...address, postcode } };
      if (saveFor) {
        await saveCheckoutAddress(tx, saveFor.id, 'billing', { ...address, postcode }, deps.clock.now());
      }
    }
    return viewCart(tx, deps, await saveSteps(tx, deps, cart, { delivery: cart.delivery, billing }), pricing);
  });
}

async function saveSteps(
  tx: Executor,
  deps: CartDeps,
  cart: CartRow,
  steps: { delivery: unknown; billing: unknown },
): Promise<CartRow> {
  const [row] = await tx
    .update(carts)
    .set({
      delivery: steps.delivery as Record<string, unknown> | null,
      billing: steps.billing as Record<string, unknown> | null,
      updatedAt: deps.clock.now(),
    })
    .where(eq(carts.id, cart.id))
    .returning();
  return row as CartRow;
}

/** `GET /checkout/carriers`: home delivery offers (to the postcode given, else the delivery address) and collection. */
export function carriersOf(
  deps: CheckoutDeps,
  context: RequestContext,
  token: string | null,
  postcode: string | undefined,
) {
  return withOpenCart(deps, context, token, async (tx, cart, pricing) => {
    const view = await viewCart(
      tx,
      deps,
      cart,
      pricing,
      postcode === undefined ? {} : { destination: destinationOf(postcode) },
    );
    return {
      carriers: [
        ...view.priced.shippingCosts.map((cost) => ({
          code: cost.code,
          method: 'delivery' as const,
          label: cost.label,
          description: cost.description,
          amount: cost.amounts.inc,
          amount_ex_vat: cost.amounts.ex,
          next_day: cost.nextDay,
          free: cost.free,
        })),
        {
          code: 'collect',
          method: 'collect' as const,
          label: 'Collect from a stockist',
          description: 'Choose one of our stockists and collect your order there: free.',
          amount: 0,
          amount_ex_vat: 0,
          next_day: false,
          free: true,
        },
      ],
    };
  });
}

/**
 * `GET /checkout/payment-methods`: card through the configured provider, and `on_account` for an approved trade
 * account (with the credit its unpaid on-account orders leave, its terms and whether a PO is required).
 */
export async function paymentMethods(db: Executor, provider: PaymentProvider, customer: CustomerRow | null) {
  const card = {
    code: 'card' as const,
    label: 'Card',
    provider: provider.name,
    test_mode: provider.testMode,
    test_card_tokens: provider.testMode
      ? Object.entries(FAKE_CARD_TOKENS).map(([token, description]) => ({ token, description }))
      : [],
  };
  const terms = customer?.tradeApproved ? await tradeTermsOf(db, customer) : null;
  const onAccount = terms
    ? [
        {
          code: 'on_account' as const,
          label: `On account (${terms.payment_terms_days} days)`,
          credit_available_pence: terms.credit_available_pence,
          po_required: terms.po_required,
          payment_terms_days: terms.payment_terms_days,
        },
      ]
    : [];
  return { methods: [card, ...onAccount], test_mode: provider.testMode };
}

// ---- completion -------------------------------------------------------------------------------------------

export interface Completion {
  /** False when the cart already had its order: the same order again. */
  created: boolean;
  order: Pick<OrderRow, 'id' | 'number' | 'status'>;
  accessToken: string;
  accessTokenExpiresAt: Date;
  next: { type: 'done' | 'redirect'; url: string };
}

/** The cart of a token for completion: a completed (paid) cart still finds its order until the token expires. */
async function cartForCompletion(db: Executor, siteId: number, token: string, now: Date, lock: boolean) {
  const query = db
    .select()
    .from(carts)
    .where(
      and(eq(carts.tokenHash, hashToken(token)), eq(carts.siteId, siteId), gt(carts.tokenExpiresAt, now)),
    );
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

export const confirmationUrl = (order: Pick<OrderRow, 'audience' | 'number'>) =>
  `/${TARGET_SEGMENTS[order.audience]}/confirmation?order=${order.number}`;

function nextOf(order: OrderRow, payment: PaymentRow | undefined): Completion['next'] {
  if (order.status === 'pending_payment' && payment?.status === 'requires_action' && payment.actionUrl) {
    return { type: 'redirect', url: payment.actionUrl };
  }
  return { type: 'done', url: confirmationUrl(order) };
}

/** An order whose card payment waits for the shopper's authorisation (3-D Secure). */
const awaitingAuthorisation = (order: OrderRow, payment: PaymentRow | undefined): payment is PaymentRow =>
  order.status === 'pending_payment' && payment?.status === 'requires_action';

/** Whether the basket still holds what the order was placed with: the same packs, quantities and total. */
function sameBasket(order: OrderRow, lines: OrderLineRow[], priced: PricedCart): boolean {
  const packs = (items: { variantReference: string; quantity: number }[]) =>
    items.map((line) => `${line.variantReference}×${line.quantity}`).sort();
  return order.totalIncPence === priced.total.inc && packs(lines).join() === packs(priced.lines).join();
}

type FirstStep =
  | {
      kind: 'existing';
      order: OrderRow;
      payment: PaymentRow | undefined;
      access: { token: string; expiresAt: Date };
    }
  | { kind: 'superseded'; payment: PaymentRow }
  | { kind: 'price_changed'; view: CartView; message: string }
  | { kind: 'discount_exhausted'; view: CartView; message: string }
  | {
      kind: 'created';
      order: OrderRow;
      payment: PaymentRow | null;
      access: { token: string; expiresAt: Date };
    };

/** `POST /checkout/complete`. */
export async function completeCheckout(
  deps: CheckoutDeps,
  context: RequestContext,
  token: string | null,
  customer: CustomerRow | null,
  body: CheckoutCompleteBody,
  /** Set on the retry after a payment was given up (see `superseded` below): there is no third try. */
  retried = false,
): Promise<Completion> {
  const onAccount = body.payment_method === 'on_account';
  if (onAccount) {
    if (!customer?.tradeApproved) {
      throw fieldError(
        'body.payment_method',
        'Paying on account needs an approved trade account: please pay by card',
        'payment_method_unavailable',
      );
    }
    if (customer.poRequired && !body.po_number)
      throw fieldError('body.po_number', CHECKOUT_MESSAGES.poNumber);
  } else if (!body.card_token) {
    throw fieldError('body.card_token', CHECKOUT_MESSAGES.cardToken);
  }
  if (!token) throw cartNotFound();
  const siteId = context.site.id;
  const found = await cartForCompletion(deps.db, siteId, token, deps.clock.now(), false);
  if (!found) throw cartNotFound();
  const plan = context.plan ?? context.plans.find((p) => p.id === found.planId);
  if (!plan) throw cartNotFound();
  const pricing = await pricingFor(deps, plan);

  const first = await deps.db.transaction(async (tx): Promise<FirstStep> => {
    const now = deps.clock.now();
    const cart = await cartForCompletion(tx, siteId, token, now, true);
    if (!cart) throw cartNotFound();
    const existing = await orderOfCart(tx, cart.id);
    if (existing) {
      const { lines, payment } = await loadOrder(tx, existing);
      // The shopper left the bank's authorisation and changed the basket: that payment is given up (after this
      // transaction, as it asks the provider) and the basket as it is now is ordered instead.
      if (
        awaitingAuthorisation(existing, payment) &&
        !sameBasket(existing, lines, (await viewCart(tx, deps, cart, pricing)).priced)
      ) {
        return { kind: 'superseded', payment };
      }
      return {
        kind: 'existing',
        order: existing,
        payment,
        access: await issueAccessToken(tx, existing.id, now),
      };
    }
    if (cart.completedAt) throw cartNotFound();

    const view = await viewCart(tx, deps, cart, pricing);
    const { priced } = view;
    if (priced.lines.length === 0) throw new ApiError(400, 'cart_empty', 'Your basket is empty');
    const delivery = view.cart.delivery as DeliveryView | null;
    if (!delivery || priced.shipping === null) {
      throw fieldError('delivery', CHECKOUT_MESSAGES.deliveryMethod, 'checkout_incomplete');
    }
    // Without a billing step, a home delivery is billed to its delivery address.
    const billing = resolvedBilling(
      delivery,
      (view.cart.billing as BillingView | null) ?? { same_as_delivery: true, address: null },
    );
    if (!billing?.address)
      throw fieldError('billing', CHECKOUT_MESSAGES.billingAddress, 'checkout_incomplete');

    // The code ran out since the shopper applied it (another basket took its last use): say so, not just "price".
    if (view.removedDiscount?.status === 'discount_exhausted') {
      return {
        kind: 'discount_exhausted',
        view,
        message: 'This code has just been used up: it was taken off your basket',
      };
    }
    if (priced.total.inc !== body.expected_total) {
      return {
        kind: 'price_changed',
        view,
        message: 'The total of your basket has changed: please check it before paying',
      };
    }

    // On account: the customer row's lock makes the credit check and the order one step, so two baskets of the
    // same account completed at once cannot both fit under the limit that only one fits under.
    let paymentDueAt: Date | null = null;
    if (onAccount) {
      const [account] = await tx.select().from(customers).where(eq(customers.id, customer!.id)).for('update');
      if (!account?.tradeApproved) {
        throw fieldError(
          'body.payment_method',
          'Paying on account needs an approved trade account: please pay by card',
          'payment_method_unavailable',
        );
      }
      const owed = await outstandingPence(tx, account.id);
      if (owed + priced.total.inc > account.creditLimitPence) {
        throw new ApiError(
          402,
          'credit_limit_exceeded',
          `This order is over the credit left on your account (${formatPrice(Math.max(0, account.creditLimitPence - owed))}): ` +
            'please pay by card, or contact us to raise your limit',
        );
      }
      paymentDueAt = new Date(now.getTime() + account.paymentTermsDays * DAY_MS);
    }

    // The code's use is taken first, by a conditional update: with none left, no order is written.
    const discount = priced.applied ? view.discount : null;
    if (discount) {
      const usedBefore = discount.oncePerCustomer && (await usedBy(tx, discount.id, body.email));
      if (usedBefore || !(await takeDiscountUse(tx, discount.id))) {
        const [row] = await tx
          .update(carts)
          .set({ discountId: null, updatedAt: now })
          .where(eq(carts.id, cart.id))
          .returning();
        return {
          kind: 'discount_exhausted',
          view: await viewCart(tx, deps, row as CartRow, pricing),
          message: usedBefore
            ? 'You have already used this code: it was taken off your basket'
            : 'This code has just been used up: it was taken off your basket',
        };
      }
    }
    const order = await insertOrder(tx, {
      siteId,
      cartId: cart.id,
      customerId: customer?.id ?? null,
      email: body.email,
      phone: delivery.phone,
      poNumber: body.po_number ?? null,
      paymentMethod: onAccount ? 'on_account' : 'card',
      paymentDueAt,
      delivery,
      billing,
      priced,
      discountId: discount?.id ?? null,
      now,
    });
    // The cart row is locked and had no order: an insert that conflicts is a bug, never a race.
    if (!order) throw new Error('the locked cart gained an order');
    if (discount)
      await recordDiscountUse(tx, { discountId: discount.id, orderId: order.id, email: body.email, now });
    const access = await issueAccessToken(tx, order.id, now);
    if (onAccount) {
      const placed = await markOrderOnAccount(tx, deps.mail, order.id, now);
      return { kind: 'created', order: placed ?? order, payment: null, access };
    }
    if (priced.total.inc === 0) {
      await markOrderPaid(tx, deps.mail, order.id, now);
      return { kind: 'created', order: { ...order, status: 'paid' }, payment: null, access };
    }
    const payment = await insertPayment(tx, {
      orderId: order.id,
      provider: deps.provider.name,
      amountPence: priced.total.inc,
      currency: priced.plan.currencyCode,
      now,
    });
    return { kind: 'created', order, payment, access };
  });

  if (first.kind === 'superseded') {
    if (retried) {
      throw new ApiError(
        409,
        'payment_pending',
        'A payment for this basket is still being confirmed: please wait a moment and try again',
      );
    }
    await abandonPayment(deps, first.payment);
    return completeCheckout(deps, context, token, customer, body, true);
  }
  if (first.kind === 'price_changed' || first.kind === 'discount_exhausted') {
    throw new ApiError(409, first.kind, first.message, { extra: { cart: cartAnswer(first.view) } });
  }
  if (first.kind === 'existing') {
    return {
      created: false,
      order: first.order,
      accessToken: first.access.token,
      accessTokenExpiresAt: first.access.expiresAt,
      next: nextOf(first.order, first.payment),
    };
  }
  if (first.payment === null) {
    deps.nudgeMail();
    return {
      created: true,
      order: first.order,
      accessToken: first.access.token,
      accessTokenExpiresAt: first.access.expiresAt,
      next: { type: 'done', url: confirmationUrl(first.order) },
    };
  }

  const result = await deps.provider
    .createPayment({
      paymentId: first.payment.id,
      amountPence: first.payment.amountPence,
      currency: first.payment.currency,
      // Checked above: a card payment has its token.
      cardToken: body.card_token!,
      description: `Plasterwick order ${first.order.number}`,
    })
    .catch((error: unknown) => ({
      status: 'error' as const,
      message: error instanceof Error ? error.message : 'provider failure',
    }));
  const payment = await applyCreateResult(deps, first.payment, result);
  if (result.status === 'declined') {
    throw new ApiError(
      402,
      'payment_declined',
      'Your card was declined: your basket is kept, please try another card',
      {
        errors: [{ field: 'body.card_token', message: 'Your card was declined' }],
      },
    );
  }
  if (result.status === 'error') {
    throw new ApiError(
      502,
      'payment_error',
      'The payment service did not answer: nothing was charged, please try again',
    );
  }
  const order = (await findOrder(deps.db, first.order.id)) ?? first.order;
  return {
    created: true,
    order,
    accessToken: first.access.token,
    accessTokenExpiresAt: first.access.expiresAt,
    next: nextOf(order, payment),
  };
}
