/**
 * Complete a checkout (`POST /checkout/complete`, api-contract.md "Checkout and orders"). In one transaction
 * holding the cart row's lock:
 *
 * 1. lock the cart; an order it already has answers again, unless its card attempt is open: one being made answers
 *    409 `payment_pending` (one card attempt per basket at a time); one left open too long (its answer lost, its
 *    process gone), or waiting for 3-D Secure while the basket changed, is settled first (flows/payment-outcome.ts
 *    `settleAttempt`) and the basket as it is now is ordered, unless that payment turned out to be paid;
 * 2. price it with the one pricing function, its packs' prices and availability read again from the database
 *    (the cached catalogue may be a moment behind a change made through another back-office): a total other than
 *    the one the shopper saw, or a code used up since, is a 409 with the fresh basket and no order;
 * 3. on account: the account's credit, under the account row's lock;
 * 4. take the code's use by a conditional update (none left: no order);
 * 5. insert the order under `UNIQUE (cart_id)` and its guest access token;
 * 6. settle it at once (on account, or nothing to pay), or insert its pending card payment (one open per basket:
 *    a partial unique index).
 *
 * Then, outside the transaction, call the provider under the payment's idempotency key and record its answer
 * (flows/payment-outcome.ts). A declined or failed payment fails the order, which gives the code's use back and
 * lets go of the basket: the compensation of step 4, so the shopper can pay again. No answer at all leaves the
 * payment open (202, `next: pending`): asked again under the same key, the provider says what happened.
 */
import type { CheckoutCompleteBody } from '@plasterwick/shop-rules/checkout';
import type { Executor } from '../db/types.ts';
import type { RequestContext } from '../lib/context.ts';
import type { DomainError } from '../lib/errors.ts';
import {
  cartForCompletion,
  cartNotFound,
  planOfCall,
  pricingFor,
  pricingReadAgain,
  setDiscount,
  viewCart,
  type CartRow,
  type CartView,
  type Pricing,
} from '../modules/cart/index.ts';
import {
  basketChanged,
  cardDeclined,
  checkPaymentChoice,
  CODE_USED_BEFORE,
  CODE_USED_UP,
  nextOf,
  orderDetailsOf,
  paymentStillPending,
  providerFailed,
  sameBasket,
  TOTAL_CHANGED,
  type Completion,
  type OrderAccess,
} from '../modules/checkout/index.ts';
import type { CustomerRow } from '../modules/customers/index.ts';
import { recordDiscountUse, takeDiscountUse, useHolderOf, usedBefore } from '../modules/discounts/index.ts';
import {
  findOrder,
  insertOrder,
  issueAccessToken,
  loadOrder,
  orderOfCart,
  type OrderRow,
} from '../modules/orders/index.ts';
import {
  attemptState,
  claimStaleAttempt,
  insertPayment,
  type CreatePaymentResult,
  type PaymentRow,
} from '../modules/payments/index.ts';
import { creditForOrder } from '../modules/trade/index.ts';
import type { CartDeps } from '../modules/cart/index.ts';
import {
  orderPaid,
  orderPlacedOnAccount,
  recordProviderAnswer,
  settleAttempt,
  type PaymentOutcomeDeps,
} from './payment-outcome.ts';

export type CheckoutDeps = CartDeps &
  PaymentOutcomeDeps & {
    /** `PAYMENT_RECONCILE_AFTER_SECONDS`: how long a card attempt counts as being made. */
    reconcileAfterSeconds: number;
  };

type Access = OrderAccess;

/** What the transaction decided. */
type Placed =
  | { kind: 'existing'; order: OrderRow; payment: PaymentRow | undefined; access: Access }
  /** Another card attempt on the basket is being made: this one waits for it (409). */
  | { kind: 'busy'; order: OrderRow; access: Access | null }
  /** The order's open card attempt is to be settled (`stale`: left open too long), then the basket ordered. */
  | { kind: 'settle'; order: OrderRow; payment: PaymentRow; stale: boolean }
  /** No order: the basket changed under the shopper. What the transaction wrote (the basket brought up to date,
   * a used-up code taken off) is committed, then the refusal answers with the fresh basket. */
  | { kind: 'refused'; error: DomainError }
  | { kind: 'created'; order: OrderRow; payment: PaymentRow | null; access: Access };

interface Attempt {
  deps: CheckoutDeps;
  siteId: number;
  token: string;
  customer: CustomerRow | null;
  body: CheckoutCompleteBody;
  pricing: Pricing;
  now: Date;
}

// ---- step 1: the order the cart already has ------------------------------------------------------------------

