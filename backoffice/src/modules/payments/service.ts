/**
 * Payments of orders: created at completion, moved forward by what the provider answers or later tells us in a
 * webhook, never backwards (a conditional update), and each webhook event recorded once. What a move means for
 * the order (paid, failed, cancelled) is flows/payment-outcome.ts, the one caller of `movePayment`.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/types.ts';
import type { PaymentEvent } from './provider.ts';
import { paymentEvents, payments, type PaymentStatus } from './tables.ts';

export type PaymentRow = typeof payments.$inferSelect;

/** The statuses a payment may move to from each status: forward only. */
const FORWARD: Record<PaymentStatus, PaymentStatus[]> = {
  pending: ['requires_action', 'succeeded', 'failed', 'cancelled'],
  requires_action: ['succeeded', 'failed', 'cancelled'],
  succeeded: ['refunded'],
  failed: [],
  cancelled: [],
  refunded: [],
};

const fromStatuses = (to: PaymentStatus) =>
  (Object.keys(FORWARD) as PaymentStatus[]).filter((from) => FORWARD[from].includes(to));

export const newPaymentId = () => `pay_${randomBytes(12).toString('hex')}`;

export async function insertPayment(
  tx: Executor,
  payment: { orderId: number; provider: string; amountPence: number; currency: string; now: Date },
): Promise<PaymentRow> {
  const [row] = await tx
    .insert(payments)
    .values({
      id: newPaymentId(),
      orderId: payment.orderId,
      provider: payment.provider,
      method: 'card',
      amountPence: payment.amountPence,
      currency: payment.currency,
      status: 'pending',
      createdAt: payment.now,
      updatedAt: payment.now,
    })
    .returning();
  return row!;
}

export async function findPayment(db: Executor, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row;
}

/**
 * Moves a payment to `to` if that is forward from where it is now (a conditional update). Returns the payment as
 * moved, or undefined when it was already elsewhere.
 */
export async function movePayment(
  tx: Executor,
  paymentId: string,
  to: PaymentStatus,
  now: Date,
  fields: Partial<Pick<PaymentRow, 'providerRef' | 'actionUrl' | 'failureCode'>> = {},
): Promise<PaymentRow | undefined> {
  const [moved] = await tx
    .update(payments)
    .set({ status: to, updatedAt: now, ...fields, ...(to === 'requires_action' ? {} : { actionUrl: null }) })
    .where(and(eq(payments.id, paymentId), inArray(payments.status, fromStatuses(to))))
    .returning();
  return moved;
}

/** The payment an event names at this provider, locked for the rest of the transaction. */
export async function lockPayment(
  tx: Executor,
  provider: string,
  paymentId: string,
): Promise<PaymentRow | undefined> {
  const [payment] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.provider, provider)))
    .for('update');
  return payment;
}

/** Records a webhook event as received; false when it was already (a duplicate, or a concurrent delivery). */
export async function recordEvent(
  tx: Executor,
  provider: string,
  event: PaymentEvent,
  paymentId: string,
  now: Date,
): Promise<boolean> {
  const recorded = await tx
    .insert(paymentEvents)
    .values({
      provider,
      eventId: event.id,
      paymentId,
      type: event.type,
      outcome: 'pending',
      receivedAt: now,
    })
    .onConflictDoNothing()
    .returning({ eventId: paymentEvents.eventId });
  return recorded.length > 0;
}

/** What applying a recorded event did. */
export async function setEventOutcome(
  tx: Executor,
  provider: string,
  eventId: string,
  outcome: 'applied' | 'ignored',
): Promise<void> {
  await tx
    .update(paymentEvents)
    .set({ outcome })
    .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventId, eventId)));
}
