/**
 * The uses of discount codes by erased orders (issue 24): the use stays (the code's count of uses is a business
 * record), its e-mail and whose use it was go.
 */
import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/types.ts';
import { discountUses } from './tables.ts';

export async function forgetDiscountUses(db: Executor, orderIds: number[]): Promise<void> {
  if (orderIds.length === 0) return;
  await db
    .update(discountUses)
    .set({ email: '', customerKey: null })
    .where(inArray(discountUses.orderId, orderIds));
}
