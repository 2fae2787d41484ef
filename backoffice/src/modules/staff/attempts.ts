/**
 * The limits of staff sign-in (issue 22), kept in the database so they hold across restarts and back-offices:
 * 20 attempts per address and 5 failures per account in 15 minutes. Each attempt is inserted before anything is
 * verified and then counted with the others, so concurrent attempts count each other: of 100 wrong codes sent at
 * once for one account, the n-th attempt to commit sees at least n counted rows, and at most 5 reach the check.
 */
import { and, eq, lte, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/types.ts';
import { DomainError } from '../../lib/errors.ts';
import { staffLoginAttempts } from './tables.ts';

export const ATTEMPT_WINDOW_MINUTES = 15;
export const FAILURES_PER_ACCOUNT = 5;
const WINDOW_MS = ATTEMPT_WINDOW_MINUTES * 60_000;

export const tooManyAttempts = () =>
  new DomainError('too_many_attempts', 'Too many sign-in attempts: please wait 15 minutes and try again', {
    retryAfterSeconds: WINDOW_MS / 1000,
  });

/**
 * Counts a new attempt of `email` from `ip`: 429 when the address has made more than `perAddress` attempts or the
 * account has more than 5 counted ones (this one included) in the window. Returns the attempt's id.
 */
export async function countAttempt(
  db: Database,
  attempt: { email: string; ip: string; now: Date; perAddress: number },
): Promise<number> {
  const [row] = await db
    .insert(staffLoginAttempts)
    .values({ email: attempt.email, ip: attempt.ip, at: attempt.now })
    .returning({ id: staffLoginAttempts.id });
  const id = row!.id;
  const since = new Date(attempt.now.getTime() - WINDOW_MS);
  const [counts] = await db
    .select({
      address: sql<number>`count(*) filter (where ${staffLoginAttempts.ip} = ${attempt.ip})::int`,
      account: sql<number>`count(*) filter (where ${staffLoginAttempts.email} = ${attempt.email} and ${staffLoginAttempts.counted})::int`,
    })
    .from(staffLoginAttempts)
    .where(sql`${staffLoginAttempts.at} > ${since.toISOString()}::timestamptz`);
  if (counts!.address > attempt.perAddress || counts!.account > FAILURES_PER_ACCOUNT) {
    // Refused before any check: it does not count against the account (the address keeps counting it).
    await settleAttempt(db, id, 'refused');
    throw tooManyAttempts();
  }
  return id;
}

/**
 * Settles an attempt: a failure keeps counting against the account; a success stops this one and the account's
 * earlier ones counting (a person who got in after a typo starts afresh).
 */
export async function settleAttempt(
  db: Executor,
  id: number,
  outcome: 'ok' | 'failed' | 'refused',
  email?: string,
): Promise<void> {
  await db
    .update(staffLoginAttempts)
    .set({ outcome, counted: outcome === 'failed' })
    .where(eq(staffLoginAttempts.id, id));
  if (outcome === 'ok' && email !== undefined) {
    await db
      .update(staffLoginAttempts)
      .set({ counted: false })
      .where(and(eq(staffLoginAttempts.email, email), lte(staffLoginAttempts.id, id)));
  }
}
