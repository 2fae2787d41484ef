/**
 * Payment outcome: the one place an order becomes paid, placed on account, failed or cancelled, whoever says so
 * (the provider's answer at completion, the shopper's return from 3-D Secure through the webhook, a later
 * webhook, a payment given up or settled by the reconciliation job, staff recording an on-account invoice as paid).
 * Each outcome is a conditional move, so it happens once however many callers race:
 *
 * - paid or placed on account: the order moves, its basket is closed (its token no longer opens it), and the
 *   confirmation e-mail and the staff's notice of a new order are queued, in one transaction;
 * - failed or cancelled: the order moves, lets go of its basket (kept as it was, to pay again) and gives back the
 *   code's use, in one transaction;
 * - cancelled by staff after it was paid or placed on account (`orderCancelled`): the order and its fulfilment
 *   move to `cancelled` and the code's use comes back; its payment does not move back: what it took is refunded
 *   (flows/cancel-order.ts), and an on-account order is no longer owed, which gives the account's credit back;
 * - a refund succeeded (`refundSettled`, at once or by the provider's webhook): the customer's e-mail with the
 *   amount, the reason and the credit note is queued in the transaction that records it.
 *
 * The mail worker is nudged once the transaction has committed.
 */
import type { MailConfig } from '../config.ts';
import type { Database, Executor } from '../db/types.ts';
import type { Clock } from '../lib/clock.ts';
import { closeCart } from '../modules/cart/index.ts';
import { releaseDiscountUse } from '../modules/discounts/index.ts';
import { enqueueMail } from '../modules/mail/index.ts';
import {
  confirmationOf,
  customerErased,
  findOrder,
  markInvoicePaid,
  markOrderOnAccount,
  markOrderPaid,
  markOrderUnpaid,
  staffNoticeOf,
  moveFulfilment,
  refundedMailOf,
  type OrderRow,
} from '../modules/orders/index.ts';
import {
  findPayment,
  findRefund,
  lockPayment,
  lookupOf,
  movePayment,
  recordEvent,
  refundOfEvent,
  setEventOutcome,
  settleRefund,
  type CreatePaymentResult,
  type PaymentEvent,
  type PaymentProvider,
  type PaymentRow,
  type PaymentStatus,
  type ProviderPaymentStatus,
} from '../modules/payments/index.ts';
import { withoutDocuments, type OrderDocuments } from './order-documents.ts';

/** Where a flow says what went wrong without failing (Fastify's and the jobs' loggers have it). */
export interface OutcomeLog {
  warn(details: object, message: string): void;
}

export interface PaymentOutcomeDeps {
  db: Database;
  clock: Clock;
  mail: MailConfig;
  provider: PaymentProvider;
  /** Called after a commit that queued mail. */
  nudgeMail(): void;
  log: OutcomeLog;
  /** The credit note a refund's e-mail attaches (none when left out). */
  documents?: OrderDocuments;
}

// ---- the order's side -----------------------------------------------------------------------------------------

/**
 * The order is settled (paid or on account): its basket is done with, the confirmation is queued, and staff are
 * told of the new order.
 */
async function confirmOrder(tx: Executor, mail: MailConfig, order: OrderRow, now: Date): Promise<void> {
  if (order.cartId !== null) await closeCart(tx, order.cartId, now);
  await enqueueMail(tx, await confirmationOf(tx, order, mail));
  await enqueueMail(tx, await staffNoticeOf(tx, order, mail));
}

/** `pending_payment` → `paid`, with its consequences; false when the order was not waiting for payment. */
export async function orderPaid(
  tx: Executor,
  mail: MailConfig,
  orderId: number,
  now: Date,
): Promise<boolean> {
  const order = await markOrderPaid(tx, orderId, now);
  if (order) await confirmOrder(tx, mail, order, now);
  return order !== undefined;
}

/** `pending_payment` → `on_account` (a trade account's order, invoiced on its terms), with its consequences. */
export async function orderPlacedOnAccount(
  tx: Executor,
  mail: MailConfig,
  orderId: number,
  now: Date,
): Promise<OrderRow | undefined> {
  const order = await markOrderOnAccount(tx, orderId, now);
  if (order) await confirmOrder(tx, mail, order, now);
  return order;
}

/** `pending_payment` → `payment_failed` or `cancelled`: the basket is let go and the code's use given back. */
async function orderUnpaid(
  tx: Executor,
  orderId: number,
  now: Date,
  status: 'payment_failed' | 'cancelled',
): Promise<void> {
  if (await markOrderUnpaid(tx, orderId, now, status)) await releaseDiscountUse(tx, orderId);
}

