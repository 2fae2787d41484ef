/**
 * The staff rows that no longer count for anything: sign-in attempts older than a day (the limits look back 15
 * minutes; a day keeps them for anyone looking into a burst), sessions past their end, and links and setup tokens
 * used or expired (the audit trail keeps what happened). A step of the housekeeping flow (flows/housekeeping.ts).
 */
import { DAY_MS } from '@plasterwick/shop-rules/time';
import { and, isNotNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../../db/types.ts';
import { SESSION_IDLE_MS } from './sessions.ts';
import { staffLinkTokens, staffLoginAttempts, staffSessions, staffSetupTokens } from './tables.ts';

export async function sweepStaffRows(db: Executor, now: Date): Promise<void> {
  await db.delete(staffLoginAttempts).where(lt(staffLoginAttempts.at, new Date(now.getTime() - DAY_MS)));
  await db
    .delete(staffSessions)
    .where(
      or(
        lt(staffSessions.expiresAt, now),
        lt(staffSessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS)),
      ),
    );
  await db
    .delete(staffLinkTokens)
    .where(or(isNotNull(staffLinkTokens.usedAt), lt(staffLinkTokens.expiresAt, now)));
  await db
    .delete(staffSetupTokens)
    .where(and(or(isNotNull(staffSetupTokens.usedAt), lt(staffSetupTokens.expiresAt, now))));
}
