/**
 * Payment reconciliation (the `payment-reconciliation` job): card attempts still open `PAYMENT_RECONCILE_AFTER_SECONDS`
 * after they started are settled with the provider, so no order waits for ever on an answer that was lost (a
 * back-office killed mid-payment, a dropped connection) or a 3-D Secure page the shopper left. Steps, per attempt,
 * oldest first:
 *
 * 1. claim it (payments `claimStaleAttempt`, a conditional update): of several back-offices running the job, and
 *    the shopper's own next attempt, exactly one settles each payment;
 * 2. settle it (flows/payment-outcome.ts `settleAttempt`): the provider says where it stands (by the payment id,
 *    its idempotency key, when no reference was recorded); paid → the order is paid; failed, cancelled or never
 *    received → cancelled at the provider, the order cancelled and the code's use given back.
 *
 * One payment failing (the provider unreachable) does not stop the others; it is tried again on the next run.
 */
import { claimStaleAttempt, staleAttempts } from '../modules/payments/index.ts';
import { settleAttempt, type PaymentOutcomeDeps } from './payment-outcome.ts';

/** How many open attempts one run settles at most (the next run takes the rest). */
const BATCH = 100;

export type ReconcileDeps = PaymentOutcomeDeps & { reconcileAfterSeconds: number };

/** One pass: settles the attempts open too long; returns how many it settled (or found still pending). */
export async function reconcilePayments(deps: ReconcileDeps, signal: AbortSignal): Promise<number> {
  const now = deps.clock.now();
  const staleBefore = new Date(now.getTime() - deps.reconcileAfterSeconds * 1000);
  let settled = 0;
  for (const candidate of await staleAttempts(deps.db, staleBefore, BATCH)) {
    if (signal.aborted) break;
    const payment = await claimStaleAttempt(deps.db, candidate.id, now, staleBefore);
    if (!payment) continue;
    await settleAttempt(deps, payment);
    settled += 1;
  }
  return settled;
}
