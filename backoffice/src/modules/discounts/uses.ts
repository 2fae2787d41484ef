/**
 * The bookkeeping of a code's uses: an order takes a use when it is placed (a conditional update, so a code with a
 * usage limit is never used more often than that, however many baskets complete at once), records which order holds
 * it (and, for a once-per-customer code, whose it is), and gives it back once when its payment fails or is
 * cancelled.
 */
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
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
  use: { discountId: number; orderId: number; email: string; customerKey: string | null; now: Date },
): Promise<void> {
  await tx.insert(discountUses).values({
    orderId: use.orderId,
    discountId: use.discountId,
    email: use.email.toLowerCase(),
    customerKey: use.customerKey,
    createdAt: use.now,
  });
}

/**
 * An address as a once-per-customer code knows a guest: trimmed, lower-cased, and without a `+tag` after the
 * local part (`sam+2@example.co.uk` reaches the mailbox of `sam@example.co.uk`).
 */
export function normalisedEmail(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  return at < 0 ? address : `${address.slice(0, at).replace(/\+.*$/, '')}${address.slice(at)}`;
}

/** Who holds a once-per-customer code's use: the key the use is recorded under, and every key that counts as theirs. */
export interface UseHolder {
  key: string;
  keys: string[];
}

/**
 * A logged-in customer is the account (`c:<id>`), whatever e-mail is typed at checkout, and a use made as a guest
 * with the account's address counts as theirs too; a guest is the typed e-mail, normalised (`e:<address>`).
 */
export function useHolderOf(customer: { id: number; email: string } | null, typedEmail: string): UseHolder {
  if (customer) {
    const key = `c:${customer.id}`;
    return { key, keys: [key, `e:${normalisedEmail(customer.email)}`] };
  }
  const key = `e:${normalisedEmail(typedEmail)}`;
  return { key, keys: [key] };
}

/**
 * Whether `holder` already holds a use of a once-per-customer code. The code's row is locked first (the use about
 * to be taken locks it anyway): completions with one code wait for each other here, so this check sees every use
 * committed before it, and two baskets of one customer completing at once find the first one's use. The unique
 * index on the uses (tables.ts) is what guarantees it in the database.
 */
export async function usedBefore(tx: Executor, discountId: number, holder: UseHolder): Promise<boolean> {
  await tx.select({ id: discounts.id }).from(discounts).where(eq(discounts.id, discountId)).for('update');
  const [row] = await tx
    .select({ orderId: discountUses.orderId })
    .from(discountUses)
    .where(and(eq(discountUses.discountId, discountId), inArray(discountUses.customerKey, holder.keys)))
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
