/**
 * Counted attempts (`auth_attempt`): the rate limits that must hold across client addresses and restarts. Each
 * attempt is a row of a scope (what is counted, e.g. `login_failure`) and a subject (whose: a lower-cased e-mail, a
 * client address, a customer id); a limit counts the rows of its window. The login, registration and forgotten
 * password limits count here, and so does the wishlist's sending limit (wishlist/service.ts). Old rows are swept
 * (sweep.ts).
 */
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/types.ts';
import { authAttempts } from './tables.ts';

/** At most `max` attempts within `windowMinutes` (the shape of shop-rules' `AUTH_LIMITS`). */
export interface AttemptLimit {
  max: number;
  windowMinutes: number;
}

const MINUTE_MS = 60_000;

export async function recordAttempt(db: Executor, scope: string, subject: string, now: Date): Promise<void> {
  await db.insert(authAttempts).values({ scope, subject, at: now });
}

/** Attempts of `scope` by `subject` within the limit's window. */
export async function attemptsWithin(
  db: Executor,
  scope: string,
  subject: string,
  limit: AttemptLimit,
  now: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(authAttempts)
    .where(
      and(
        eq(authAttempts.scope, scope),
        eq(authAttempts.subject, subject),
        gt(authAttempts.at, new Date(now.getTime() - limit.windowMinutes * MINUTE_MS)),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Takes one of the limit's attempts for `subject` before the secret is checked, so the check itself is what is
 * limited: a conditional insert (counted, then inserted only while under the limit) under a transaction lock on
 * the scope and subject, so requests at once take the attempts one after the other and the count of each sees
 * every attempt committed before it (READ COMMITTED: each statement sees what committed before it began). Of any
 * number of requests at once, exactly `limit.max` get one. Returns the attempt's id, which stays counted until
 * `forgiveAttempt`; undefined when the limit is reached (nothing is inserted).
 */
export async function takeAttempt(
  db: Database,
  scope: string,
  subject: string,
  limit: AttemptLimit,
  now: Date,
): Promise<number | undefined> {
  return db.transaction(async (tx) => {
    // An advisory lock of the transaction, keyed by a 64-bit hash: a collision only makes two subjects wait for
    // each other.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`auth_attempt:${scope}:${subject}`}, 0))`,
    );
    if ((await attemptsWithin(tx, scope, subject, limit, now)) >= limit.max) return undefined;
    const [row] = await tx
      .insert(authAttempts)
      .values({ scope, subject, at: now })
      .returning({ id: authAttempts.id });
    return row?.id;
  });
}

/**
 * Takes back one attempt taken by `takeAttempt` (the secret was right). Only that one: the attempts of other
 * requests, in flight or failed, keep counting.
 */
export async function forgiveAttempt(db: Executor, id: number): Promise<void> {
  await db.delete(authAttempts).where(eq(authAttempts.id, id));
}
