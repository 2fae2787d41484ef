/**
 * Refunds of payments, each asked of the provider under its own idempotency key and kept as a row: the same key
 * is the same refund however often (or however many at once) it is asked. The amount is reserved on the payment
 * (`refunded_pence`) by a conditional update in the transaction that inserts the refund, and the database's CHECK
 * (`refunded_pence <= captured_pence`) refuses anything beyond what was taken, so no set of refunds, in sequence or
 * at once, gives back more. A failed refund frees its amount again; a succeeded one moves the payment to
 * `partially_refunded` or `refunded`. The steps around the provider call are flows/refund-payment.ts; a refund's
 * planning (its amount, its lines) runs under the payment row's lock, so refunds by line never give a line back twice.
 */
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/types.ts';
import { DomainError } from '../../lib/errors.ts';
import type { PaymentRow } from './service.ts';
import { paymentRefunds, payments, type RefundedLine } from './tables.ts';

export type RefundRow = typeof paymentRefunds.$inferSelect;

const REFUNDABLE = ['succeeded', 'partially_refunded'] as const;

/** The order's payment that took money (the one a refund gives back), if any. */
export async function capturedPaymentOf(db: Executor, orderId: number): Promise<PaymentRow | undefined> {
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), inArray(payments.status, [...REFUNDABLE, 'refunded'])))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return payment;
}

/** The refund made under `idempotencyKey`, if any. */
export async function refundOfKey(db: Executor, idempotencyKey: string): Promise<RefundRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentRefunds)
    .where(eq(paymentRefunds.idempotencyKey, idempotencyKey));
  return row;
}

const keyReused = () =>
  new DomainError(
    'idempotency_key_reused',
    'This idempotency key was already used for another refund: use a new key for a new refund',
    { conflict: true },
  );

/** The refund a key already made, when it is this refund (same payment, and `isSame` says so); else 409. */
export function sameRefund(
  earlier: RefundRow,
  paymentId: string,
  isSame: (earlier: RefundRow) => boolean,
): RefundRow {
  if (earlier.paymentId !== paymentId || !isSame(earlier)) throw keyReused();
  return earlier;
}

export const refundTooLarge = (payment: Pick<PaymentRow, 'capturedPence' | 'refundedPence'>) =>
  new DomainError(
    'refund_exceeds_captured',
    'A refund cannot give back more than was paid and not yet refunded',
    {
      conflict: true,
      details: { refundable_pence: Math.max(payment.capturedPence - payment.refundedPence, 0) },
    },
  );

/** How much a refund gives back and, by line, of which lines. */
export interface RefundPlan {
  amountPence: number;
  lines: RefundedLine[] | null;
}

/** A refund of the payment that gave (or is giving) something back: pending or succeeded. */
export type GivenRefund = Pick<RefundRow, 'amountPence' | 'lines'>;

/**
 * Starts a refund of `payment` under `idempotencyKey`, in the caller's transaction: the payment row is locked, so
 * the refunds of one payment are planned one after the other; `plan` then says what this one gives back, knowing
 * the payment as it now is and the refunds already given (a refund by line counts what its lines already had).
 * The `pending` refund row is inserted and its amount reserved on the payment by a conditional update, with the
 * database's CHECK behind it. More than is left is a 409 `refund_exceeds_captured`. The key's earlier refund is
 * answered as it is (`started: false`; 409 when it was for another payment or `isSame` says it was another refund).
 */