async function existingOrder(tx: Executor, attempt: Attempt, cart: CartRow): Promise<Placed | null> {
  const found = await orderOfCart(tx, cart.id);
  if (!found) return null;
  const { lines, payment } = await loadOrder(tx, found);
  // Read again after its payment (each statement sees what was committed when it began): an outcome recorded
  // between the two reads shows here, so a failed payment is never taken for one still being made.
  const existing = await orderOfCart(tx, cart.id);
  // Its payment failed meanwhile and the order let go of the basket: it is free to be paid again.
  if (!existing) return null;
  const state =
    payment && existing.status === 'pending_payment'
      ? attemptState(payment, attempt.now, attempt.deps.reconcileAfterSeconds)
      : 'settled';
  if (state === 'in_flight') {
    return { kind: 'busy', order: existing, access: await issueAccessToken(tx, existing, attempt.now) };
  }
  if (state === 'stale') return { kind: 'settle', order: existing, payment: payment!, stale: true };
  if (
    state === 'awaiting_shopper' &&
    !sameBasket(existing, lines, (await viewCart(tx, attempt.deps, cart, attempt.pricing)).priced)
  ) {
    return { kind: 'settle', order: existing, payment: payment!, stale: false };
  }
  // The order as it stands; its guests' access ends 2 hours after it was placed, and with it this answer.
  const access = await issueAccessToken(tx, existing, attempt.now);
  if (!access) throw cartNotFound();
  return { kind: 'existing', order: existing, payment, access };
}

// ---- step 2: the basket as the shopper saw it --------------------------------------------------------------

/** Why the basket is no longer the one the shopper agreed to pay for, if it is not. */
function changedSinceSeen(view: CartView, expectedTotal: number): DomainError | null {
  if (view.removedDiscount?.status === 'discount_exhausted') {
    return basketChanged('discount_exhausted', CODE_USED_UP, view);
  }
  if (view.priced.total.inc !== expectedTotal) return basketChanged('price_changed', TOTAL_CHANGED, view);
  return null;
}

// ---- step 4: the code's use --------------------------------------------------------------------------------

/**
 * Takes a use of the basket's code. With none left (or one already used by this customer), the code comes off
 * the basket and the shopper gets the fresh basket: no order.
 */
async function takeCodeUse(
  tx: Executor,
  attempt: Attempt,
  view: CartView,
): Promise<{ discountId: number | null; customerKey: string | null } | { refused: DomainError }> {
  const discount = view.priced.applied ? view.discount : null;
  if (!discount) return { discountId: null, customerKey: null };
  // Once per customer: the account when logged in (whatever e-mail is typed), else the typed e-mail.
  const holder = discount.oncePerCustomer ? useHolderOf(attempt.customer, attempt.body.email) : null;
  const used = holder !== null && (await usedBefore(tx, discount.id, holder));
  if (!used && (await takeDiscountUse(tx, discount.id))) {
    return { discountId: discount.id, customerKey: holder?.key ?? null };
  }
  const row = await setDiscount(tx, view.cart.id, null, attempt.now);
  const fresh = await viewCart(tx, attempt.deps, row, attempt.pricing);
  return {
    refused: basketChanged('discount_exhausted', used ? CODE_USED_BEFORE : CODE_USED_UP, fresh),
  };
}

// ---- steps 3, 5 and 6: the order ----------------------------------------------------------------------------

async function placeOrder(tx: Executor, attempt: Attempt, cart: CartRow): Promise<Placed> {
  const { deps, body, customer, now } = attempt;
  const view = await viewCart(tx, deps, cart, attempt.pricing);
  // First: a basket emptied by the view (its packs no longer sold) is a changed basket, its notice kept.
  const changed = changedSinceSeen(view, body.expected_total);
  if (changed) return { kind: 'refused', error: changed };
  const { delivery, billing } = orderDetailsOf(view);
  const onAccount = body.payment_method === 'on_account';
  const { paymentDueAt } = onAccount
    ? await creditForOrder(tx, customer!.id, view.priced.total.inc, now)
    : { paymentDueAt: null };
  const code = await takeCodeUse(tx, attempt, view);
  if ('refused' in code) return { kind: 'refused', error: code.refused };
  const { discountId, customerKey } = code;
  const order = await insertOrder(tx, {
    siteId: attempt.siteId,
    cartId: cart.id,
    customerId: customer?.id ?? null,
    email: body.email,
    phone: delivery.phone,
    poNumber: body.po_number ?? null,
    paymentMethod: onAccount ? 'on_account' : 'card',
    paymentDueAt,
    delivery,
    billing,
    priced: view.priced,
    discountId,
    now,
  });
  // The cart row is locked and had no order: an insert that conflicts is a bug, never a race.
  if (!order) throw new Error('the locked cart gained an order');
  if (discountId !== null)
    await recordDiscountUse(tx, { discountId, orderId: order.id, email: body.email, customerKey, now });
  // Placed now: its access is valid 2 hours from now.
  const access = (await issueAccessToken(tx, order, now))!;
  if (onAccount) {
    const placed = await orderPlacedOnAccount(tx, deps.mail, order.id, now);
    return { kind: 'created', order: placed ?? order, payment: null, access };
  }
  if (view.priced.total.inc === 0) {
    await orderPaid(tx, deps.mail, order.id, now);
    return { kind: 'created', order: { ...order, status: 'paid' }, payment: null, access };
  }
  const payment = await insertPayment(tx, {
    orderId: order.id,
    cartId: cart.id,
    provider: deps.provider.name,
    amountPence: view.priced.total.inc,
    currency: view.priced.plan.currencyCode,
    now,
  });
  // The database's guard: the basket has a card attempt open (never reached past the cart's lock, unless the code
  // above is wrong); the transaction is rolled back, the order and the code's use with it.
  if (!payment) throw paymentStillPending();
  return { kind: 'created', order, payment, access };
}

