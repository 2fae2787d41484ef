/**
 * Housekeeping: deleting what has expired, one named step per kind of row, each done by the module that owns the
 * rows. The jobs run the steps at two paces (jobs/index.ts): the hourly ones, and the bot-check solutions every
 * minute. Each step is safe when several back-offices run it at once: a delete of rows another delete already
 * took finds nothing to do.
 */
import type { Database } from '../db/types.ts';
import { sweepExpiredCounters } from '../lib/shared-counter.ts';
import { sweepExpiredSolutions } from '../modules/bot-check/index.ts';
import { sweepExpiredCarts } from '../modules/cart/index.ts';
import { sweepAccountRows } from '../modules/customers/index.ts';
import { cartsAwaitingPayment, sweepExpiredOrderAccess } from '../modules/orders/index.ts';
import { sweepStaffRows } from '../modules/staff/index.ts';

export interface HousekeepingStep {
  name: string;
  run(db: Database, now: Date): Promise<unknown>;
}

/** What expires in hours or days. */
export const hourlyHousekeeping: readonly HousekeepingStep[] = [
  // Never a cart whose order waits for its payment: the orders module names those.
  { name: 'expired carts', run: (db, now) => sweepExpiredCarts(db, now, cartsAwaitingPayment) },
  { name: 'stale account rows', run: sweepAccountRows },
  { name: 'expired order access tokens', run: sweepExpiredOrderAccess },
  { name: 'stale staff rows', run: sweepStaffRows },
];

/**
 * Solved challenges are remembered 10 minutes at most, and a form's every submission adds one; the limits' counters
 * end with their minute, and every client address adds one.
 */
export const minutelyHousekeeping: readonly HousekeepingStep[] = [
  { name: 'expired bot-check solutions', run: sweepExpiredSolutions },
  { name: 'ended rate-limit windows', run: (db) => sweepExpiredCounters(db) },
];

/**
 * Runs every step, each on its own: one that fails does not keep the others from running. Rejects afterwards,
 * naming the steps that failed, so the job's failure is logged and the next run tries them again.
 */
export async function runHousekeeping(
  steps: readonly HousekeepingStep[],
  db: Database,
  now: Date,
): Promise<void> {
  const failures: Error[] = [];
  for (const step of steps) {
    try {
      await step.run(db, now);
    } catch (error) {
      failures.push(new Error(`housekeeping step "${step.name}" failed`, { cause: error }));
    }
  }
  if (failures.length > 0) throw new AggregateError(failures, failures.map((f) => f.message).join('; '));
}