export async function startRefund(
  tx: Executor,
  refund: {
    payment: PaymentRow;
    idempotencyKey: string;
    reason: string;
    now: Date;
    plan: (payment: PaymentRow, given: GivenRefund[]) => RefundPlan;
    isSame: (earlier: RefundRow) => boolean;
  },
): Promise<{ refund: RefundRow; started: boolean }> {
  const { idempotencyKey, now } = refund;
  const [payment] = await tx.select().from(payments).where(eq(payments.id, refund.payment.id)).for('update');
  if (!payment) throw refundTooLarge(refund.payment);
  const earlier = await refundOfKey(tx, idempotencyKey);
  if (earlier) return { refund: sameRefund(earlier, payment.id, refund.isSame), started: false };
  const given = await tx
    .select({ amountPence: paymentRefunds.amountPence, lines: paymentRefunds.lines })
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.paymentId, payment.id), ne(paymentRefunds.status, 'failed')));
  const { amountPence, lines } = refund.plan(payment, given);
  if (amountPence <= 0 && payment.refundedPence < payment.capturedPence) {
    // Free lines only: the customer paid nothing for them.
    throw new DomainError('nothing_to_refund', 'The customer paid nothing for what was chosen', {
      conflict: true,
    });
  }
  if (amountPence <= 0 || payment.refundedPence + amountPence > payment.capturedPence) {
    throw refundTooLarge(payment);
  }
  const [row] = await tx
    .insert(paymentRefunds)
    .values({
      paymentId: payment.id,
      amountPence,
      idempotencyKey,
      status: 'pending',
      reason: refund.reason,
      lines,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: paymentRefunds.idempotencyKey })
    .returning();
  // The same key at the same moment for another payment: that request made the refund.
  if (!row) throw keyReused();
  const [reserved] = await tx
    .update(payments)
    .set({ refundedPence: sql`${payments.refundedPence} + ${amountPence}`, updatedAt: now })
    .where(
      and(
        eq(payments.id, payment.id),
        inArray(payments.status, REFUNDABLE),
        sql`${payments.refundedPence} + ${amountPence} <= ${payments.capturedPence}`,
      ),
    )
    .returning({ id: payments.id });
  if (!reserved) throw refundTooLarge(payment);
  return { refund: row, started: true };
}

/**
 * Records a refund's outcome once (a conditional move from `pending`): succeeded, the payment is (partially)
 * refunded; failed, its amount may be refunded again. False when the refund had its outcome already.
 */
export async function settleRefund(
  tx: Executor,
  refundId: number,
  outcome: { status: 'succeeded'; providerRefundId: string } | { status: 'failed'; code: string },
  now: Date,
): Promise<boolean> {
  const [settled] = await tx
    .update(paymentRefunds)
    .set(
      outcome.status === 'succeeded'
        ? { status: 'succeeded', providerRefundId: outcome.providerRefundId, updatedAt: now }
        : { status: 'failed', failureCode: outcome.code, updatedAt: now },
    )
    .where(and(eq(paymentRefunds.id, refundId), eq(paymentRefunds.status, 'pending')))
    .returning();
  if (!settled) return false;
  if (settled.status === 'failed') {
    await tx
      .update(payments)
      .set({ refundedPence: sql`${payments.refundedPence} - ${settled.amountPence}`, updatedAt: now })
      .where(eq(payments.id, settled.paymentId));
    return true;
  }
  const succeededTotal = sql`(select coalesce(sum(${paymentRefunds.amountPence}), 0) from ${paymentRefunds}
    where ${paymentRefunds.paymentId} = ${settled.paymentId} and ${paymentRefunds.status} = 'succeeded')`;
  await tx
    .update(payments)
    .set({
      status: sql`case when ${succeededTotal} >= ${payments.capturedPence} then 'refunded' else 'partially_refunded' end`,
      updatedAt: now,
    })
    .where(and(eq(payments.id, settled.paymentId), inArray(payments.status, REFUNDABLE)));
  return true;
}

/** Notes the provider's id of a refund it has accepted but not yet settled (its webhook settles it). */
export async function notePendingRefund(
  db: Executor,
  refundId: number,
  providerRefundId: string,
  now: Date,
): Promise<void> {
  await db
    .update(paymentRefunds)
    .set({ providerRefundId, updatedAt: now })
    .where(and(eq(paymentRefunds.id, refundId), eq(paymentRefunds.status, 'pending')));
}

/** One refund by id. */
export async function findRefund(db: Executor, refundId: number): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(paymentRefunds).where(eq(paymentRefunds.id, refundId));
  return row;
}

/** The refunds of a payment, oldest first. */
export function refundsOfPayment(db: Executor, paymentId: string): Promise<RefundRow[]> {
  return db
    .select()
    .from(paymentRefunds)
    .where(eq(paymentRefunds.paymentId, paymentId))
    .orderBy(asc(paymentRefunds.id));
}

/** The refund a provider's event names (by the provider's refund id) of the payment, if we know it. */
export async function refundOfEvent(
  tx: Executor,
  paymentId: string,
  providerRefundId: string,
): Promise<RefundRow | undefined> {
  const [row] = await tx
    .select()
    .from(paymentRefunds)
    .where(
      and(eq(paymentRefunds.paymentId, paymentId), eq(paymentRefunds.providerRefundId, providerRefundId)),
    );
  return row;
}