async function lockAndPlace(attempt: Attempt): Promise<Placed> {
  return attempt.deps.db.transaction(async (tx) => {
    const cart = await cartForCompletion(tx, attempt.siteId, attempt.token, attempt.now, true);
    if (!cart) throw cartNotFound();
    const existing = await existingOrder(tx, attempt, cart);
    if (existing) return existing;
    if (cart.completedAt) throw cartNotFound();
    return placeOrder(tx, { ...attempt, pricing: await pricingReadAgain(tx, attempt.pricing, cart) }, cart);
  });
}

// ---- after the transaction: the card --------------------------------------------------------------------------

async function chargeCard(attempt: Attempt, order: OrderRow, payment: PaymentRow, access: Access) {
  const { deps, body } = attempt;
  let result: CreatePaymentResult;
  try {
    result = await deps.provider.createPayment({
      idempotencyKey: payment.id,
      paymentId: payment.id,
      amountPence: payment.amountPence,
      currency: payment.currency,
      // Checked by checkPaymentChoice: a card payment has its token.
      cardToken: body.card_token!,
      description: `Plasterwick order ${order.number}`,
    });
  } catch (error) {
    // No answer: the provider may have taken the payment or not. It stays open, and asked again under its key
    // (by the basket's next attempt or the reconciliation job, once it is old enough) the provider says which.
    deps.log.warn({ err: error, payment: payment.id }, 'no answer from the payment provider: settled later');
    return completion(true, order, access, { type: 'pending' });
  }
  const recorded = await recordProviderAnswer(deps, payment, result);
  if (result.status === 'declined') throw cardDeclined();
  if (result.status === 'error') throw providerFailed();
  const current = (await findOrder(deps.db, order.id)) ?? order;
  return completion(true, current, access, nextOf(current, recorded));
}

const completion = (
  created: boolean,
  order: OrderRow,
  access: Access,
  next: Completion['next'],
): Completion => ({
  created,
  order,
  accessToken: access.token,
  accessTokenExpiresAt: access.expiresAt,
  next,
});

const staleBefore = (deps: CheckoutDeps, now: Date) =>
  new Date(now.getTime() - deps.reconcileAfterSeconds * 1000);

/**
 * Settles the basket's open card attempt (flows/payment-outcome.ts), claiming it first when it was left open too
 * long (the job, or another request, may be settling it: then this one waits, 409). Paid: that order is the
 * answer. Given up: null, and the basket is ordered again. The provider still working on it: 202 with the order.
 */
async function settleOpenAttempt(
  deps: CheckoutDeps,
  placed: Extract<Placed, { kind: 'settle' }>,
): Promise<Completion | null> {
  const now = deps.clock.now();
  const payment = placed.stale
    ? await claimStaleAttempt(deps.db, placed.payment.id, now, staleBefore(deps, now))
    : placed.payment;
  if (!payment) throw paymentStillPending();
  if ((await settleAttempt(deps, payment)) !== 'pending') return null;
  const access = await issueAccessToken(deps.db, placed.order, now);
  if (!access) throw paymentStillPending();
  return completion(false, placed.order, access, { type: 'pending' });
}

/** `POST /checkout/complete`. */
export async function completeCheckout(
  deps: CheckoutDeps,
  context: RequestContext,
  token: string | null,
  customer: CustomerRow | null,
  body: CheckoutCompleteBody,
  /** Set on the retry after an open attempt was settled (see `settle`): there is no third try. */
  retried = false,
): Promise<Completion> {
  checkPaymentChoice(customer, body);
  if (!token) throw cartNotFound();
  const siteId = context.site.id;
  const found = await cartForCompletion(deps.db, siteId, token, deps.clock.now(), false);
  if (!found) throw cartNotFound();
  const pricing = await pricingFor(deps, planOfCall(context, found));
  const attempt: Attempt = { deps, siteId, token, customer, body, pricing, now: deps.clock.now() };

  const placed = await lockAndPlace(attempt);
  switch (placed.kind) {
    case 'refused':
      throw placed.error;
    case 'busy':
      throw paymentStillPending(placed.order, placed.access ?? undefined);
    case 'settle': {
      if (retried) throw paymentStillPending();
      const pending = await settleOpenAttempt(deps, placed);
      return pending ?? completeCheckout(deps, context, token, customer, body, true);
    }
    case 'existing':
      return completion(false, placed.order, placed.access, nextOf(placed.order, placed.payment));
    case 'created':
      if (placed.payment !== null) return chargeCard(attempt, placed.order, placed.payment, placed.access);
      deps.nudgeMail();
      return completion(true, placed.order, placed.access, nextOf(placed.order, null));
  }
}
