/**
 * Guest orders joining an account (api-contract.md "Accounts"): once a customer proves an e-mail address (the
 * verification link), the orders placed on the site as a guest with that address, in any case, become the
 * account's, so they show in its order list and can be ordered again.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/types.ts';
import { orders } from './tables.ts';

export interface GuestOrdersClaim {
  siteId: number;
  /** The address the customer proved. */
  email: string;
  customerId: number;
  now: Date;
}

/** Attaches the site's guest orders of `email` to the customer; returns how many joined. */
export async function claimGuestOrders(tx: Executor, claim: GuestOrdersClaim): Promise<number> {
  const claimed = await tx
    .update(orders)
    .set({ customerId: claim.customerId, updatedAt: claim.now })
    .where(
      and(
        isNull(orders.customerId),
        eq(orders.siteId, claim.siteId),
        sql`lower(${orders.email}) = ${claim.email.toLowerCase()}`,
      ),
    )
    .returning({ id: orders.id });
  return claimed.length;
}
