/**
 * Staff's writes on a customer account (issue 24): end its sessions, disable and enable it. Each runs in the
 * caller's transaction (the audit recorder's); the state moves are conditional updates, so a second click finds
 * nothing to move and answers the same state.
 */
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/types.ts';
import { DomainError } from '../../lib/errors.ts';
import { revokeSessions, type CustomerRow } from './sessions.ts';
import { staffCustomerRow } from './staff-reading.ts';
import { customers, customerSessions } from './tables.ts';

/** What the audit trail compares before and after a staff write: the account's state, no personal data. */
export async function customerState(db: Executor, id: number | string) {
  const [row] = await db
    .select({
      disabledAt: customers.disabledAt,
      emailVerifiedAt: customers.emailVerifiedAt,
      sessions: sql<number>`(select count(*)::int from ${customerSessions}
        where ${customerSessions.customerId} = ${customers.id})`,
    })
    .from(customers)
    .where(eq(customers.id, Number(id)));
  return row
    ? {
        disabled_at: row.disabledAt?.toISOString() ?? null,
        email_verified: row.emailVerifiedAt !== null,
        sessions: row.sessions,
      }
    : null;
}

/** Ends every session of the site's account `id` (404 if none); returns how many there were. */
export async function endCustomerSessions(tx: Executor, siteId: number, id: number): Promise<number> {
  await staffCustomerRow(tx, siteId, id, true);
  const ended = await tx
    .delete(customerSessions)
    .where(eq(customerSessions.customerId, id))
    .returning({ tokenHash: customerSessions.tokenHash });
  return ended.length;
}

/**
 * Disables the site's account `id` (enabled → disabled, a conditional update) and ends its sessions at once: the
 * account can no longer sign in (`account_disabled`) nor use a reset link. Disabling a disabled account changes
 * nothing. 404 when the site has no such account.
 */
export async function disableCustomer(tx: Executor, siteId: number, id: number, now: Date): Promise<void> {
  const account = and(eq(customers.id, id), eq(customers.siteId, siteId));
  const [moved] = await tx
    .update(customers)
    .set({ disabledAt: now, updatedAt: now })
    .where(and(account, isNull(customers.disabledAt)))
    .returning({ id: customers.id });
  if (!moved) await staffCustomerRow(tx, siteId, id);
  // Also when it was disabled already: a session cannot outlive the disabling.
  await revokeSessions(tx, id);
}

/** Enables the site's account `id` again (disabled → enabled); enabling an enabled account changes nothing. */
export async function enableCustomer(tx: Executor, siteId: number, id: number, now: Date): Promise<void> {
  const account = and(eq(customers.id, id), eq(customers.siteId, siteId));
  const [moved] = await tx
    .update(customers)
    .set({ disabledAt: null, updatedAt: now })
    .where(and(account, isNotNull(customers.disabledAt)))
    .returning({ id: customers.id });
  if (!moved) await staffCustomerRow(tx, siteId, id);
}

/** 409 `already_verified`: a verification e-mail has nothing left to prove. */
export function requireUnverified(customer: CustomerRow): void {
  if (customer.emailVerifiedAt !== null) {
    throw new DomainError(
      'already_verified',
      `The e-mail address of customer ${customer.id} is already verified: there is nothing to send`,
      { conflict: true },
    );
  }
}

/** 409 `account_disabled`: no link is sent to a disabled account (it could not use it). */
export function requireEnabled(customer: CustomerRow): void {
  if (customer.disabledAt !== null) {
    throw new DomainError(
      'account_disabled',
      `Customer ${customer.id} is disabled: enable the account before sending a link`,
      { conflict: true },
    );
  }
}
