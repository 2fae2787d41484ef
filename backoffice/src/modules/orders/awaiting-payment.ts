/** The baskets orders still hold while they wait for their payment: the cart sweep must keep them. */
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/types.ts';
import { orders } from './tables.ts';

/** Of `cartIds`, the carts whose order is `pending_payment`. */
export async function cartsAwaitingPayment(db: Executor, cartIds: number[]): Promise<number[]> {
  if (cartIds.length === 0) return [];
  const rows = await db
    .select({ cartId: orders.cartId })
    .from(orders)
    .where(and(inArray(orders.cartId, cartIds), eq(orders.status, 'pending_payment')));
  return rows.flatMap((row) => (row.cartId === null ? [] : [row.cartId]));
}
