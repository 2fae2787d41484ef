/** A customer's baskets, for an erasure (issue 24): their checkout steps hold addresses and a phone number. */
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/types.ts';
import { carts } from './tables.ts';

/** Deletes every basket of the customer (open or completed: an order keeps its own snapshot); returns how many. */
export async function deleteCustomerCarts(db: Executor, customerId: number): Promise<number> {
  const deleted = await db.delete(carts).where(eq(carts.customerId, customerId)).returning({ id: carts.id });
  return deleted.length;
}
