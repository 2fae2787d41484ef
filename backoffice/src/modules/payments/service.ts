/**
 * Payments of orders: created at completion, moved forward by what the provider answers or later tells us in a
 * webhook, never backwards (a conditional update), and each webhook event recorded once. What a move means for
 * the order (paid, failed, cancelled) is flows/payment-outcome.ts, the one caller of `movePayment`.
 *
 * A card attempt left open (the answer lost, the process gone) is found by its age (`attempt_at`) and taken over
 * by one settler at a time: the shopper's next attempt or the reconciliation job, whichever claims it first.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/types.ts';
import type { PaymentEvent, PaymentLookup } from './provider.ts';
import { paymentEvents, payments, type PaymentStatus } from './tables.ts';

export type PaymentRow = typeof payments.$inferSelect;

/** The statuses a payment may move to from each status: forward only. */
const FORWARD: Record<PaymentStatus, PaymentStatus[]> = {
  pending: ['requires_action', 'succeeded', 'failed', 'cancelled'],
  requires_action: ['succeeded', 'failed', 'cancelled'],
  succeeded: ['partially_refunded', 'refunded'],
  failed: [],
  cancelled: [],
  partially_refunded: ['refunded'],
  refunded: [],
};

/** A card attempt still open: being made, or waiting for the shopper's authorisation (3-D Secure). */
export const OPEN_ATTEMPT_STATUSES = ['pending', 'requires_action'] as const satisfies PaymentStatus[];

const fromStatuses = (to: PaymentStatus) =>
  (Object.keys(FORWARD) as PaymentStatus[]).filter((from) => FORWARD[from].includes(to));

export const newPaymentId = () => `pay_${randomBytes(12).toString('hex')}`;

/**
 * The card payment of an order placed from the basket `cartId`, `pending` until the provider answers. A basket with
 * a card attempt open already refuses a second one (the partial unique index): undefined, and nothing inserted.
 */
export async function insertPayment(
  tx: Executor,
  payment: {
    orderId: number;
    cartId: number;
    provider: string;
    amountPence: number;
    currency: string;
    now: Date;
  },
): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .insert(payments)
    .values({
      id: newPaymentId(),
      orderId: payment.orderId,
      cartId: payment.cartId,
      provider: payment.provider,
      method: 'card',
      amountPence: payment.amountPence,
      currency: payment.currency,
      status: 'pending',
      attemptAt: payment.now,
      createdAt: payment.now,
      updatedAt: payment.now,
    })
    .onConflictDoNothing()
    .returning();
  return row;
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
    .set({
      status: to,
      updatedAt: now,
      ...fields,
      ...(to === 'requires_action' ? {} : { actionUrl: null }),
      // What was taken is what a refund may give back.
      ...(to === 'succeeded' ? { capturedPence: sql`${payments.amountPence}` } : {}),
    })
    .where(and(eq(payments.id, paymentId), inArray(payments.status, fromStatuses(to))))
    .returning();
  return moved;
}

// ---- open attempts -------------------------------------------------------------------------------------------

/**
 * Where a card attempt stands: `settled` (it has its outcome), `in_flight` (being made: a second attempt on the
 * basket waits for it), `awaiting_shopper` (3-D Secure), or `stale`: open for `afterSeconds` or more since it was
 * started or last taken over, so whoever comes next settles it.
 */
export function attemptState(
  payment: Pick<PaymentRow, 'status' | 'attemptAt'>,
  now: Date,
  afterSeconds: number,
): 'settled' | 'in_flight' | 'awaiting_shopper' | 'stale' {
  if (!(OPEN_ATTEMPT_STATUSES as readonly string[]).includes(payment.status)) return 'settled';
  if (now.getTime() - payment.attemptAt.getTime() >= afterSeconds * 1000) return 'stale';
  return payment.status === 'pending' ? 'in_flight' : 'awaiting_shopper';
}

/** How to name the payment to its provider: its reference, else the idempotency key it was created under. */
export const lookupOf = (payment: Pick<PaymentRow, 'id' | 'providerRef'>): PaymentLookup =>
  payment.providerRef ? { providerRef: payment.providerRef } : { idempotencyKey: payment.id };

/** Open attempts started (or last taken over) at `staleBefore` or earlier, oldest first. */
export async function staleAttempts(db: Executor, staleBefore: Date, limit: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(inArray(payments.status, OPEN_ATTEMPT_STATUSES), lte(payments.attemptAt, staleBefore)))
    .orderBy(asc(payments.attemptAt))
    .limit(limit);
}

/**
 * Takes over a stale open attempt to settle it, by a conditional update: of several back-offices (and shoppers)
 * trying at once, one gets the payment, the others undefined. Taken over, it counts as in flight again.
 */
export async function claimStaleAttempt(
  db: Executor,
  paymentId: string,
  now: Date,
  staleBefore: Date,
): Promise<PaymentRow | undefined> {
  const [claimed] = await db
    .update(payments)
    .set({ attemptAt: now, updatedAt: now })
    .where(
      and(
        eq(payments.id, paymentId),
        inArray(payments.status, OPEN_ATTEMPT_STATUSES),
        lte(payments.attemptAt, staleBefore),
      ),
    )
    .returning();
  return claimed;
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