/**
 * `POST /orders/{number}/invoice-paid`: staff record that an on-account invoice was settled (`on_account` →
 * `paid`, once); the order's amount is then no longer owed and the account's credit comes back. Nothing else
 * follows: the basket was closed and the confirmation sent when the order was placed.
 */
export async function invoicePaid(
  db: Database,
  invoice: { siteId: number; number: string; now: Date },
): Promise<{ number: string; status: 'paid'; paid_at: string }> {
  const paid = await markInvoicePaid(db, invoice);
  return { number: paid.number, status: 'paid', paid_at: (paid.paidAt ?? invoice.now).toISOString() };
}

/**
 * Staff cancel an order paid or placed on account, before it is dispatched or collected: the order and its
 * fulfilment become `cancelled` (a conditional move, fulfilment.ts's 409s otherwise) and the code's use comes back.
 * `moved: false` when it already was cancelled.
 */
export async function orderCancelled(
  tx: Executor,
  order: OrderRow,
  cancellation: { reason: string; now: Date },
): Promise<{ order: OrderRow; moved: boolean }> {
  const { now, reason } = cancellation;
  const result = await moveFulfilment(
    tx,
    order,
    'cancelled',
    { status: 'cancelled', cancelledAt: now, cancelReason: reason },
    now,
  );
  if (result.moved) await releaseDiscountUse(tx, order.id);
  return result;
}

/**
 * Records a refund's outcome once (payments `settleRefund`); a success queues the customer's `order.refunded`
 * e-mail with its credit note, in the same transaction. False when the refund had its outcome already.
 */
export async function refundSettled(
  tx: Executor,
  deps: { mail: MailConfig; documents?: OrderDocuments | undefined },
  refundId: number,
  outcome: Parameters<typeof settleRefund>[2],
  now: Date,
): Promise<boolean> {
  if (!(await settleRefund(tx, refundId, outcome, now))) return false;
  if (outcome.status !== 'succeeded') return true;
  const refund = (await findRefund(tx, refundId))!;
  const payment = (await findPayment(tx, refund.paymentId))!;
  const order = (await findOrder(tx, payment.orderId))!;
  if (customerErased(order)) return true;
  const creditNote = await (deps.documents ?? withoutDocuments).creditNote(tx, refund.id);
  await enqueueMail(tx, refundedMailOf(order, refund, deps.mail, creditNote ? [creditNote] : []));
  return true;
}

// ---- the payment's side ---------------------------------------------------------------------------------------

/**
 * Moves a payment forward and its order with it, in the caller's transaction. A payment the shop gave up on
 * (`givenUp`) cancels its order whatever the provider says went wrong. Returns whether the payment moved (false: it
 * was already further on, and nothing changed).
 */
async function recordPaymentMove(
  tx: Executor,
  mail: MailConfig,
  move: { paymentId: string; to: PaymentStatus; now: Date; givenUp?: boolean },
  fields: Parameters<typeof movePayment>[4] = {},
): Promise<boolean> {
  const { paymentId, to, now } = move;
  const moved = await movePayment(tx, paymentId, to, now, fields);
  if (!moved) return false;
  if (to === 'succeeded') await orderPaid(tx, mail, moved.orderId, now);
  if (to === 'failed') {
    await orderUnpaid(tx, moved.orderId, now, move.givenUp ? 'cancelled' : 'payment_failed');
  }
  if (to === 'cancelled') await orderUnpaid(tx, moved.orderId, now, 'cancelled');
  return true;
}

/** The payment move a provider's answer at creation means, with the fields it brings. */
function moveOfAnswer(result: CreatePaymentResult): {
  to: PaymentStatus;
  fields: Parameters<typeof movePayment>[4];
} {
  switch (result.status) {
    case 'succeeded':
      return { to: 'succeeded', fields: { providerRef: result.providerRef } };
    case 'requires_action':
      return {
        to: 'requires_action',
        fields: { providerRef: result.providerRef, actionUrl: result.actionUrl },
      };
    case 'declined':
      return { to: 'failed', fields: { providerRef: result.providerRef, failureCode: result.code } };
    case 'error':
      return { to: 'failed', fields: { failureCode: 'provider_error' } };
  }
}

/** Records what the provider answered when the payment was created; returns the payment as it now is. */
export async function recordProviderAnswer(
  deps: PaymentOutcomeDeps,
  payment: PaymentRow,
  result: CreatePaymentResult,
): Promise<PaymentRow> {
  const { to, fields } = moveOfAnswer(result);
  await deps.db.transaction((tx) =>
    recordPaymentMove(tx, deps.mail, { paymentId: payment.id, to, now: deps.clock.now() }, fields),
  );
  if (to === 'succeeded') deps.nudgeMail();
  return (await findPayment(deps.db, payment.id))!;
}

