/**
 * Counted attempts (`auth_attempt`): the rate limits that must hold across client addresses and restarts. Each
 * attempt is a row of a scope (what is counted, e.g. `login_failure`) and a subject (whose: a lower-cased e-mail, a
 * client address, a customer id); a limit counts the rows of its window. The login, registration and forgotten
 * password limits count here, and so does the wishlist's sending limit (wishlist/service.ts). Old rows are swept
 * (sweep.ts).
 */
import { and, count, eq, gt } from 'drizzle-orm';
import type { Executor } from '../../db/types.ts';
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

/** Forgets the attempts of `scope` by `subject` (a successful login clears the address's failures). */
export async function clearAttempts(db: Executor, scope: string, subject: string): Promise<void> {
  await db.delete(authAttempts).where(and(eq(authAttempts.scope, scope), eq(authAttempts.subject, subject)));
}
