/**
 * Expired carts: guests' carts (and completed ones) whose token has expired, and customers' open baskets unchanged
 * for `CUSTOMER_BASKET_DAYS`, are deleted with their lines, except those an order still waits to be paid for.
 * Which carts those are is the orders module's to say: the caller passes its answer in (`keep`), as the
 * housekeeping flow does with `cartsAwaitingPayment`.
 */
import { CUSTOMER_BASKET_DAYS } from '@plasterwick/shop-rules/accounts';
import { and, asc, gt, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Database, Executor } from '../../db/types.ts';
import { DAY_MS } from '@plasterwick/shop-rules/time';
import { carts } from './tables.ts';

/** Of `cartIds` (locked by the sweep), the ones that must stay. */
export type CartsToKeep = (tx: Executor, cartIds: number[]) => Promise<number[]>;

/** Carts locked and decided per transaction: a bounded lock set and a bounded list of ids per statement. */
const BATCH_SIZE = 500;

const expiredAt = (now: Date) =>
  or(
    and(or(isNull(carts.customerId), isNotNull(carts.completedAt)), lt(carts.tokenExpiresAt, now)),
    and(
      isNotNull(carts.customerId),
      isNull(carts.completedAt),
      lt(carts.updatedAt, new Date(now.getTime() - CUSTOMER_BASKET_DAYS * DAY_MS)),
    ),
  );

/** Deletes the carts expired at `now` that `keep` does not keep; returns how many went. */
export async function sweepExpiredCarts(db: Database, now: Date, keep: CartsToKeep): Promise<number> {
  let removed = 0;
  for (let afterId = 0; ;) {
    const batch = await sweepBatch(db, now, keep, afterId);
    removed += batch.removed;
    if (batch.lastId === undefined) return removed;
    afterId = batch.lastId;
  }
}

/**
 * One batch, in one transaction: lock the expired carts, ask `keep`, delete the others in one statement.
 *
 * Why no cart an order waits on is deleted, even with checkouts completing meanwhile on other connections:
 * completing a checkout locks its cart row (FOR UPDATE) before it places the order, and holds the lock until the
 * order is committed. So once this transaction holds a cart's lock, no order can be placed on it until the cart is
 * gone, and every order placed on it before has committed; `keep` runs after the lock is taken, in a statement of
 * its own, and sees those orders (READ COMMITTED: each statement sees what committed before it began). A cart
 * locked by a checkout right now is skipped, not waited for: the next sweep decides it. Asking `keep` first and
 * deleting after would miss an order placed between the two statements.
 */
async function sweepBatch(db: Database, now: Date, keep: CartsToKeep, afterId: number) {
  return db.transaction(async (tx) => {
    const expired = await tx
      .select({ id: carts.id })
      .from(carts)
      .where(and(gt(carts.id, afterId), expiredAt(now)))
      .orderBy(asc(carts.id))
      .limit(BATCH_SIZE)
      .for('update', { skipLocked: true });
    const ids = expired.map((cart) => cart.id);
    if (ids.length === 0) return { removed: 0, lastId: undefined };
    const kept = new Set(await keep(tx, ids));
    const doomed = ids.filter((id) => !kept.has(id));
    const deleted =
      doomed.length === 0
        ? []
        : await tx.delete(carts).where(inArray(carts.id, doomed)).returning({ id: carts.id });
    return { removed: deleted.length, lastId: ids.length === BATCH_SIZE ? ids.at(-1) : undefined };
  });
}
