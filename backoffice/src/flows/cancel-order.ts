/**
 * Cancel an order before it is dispatched or collected (`POST /staff/orders/{id}/cancel`), in two steps:
 *
 * 1. one audited transaction (fulfil-order.ts's step, action `order.cancel`): payment-outcome `orderCancelled`
 *    moves the order and its fulfilment to `cancelled` (from `unfulfilled`, or `ready_for_collection` for a
 *    collect order; 409 `fulfilment_not_allowed` once it has left, `order_not_paid` for an order never paid nor
 *    placed on account) and gives back the code's use; the customer's `order.cancelled` e-mail says what comes
 *    back. An on-account order is then no longer owed, which gives its account's credit back (trade credit counts
 *    the account's `on_account` orders);
 * 2. whatever the card took and is not yet refunded is refunded through refund-payment.ts under the key
 *    `order-{id}-cancel`, so cancelling again never refunds twice, and re-asks the provider a refund whose answer
 *    was lost. Payments only move forward: the paid payment is refunded, never reversed.
 *
 * Cancelling an order already cancelled is a 200 that records and e-mails nothing again.
 */
import { enqueueMail } from '../modules/mail/index.ts';
import { cancelledMailOf, customerErased } from '../modules/orders/index.ts';
import { capturedPaymentOf, refundOfKey } from '../modules/payments/index.ts';
import { moveOrder, type FulfilmentDeps, type StaffOrderAct } from './fulfil-order.ts';
import { orderCancelled } from './payment-outcome.ts';
import { refundPayment, type RefundAnswer, type RefundDeps } from './refund-payment.ts';

export type CancelDeps = FulfilmentDeps & RefundDeps;

/** The key of a cancellation's refund: one per order. */
export const cancellationRefundKey = (orderId: number) => `order-${orderId}-cancel`;

/** What the cancelled order's card took and is not yet refunded (0 when it took nothing). */
async function leftToRefund(deps: CancelDeps, orderId: number): Promise<number> {
  const payment = await capturedPaymentOf(deps.db, orderId);
  return payment?.providerRef ? Math.max(payment.capturedPence - payment.refundedPence, 0) : 0;
}

export async function cancelOrder(
  deps: CancelDeps,
  act: StaffOrderAct,
  reason: string,
): Promise<{ moved: boolean; refund: RefundAnswer | null }> {
  const { moved } = await moveOrder(deps, act, {
    action: 'order.cancel',
    apply: (tx, order, now) => orderCancelled(tx, order, { reason, now }),
    async then(tx, order) {
      const payment = await capturedPaymentOf(tx, order.id);
      const refundPence = payment?.providerRef
        ? Math.max(payment.capturedPence - payment.refundedPence, 0)
        : 0;
      if (!customerErased(order)) await enqueueMail(tx, cancelledMailOf(order, refundPence, deps.mail));
    },
  });
  const key = cancellationRefundKey(act.orderId);
  const started = await refundOfKey(deps.db, key);
  if (!started && (await leftToRefund(deps, act.orderId)) === 0) return { moved, refund: null };
  const refund = await refundPayment(deps, {
    siteId: act.siteId,
    orderId: act.orderId,
    idempotencyKey: key,
    reason: `Order cancelled: ${reason}`.slice(0, 500),
    asked: { kind: 'all' },
    audit: act.audit,
  });
  return { moved, refund };
}
