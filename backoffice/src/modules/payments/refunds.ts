/**
 * Refunds of payments, each asked of the provider under its own idempotency key and kept as a row: the same key
 * is the same refund however often (or however many at once) it is asked. The amount is reserved on the payment
 * (`refunded_pence`) by a conditional update in the transaction that inserts the refund, and the database's CHECK
 * (`refunded_pence <= captured_pence`) refuses anything beyond what was taken, so no set of refunds, in sequence or
 * at once, gives back more. A failed refund frees its amount again; a succeeded one moves the payment to
 * `partially_refunded` or `refunded`. The steps around the provider call are flows/refund-payment.ts.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/types.ts';
import { DomainError } from '../../lib/errors.ts';
import type { RefundResult } from './provider.ts';
import type { PaymentRow } from './service.ts';
import { paymentRefunds, payments } from './tables.ts';

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

async function refundOfKey(db: Executor, idempotencyKey: string): Promise<RefundRow | undefined> {
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

/** The refund a key already made, when it is this refund (same payment, same amount); else 409. */
function sameRefund(earlier: RefundRow, paymentId: string, amountPence: number): RefundRow {
  if (earlier.paymentId !== paymentId || earlier.amountPence !== amountPence) throw keyReused();
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

/**
 * Starts a refund of `amountPence` of `payment` under `idempotencyKey`: the `pending` refund row and its amount
 * reserved on the payment, in one transaction. The key's earlier refund is answered as it is (409 when it was for
 * another payment or amount); more than is left to refund is a 409 `refund_exceeds_captured`, nothing written.
 */
export async function startRefund(
  db: Database,
  refund: { payment: PaymentRow; amountPence: number; idempotencyKey: string; now: Date },
): Promise<RefundRow> {
  const { payment, amountPence, idempotencyKey, now } = refund;
  const earlier = await refundOfKey(db, idempotencyKey);
  if (earlier) return sameRefund(earlier, payment.id, amountPence);
  const started = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(paymentRefunds)
      .values({
        paymentId: payment.id,
        amountPence,
        idempotencyKey,
        status: 'pending',
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: paymentRefunds.idempotencyKey })
      .returning();
    // The same key at the same moment: the other request made the refund (read below, once it committed).
    if (!row) return undefined;
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
    if (!reserved) {
      const [current] = await tx.select().from(payments).where(eq(payments.id, payment.id));
      throw refundTooLarge(current ?? payment);
    }
    return row;
  });
  return started ?? sameRefund((await refundOfKey(db, idempotencyKey))!, payment.id, amountPence);
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

/** Records what the provider answered when asked for the refund; returns the refund as it now is. */
export async function recordRefundAnswer(
  db: Database,
  refund: RefundRow,
  answer: RefundResult,
  now: Date,
): Promise<RefundRow> {
  if (answer.status === 'pending') {
    await db
      .update(paymentRefunds)
      .set({ providerRefundId: answer.refundId, updatedAt: now })
      .where(and(eq(paymentRefunds.id, refund.id), eq(paymentRefunds.status, 'pending')));
  } else {
    const outcome =
      answer.status === 'failed'
        ? { status: 'failed' as const, code: answer.code }
        : { status: 'succeeded' as const, providerRefundId: answer.refundId };
    await db.transaction((tx) => settleRefund(tx, refund.id, outcome, now));
  }
  const [row] = await db.select().from(paymentRefunds).where(eq(paymentRefunds.id, refund.id));
  return row!;
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
