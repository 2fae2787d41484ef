/**
 * Payments of orders: created at completion, moved forward by what the provider answers or later tells us in a
 * webhook, never backwards. A payment that succeeds marks its order paid (confirmation e-mail in the same
 * transaction); one that fails or is cancelled lets the order go of its basket and gives back the code use.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { MailConfig } from '../../config.ts';
import type { Database } from '../../db/types.ts';
import { paymentEvents, payments } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Executor } from '../../db/types.ts';
import { markOrderPaid, markOrderUnpaid } from '../orders/index.ts';
import type {
  CreatePaymentResult,
  PaymentEvent,
  PaymentProvider,
  ProviderPaymentStatus,
} from './provider.ts';
import type { PaymentStatus } from './tables.ts';

export type PaymentRow = typeof payments.$inferSelect;

export interface PaymentDeps {
  db: Database;
  clock: Clock;
  mail: MailConfig;
  provider: PaymentProvider;
  /** Called after a commit that queued mail. */
  nudgeMail(): void;
}

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
 * Moves a payment to `to` if that is forward from where it is now (a conditional update), with the order's
 * matching move in the same transaction. Returns whether it moved.
 */
async function movePayment(
  tx: Executor,
  deps: Pick<PaymentDeps, 'mail'>,
  paymentId: string,
  to: PaymentStatus,
  now: Date,
  fields: Partial<Pick<PaymentRow, 'providerRef' | 'actionUrl' | 'failureCode'>> = {},
): Promise<boolean> {
  const [moved] = await tx
    .update(payments)
    .set({ status: to, updatedAt: now, ...fields, ...(to === 'requires_action' ? {} : { actionUrl: null }) })
    .where(and(eq(payments.id, paymentId), inArray(payments.status, fromStatuses(to))))
    .returning();
  if (!moved) return false;
  if (to === 'succeeded') await markOrderPaid(tx, deps.mail, moved.orderId, now);
  if (to === 'failed') await markOrderUnpaid(tx, moved.orderId, now, 'payment_failed');
  if (to === 'cancelled') await markOrderUnpaid(tx, moved.orderId, now, 'cancelled');
  return true;
}

/**
 * Gives up a payment still waiting for the shopper's authorisation (3-D Secure) because the basket changed since
 * it started: the provider cancels it, then says where it stands, and that is what is recorded. Cancelled (or
 * failed), the order lets go of its basket and gives the code's use back, so the basket can be paid afresh; if
 * the shopper authorised it in the meantime, it is recorded as paid (the order they approved stands). Returns
 * the status recorded.
 */
export async function abandonPayment(
  deps: PaymentDeps,
  payment: Pick<PaymentRow, 'id' | 'providerRef'>,
): Promise<PaymentStatus> {
  let status: ProviderPaymentStatus = 'cancelled';
  if (payment.providerRef) {
    await deps.provider.cancelPayment(payment.providerRef);
    status = await deps.provider.paymentStatus(payment.providerRef);
  }
  const to: PaymentStatus = status === 'succeeded' || status === 'failed' ? status : 'cancelled';
  const moved = await deps.db.transaction((tx) => movePayment(tx, deps, payment.id, to, deps.clock.now()));
  if (moved && to === 'succeeded') deps.nudgeMail();
  return to;
}

/** Records what the provider answered when the payment was created; returns the payment as it now is. */
export async function applyCreateResult(
  deps: PaymentDeps,
  payment: PaymentRow,
  result: CreatePaymentResult,
): Promise<PaymentRow> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    switch (result.status) {
      case 'succeeded':
        await movePayment(tx, deps, payment.id, 'succeeded', now, { providerRef: result.providerRef });
        break;
      case 'requires_action':
        await movePayment(tx, deps, payment.id, 'requires_action', now, {
          providerRef: result.providerRef,
          actionUrl: result.actionUrl,
        });
        break;
      case 'declined':
        await movePayment(tx, deps, payment.id, 'failed', now, {
          providerRef: result.providerRef,
          failureCode: result.code,
        });
        break;
      case 'error':
        await movePayment(tx, deps, payment.id, 'failed', now, { failureCode: 'provider_error' });
        break;
    }
  });
  if (result.status === 'succeeded') deps.nudgeMail();
  return (await findPayment(deps.db, payment.id))!;
}

const EVENT_STATUS: Record<PaymentEvent['type'], PaymentStatus> = {
  'payment.succeeded': 'succeeded',
  'payment.failed': 'failed',
  'payment.cancelled': 'cancelled',
  'payment.requires_action': 'requires_action',
};

export type EventOutcome = 'applied' | 'ignored' | 'duplicate' | 'unknown_payment';

/**
 * Applies a webhook's event once: it is recorded with its outcome in the transaction that applies it, so the same
 * event arriving again (or concurrently) changes nothing; an event that would move the payment backwards (a late
 * `requires_action` after `succeeded`, a `failed` after `succeeded`) is recorded as ignored.
 */
export async function applyEvent(deps: PaymentDeps, event: PaymentEvent): Promise<EventOutcome> {
  const now = deps.clock.now();
  const outcome = await deps.db.transaction(async (tx): Promise<EventOutcome> => {
    const [payment] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.id, event.paymentId), eq(payments.provider, deps.provider.name)))
      .for('update');
    if (!payment) return 'unknown_payment';
    const recorded = await tx
      .insert(paymentEvents)
      .values({
        provider: deps.provider.name,
        eventId: event.id,
        paymentId: payment.id,
        type: event.type,
        outcome: 'pending',
        receivedAt: now,
      })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    if (recorded.length === 0) return 'duplicate';
    const moved = await movePayment(tx, deps, payment.id, EVENT_STATUS[event.type], now);
    const result = moved ? 'applied' : 'ignored';
    await tx
      .update(paymentEvents)
      .set({ outcome: result })
      .where(and(eq(paymentEvents.provider, deps.provider.name), eq(paymentEvents.eventId, event.id)));
    return result;
  });
  if (outcome === 'applied' && event.type === 'payment.succeeded') deps.nudgeMail();
  return outcome;
}