/** The status to record for where the provider says a given-up payment stands; null while it is still working. */
function settledStatus(status: ProviderPaymentStatus): PaymentStatus | null {
  switch (status) {
    case 'succeeded':
    case 'refunded':
      return 'succeeded';
    case 'failed':
      return 'failed';
    case 'cancelled':
    case 'unknown':
      return 'cancelled';
    case 'pending':
    case 'requires_action':
      return null;
  }
}

/**
 * Settles a card attempt the shop stops waiting for: one left open too long (its answer lost, its process gone,
 * its 3-D Secure never finished) or one whose basket changed. The provider is asked where it stands, by reference
 * or, when none was recorded, by the idempotency key; whatever still waits there (for the shopper, or never
 * arrived) is cancelled first, so nothing can be taken under it later. Succeeded: the order is paid (the one the
 * shopper approved stands). Failed, cancelled or never received: the order is cancelled, its basket let go and the
 * code's use given back. Returns the payment's status as it then is; `pending` while the provider is still working
 * on it or cannot be asked (the next attempt, or the job's next run, tries again).
 */
export async function settleAttempt(
  deps: PaymentOutcomeDeps,
  payment: Pick<PaymentRow, 'id' | 'providerRef'>,
): Promise<PaymentStatus> {
  const lookup = lookupOf(payment);
  let answer: Awaited<ReturnType<PaymentProvider['paymentStatus']>>;
  try {
    answer = await deps.provider.paymentStatus(lookup);
    if (answer.status === 'requires_action' || answer.status === 'unknown') {
      await deps.provider.cancelPayment(lookup);
      answer = await deps.provider.paymentStatus(lookup);
    }
  } catch (error) {
    deps.log.warn(
      { err: error, payment: payment.id },
      'the payment provider could not be asked; retried later',
    );
    return 'pending';
  }
  const to = settledStatus(answer.status);
  if (to === null) return 'pending';
  const fields = !payment.providerRef && answer.providerRef ? { providerRef: answer.providerRef } : {};
  const moved = await deps.db.transaction((tx) =>
    recordPaymentMove(
      tx,
      deps.mail,
      { paymentId: payment.id, to, now: deps.clock.now(), givenUp: true },
      fields,
    ),
  );
  if (moved && to === 'succeeded') deps.nudgeMail();
  return (await findPayment(deps.db, payment.id))?.status ?? to;
}

const EVENT_STATUS: Record<Exclude<PaymentEvent['type'], `refund.${string}`>, PaymentStatus> = {
  'payment.succeeded': 'succeeded',
  'payment.failed': 'failed',
  'payment.cancelled': 'cancelled',
  'payment.requires_action': 'requires_action',
};

export type EventOutcome = 'applied' | 'ignored' | 'duplicate' | 'unknown_payment';

/** A refund's outcome from the provider's event: applied to the refund it names, once. */
async function applyRefundEvent(
  tx: Executor,
  deps: PaymentOutcomeDeps,
  payment: PaymentRow,
  event: Extract<PaymentEvent, { refundId: string }>,
  now: Date,
): Promise<boolean> {
  const refund = await refundOfEvent(tx, payment.id, event.refundId);
  if (!refund) return false;
  const outcome =
    event.type === 'refund.succeeded'
      ? { status: 'succeeded' as const, providerRefundId: event.refundId }
      : { status: 'failed' as const, code: 'refund_failed' };
  return refundSettled(tx, deps, refund.id, outcome, now);
}

/**
 * Applies a webhook's event once: it is recorded with its outcome in the transaction that applies it, so the same
 * event arriving again (or concurrently) changes nothing; an event that would move the payment backwards (a late
 * `requires_action` after `succeeded`, a `failed` after `succeeded`), or a refund's that already has its outcome,
 * is recorded as ignored.
 */
export async function applyWebhookEvent(
  deps: PaymentOutcomeDeps,
  event: PaymentEvent,
): Promise<EventOutcome> {
  const now = deps.clock.now();
  const provider = deps.provider.name;
  const outcome = await deps.db.transaction(async (tx): Promise<EventOutcome> => {
    const payment = await lockPayment(tx, provider, event.paymentId);
    if (!payment) return 'unknown_payment';
    if (!(await recordEvent(tx, provider, event, payment.id, now))) return 'duplicate';
    const moved =
      'refundId' in event
        ? await applyRefundEvent(tx, deps, payment, event, now)
        : await recordPaymentMove(tx, deps.mail, {
            paymentId: payment.id,
            to: EVENT_STATUS[event.type],
            now,
          });
    const result = moved ? 'applied' : 'ignored';
    await setEventOutcome(tx, provider, event.id, result);
    return result;
  });
  if (outcome === 'applied' && (event.type === 'payment.succeeded' || event.type === 'refund.succeeded')) {
    deps.nudgeMail();
  }
  return outcome;
}
