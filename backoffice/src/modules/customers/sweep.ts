/**
 * The accounts' rows that no longer count for anything: attempts older than the longest rate-limit window,
 * expired sessions, and link tokens used or expired. A step of the housekeeping flow (flows/housekeeping.ts).
 */
import { AUTH_LIMITS } from '@plasterwick/shop-rules/accounts';
import { isNotNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../../db/types.ts';
import { authAttempts, customerSessions, customerTokens } from './tables.ts';

const LONGEST_WINDOW_MS =
  Math.max(...Object.values(AUTH_LIMITS).map((limit) => limit.windowMinutes)) * 60_000;

export async function sweepAccountRows(db: Executor, now: Date): Promise<void> {
  await db.delete(authAttempts).where(lt(authAttempts.at, new Date(now.getTime() - LONGEST_WINDOW_MS)));
  await db.delete(customerSessions).where(lt(customerSessions.expiresAt, now));
  await db
    .delete(customerTokens)
    .where(or(isNotNull(customerTokens.usedAt), lt(customerTokens.expiresAt, now)));
}
