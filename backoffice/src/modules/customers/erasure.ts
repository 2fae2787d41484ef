/**
 * The account's own rows in an erasure (issue 24, flows/erase-customer.ts): the customer row goes, and with it (the
 * foreign keys cascade) its sessions, link tokens, saved addresses and wishlist; the rate-limit attempts counted
 * against its address and its queued password-reset requests go too.
 */
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/types.ts';
import type { CustomerRow } from './sessions.ts';
import { authAttempts, customers, passwordResetRequests } from './tables.ts';

export async function deleteAccount(tx: Executor, customer: CustomerRow): Promise<void> {
  await tx.delete(authAttempts).where(eq(authAttempts.subject, customer.email));
  await tx
    .delete(passwordResetRequests)
    .where(
      and(eq(passwordResetRequests.siteId, customer.siteId), eq(passwordResetRequests.email, customer.email)),
    );
  await tx.delete(customers).where(eq(customers.id, customer.id));
}
