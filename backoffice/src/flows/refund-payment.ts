/**
 * Refund an order's payment through its provider, in full or in part (the orders console's call; today
 * `POST /order/{id}/refunds` with the API key). Steps:
 *
 * 1. the order of the site and the payment that took its money (404 for an unknown order; 409
 *    `payment_not_refundable` when nothing was taken);
 * 2. start the refund (payments `startRefund`): its row under the caller's idempotency key and its amount reserved
 *    on the payment, in one transaction; the same key again is the same refund, and more than is left to refund
 *    is a 409 `refund_exceeds_captured` (the database's CHECK stands behind it, however many ask at once);
 * 3. unless it already has its outcome, ask the provider under the same key (outside the transaction: the
 *    provider refunds once per key, so asking again after a lost answer is safe);
 * 4. record its answer: succeeded, the payment is `partially_refunded` or `refunded`; failed, the amount may be
 *    refunded again; pending, the provider's `refund.succeeded` / `refund.failed` webhook tells later. No answer
 *    at all leaves it pending: the same call again asks again.
 *
 * The order's own status does not move: it stays paid, with its payment showing what was given back.
 */
import type { Database } from '../db/types.ts';
import type { Clock } from '../lib/clock.ts';
import { DomainError, notFound } from '../lib/errors.ts';
import { findOrder } from '../modules/orders/index.ts';
import {
  capturedPaymentOf,
  findPayment,
  recordRefundAnswer,
  startRefund,
  type PaymentProvider,
  type PaymentRow,
  type RefundResult,
  type RefundRow,
} from '../modules/payments/index.ts';
import type { OutcomeLog } from './payment-outcome.ts';

export interface RefundDeps {
  db: Database;
  clock: Clock;
  provider: PaymentProvider;
  log: OutcomeLog;
}

export interface RefundRequest {
  siteId: number;
  orderId: number;
  amountPence: number;
  /** Chosen by the caller for this refund: asking again with it (a retry, a double click) refunds nothing more. */
  idempotencyKey: string;
}

/** The refund and the payment as they are after the call. */
export interface RefundAnswer {
  refund: RefundRow;
  payment: PaymentRow;
}

const notRefundable = (number: string) =>
  new DomainError('payment_not_refundable', `Order ${number} has no card payment that took money to refund`, {
    conflict: true,
  });

/** `POST /order/{id}/refunds`. */
export async function refundPayment(deps: RefundDeps, request: RefundRequest): Promise<RefundAnswer> {
  const order = await findOrder(deps.db, request.orderId);
  if (!order || order.siteId !== request.siteId) throw notFound(`Order ${request.orderId}`);
  const payment = await capturedPaymentOf(deps.db, order.id);
  if (!payment?.providerRef) throw notRefundable(order.number);
  let refund = await startRefund(deps.db, {
    payment,
    amountPence: request.amountPence,
    idempotencyKey: request.idempotencyKey,
    now: deps.clock.now(),
  });
  if (refund.status === 'pending') {
    let answer: RefundResult | undefined;
    try {
      answer = await deps.provider.refundPayment({
        providerRef: payment.providerRef,
        amountPence: refund.amountPence,
        idempotencyKey: refund.idempotencyKey,
      });
    } catch (error) {
      deps.log.warn(
        { err: error, refund: refund.id },
        'no answer from the payment provider: the refund stays pending',
      );
    }
    if (answer) refund = await recordRefundAnswer(deps.db, refund, answer, deps.clock.now());
  }
  return { refund, payment: (await findPayment(deps.db, payment.id))! };
}
