/**
 * The bookkeeping of a code's uses: an order takes a use when it is placed (a conditional update, so a code with a
 * usage limit is never used more often than that, however many baskets complete at once), records which order holds
 * it, and gives it back once when its payment fails or is cancelled.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/types.ts';
import { discounts, discountUses } from './tables.ts';

/** Takes a use of a code: `used < usage_limit`, atomically. False when none is left. */
export async function takeDiscountUse(tx: Executor, discountId: number): Promise<boolean> {
  const taken = await tx
    .update(discounts)
    .set({ used: sql`${discounts.used} + 1` })
    .where(
      and(
        eq(discounts.id, discountId),
        sql`(${discounts.usageLimit} is null or ${discounts.used} < ${discounts.usageLimit})`,
      ),
    )
    .returning({ id: discounts.id });
  return taken.length > 0;
}

/** Records which order holds the use just taken (so that a failed payment gives it back, once). */
export async function recordDiscountUse(
  tx: Executor,
  use: { discountId: number; orderId: number; email: string; now: Date },
): Promise<void> {
  await tx.insert(discountUses).values({
    orderId: use.orderId,
    discountId: use.discountId,
    email: use.email.toLowerCase(),
    createdAt: use.now,
  });
}

/** Whether `email` already holds a use of a code (once-per-customer codes; guests are known by e-mail). */
export async function usedBy(tx: Executor, discountId: number, email: string): Promise<boolean> {
  const [row] = await tx
    .select({ orderId: discountUses.orderId })
    .from(discountUses)
    .where(and(eq(discountUses.discountId, discountId), eq(discountUses.email, email.toLowerCase())))
    .limit(1);
  return Boolean(row);
}

/** Gives back the code use an order holds (once: the use row is deleted). */
export async function releaseDiscountUse(tx: Executor, orderId: number): Promise<void> {
  const released = await tx
    .delete(discountUses)
    .where(eq(discountUses.orderId, orderId))
    .returning({ discountId: discountUses.discountId });
  for (const { discountId } of released) {
    await tx
      .update(discounts)
      .set({ used: sql`${discounts.used} - 1` })
      .where(and(eq(discounts.id, discountId), gt(discounts.used, 0)));
  }
}
