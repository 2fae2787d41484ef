/**
 * Refund an order's payment through its provider (`POST /staff/orders/{id}/refunds`, and a cancellation's refund):
 * in full (whatever is left), by line (each line's paid amount pro rata of the quantity, optionally with the
 * delivery charge; orders `refundOfLines`) or by an amount; always with the reason staff give. Steps:
 *
 * 1. the order of the site and the payment that took its money (404 for an unknown order; 409
 *    `payment_not_refundable` when nothing was taken: an on-account order's invoice is cancelled, not refunded);
 * 2. the same idempotency key again is the same refund: answered as it is, nothing recorded again (409
 *    `idempotency_key_reused` when the key made another refund);
 * 3. start the refund (payments `startRefund`), audited in its transaction (`order.refund`): under the payment
 *    row's lock its amount is planned (by line: never more of a line than was bought less what was refunded of
 *    it) and reserved on the payment; more than is left is a 409 `refund_exceeds_captured`, and the database's
 *    CHECK stands behind it, however many staff click at once;
 * 4. unless it already has its outcome, ask the provider under the same key (outside the transaction: the
 *    provider refunds once per key, so asking again after a lost answer is safe);
 * 5. record its answer: succeeded, the payment is `partially_refunded` or `refunded` and the customer's
 *    `order.refunded` e-mail is queued (payment-outcome `refundSettled`); failed, the amount may be refunded
 *    again; pending, the provider's webhook tells later (and the e-mail follows then). No answer at all leaves it
 *    pending: the same call again asks again.
 *
 * The order's own status does not move: it stays paid, with its payment showing what was given back.
 */
import type { MailConfig } from '../config.ts';
import type { Database } from '../db/types.ts';
import type { Clock } from '../lib/clock.ts';
import { DomainError, notFound } from '../lib/errors.ts';
import type { AuditRecorder } from '../modules/audit/index.ts';
import { findOrder, loadOrder, refundOfLines, type LinesAsked } from '../modules/orders/index.ts';
import {
  capturedPaymentOf,
  findPayment,
  findRefund,
  notePendingRefund,
  refundOfKey,
  refundsOfPayment,
  sameRefund,
  startRefund,
  type PaymentProvider,
  type PaymentRow,
  type RefundPlan,
  type RefundResult,
  type RefundRow,
} from '../modules/payments/index.ts';
import type { OrderDocuments } from './order-documents.ts';
import { refundSettled, type OutcomeLog } from './payment-outcome.ts';

export interface RefundDeps {
  db: Database;
  clock: Clock;
  provider: PaymentProvider;
  log: OutcomeLog;
  mail: MailConfig;
  documents: OrderDocuments;
  /** Called after a commit that queued mail. */
  nudgeMail(): void;
}

/** What to give back: whatever is left, an amount, or lines (with the delivery charge when asked). */
export type RefundAsked =
  { kind: 'all' } | { kind: 'amount'; amountPence: number } | ({ kind: 'lines' } & LinesAsked);

export interface RefundRequest {
  siteId: number;
  orderId: number;
  /** Chosen by the caller for this refund: asking again with it (a retry, a double click) refunds nothing more. */
  idempotencyKey: string;
  /** Why (1–500 characters): the customer's e-mail and the credit note print it. */
  reason: string;
  asked: RefundAsked;
  /** The caller's audit recorder: the refund's start is recorded in its transaction. */
  audit: AuditRecorder;
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

/** Thrown inside the audited transaction when the key's refund appeared meanwhile: nothing is recorded. */
class Replayed extends Error {
  readonly refund: RefundRow;
  constructor(refund: RefundRow) {
    super('the refund of this key already exists');
    this.refund = refund;
  }
}

/** Whether the key's earlier refund is the one asked now (a replay), not another under a reused key. */
function sameAsAsked(asked: RefundAsked): (earlier: RefundRow) => boolean {
  switch (asked.kind) {
    case 'all':
      return () => true;
    case 'amount':
      return (earlier) => earlier.lines === null && earlier.amountPence === asked.amountPence;
    case 'lines': {
      const wanted = asked.lines.map((line) => `${line.order_line_id}×${line.quantity}`).toSorted();
      return (earlier) =>
        JSON.stringify(earlier.lines?.map((line) => `${line.order_line_id}×${line.quantity}`).toSorted()) ===
        JSON.stringify(wanted);
    }
  }
}

/** The refund's outcome from the provider's answer, once it has one. */
async function recordAnswer(deps: RefundDeps, refund: RefundRow, answer: RefundResult): Promise<RefundRow> {
  const now = deps.clock.now();
  if (answer.status === 'pending') {
    await notePendingRefund(deps.db, refund.id, answer.refundId, now);
  } else {
    const outcome =
      answer.status === 'failed'
        ? { status: 'failed' as const, code: answer.code }
        : { status: 'succeeded' as const, providerRefundId: answer.refundId };
    const settled = await deps.db.transaction((tx) => refundSettled(tx, deps, refund.id, outcome, now));
    if (settled && outcome.status === 'succeeded') deps.nudgeMail();
  }
  return (await findRefund(deps.db, refund.id))!;
}

/** Refunds (part of) what the order's card payment took; see the steps above. */
export async function refundPayment(deps: RefundDeps, request: RefundRequest): Promise<RefundAnswer> {
  const found = await findOrder(deps.db, request.orderId);
  if (!found || found.siteId !== request.siteId) throw notFound(`Order ${request.orderId}`);
  const { order, lines } = await loadOrder(deps.db, found);
  const payment = await capturedPaymentOf(deps.db, order.id);
  if (!payment?.providerRef) throw notRefundable(order.number);
  const { asked } = request;
  const isSame = sameAsAsked(asked);
  const plan = (current: PaymentRow, given: Parameters<typeof refundOfLines>[3]): RefundPlan => {
    switch (asked.kind) {
      case 'all':
        return { amountPence: current.capturedPence - current.refundedPence, lines: null };
      case 'amount':
        return { amountPence: asked.amountPence, lines: null };
      case 'lines':
        return refundOfLines(order, lines, asked, given);
    }
  };
  const earlier = await refundOfKey(deps.db, request.idempotencyKey);
  let refund: RefundRow;
  if (earlier) {
    refund = sameRefund(earlier, payment.id, isSame);
  } else {
    // The trail shows the payment's refunded total moving, and the refund it gained with its reason and lines.
    const refundedState = async (tx: Parameters<typeof findPayment>[0]) => {
      const current = await findPayment(tx, payment.id);
      const latest = (await refundsOfPayment(tx, payment.id)).at(-1);
      return {
        refunded_pence: current?.refundedPence ?? 0,
        refund: latest
          ? { id: latest.id, amount_pence: latest.amountPence, reason: latest.reason, lines: latest.lines }
          : null,
      };
    };
    try {
      refund = await request.audit.change(
        deps.db,
        { action: 'order.refund', entity: 'order', id: order.id, state: refundedState },
        async (tx) => {
          const started = await startRefund(tx, {
            payment,
            idempotencyKey: request.idempotencyKey,
            reason: request.reason,
            now: deps.clock.now(),
            plan,
            isSame,
          });
          if (!started.started) throw new Replayed(started.refund);
          return started.refund;
        },
      );
    } catch (error) {
      if (!(error instanceof Replayed)) throw error;
      refund = error.refund;
    }
  }
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
    if (answer) refund = await recordAnswer(deps, refund, answer);
  }
  return { refund, payment: (await findPayment(deps.db, payment.id))! };
}
