/**
 * Staff sessions (issue 22): the HttpOnly `pw_staff` cookie (SameSite=Strict, `Secure` behind TLS) holds 32 random
 * bytes, `staff_session` their SHA-256. A session ends after 30 idle minutes, 12 hours after sign-in, at sign-out,
 * and when the person's password, role or status changes. Only staff routes read this cookie.
 */
import { STAFF_COOKIE } from '@plasterwick/shop-rules/staff';
import { and, desc, eq, gt, ne } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Executor } from '../../db/types.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { staffPeople, staffSessions } from './tables.ts';

export { STAFF_COOKIE };
const MINUTE_MS = 60_000;
export const SESSION_IDLE_MS = 30 * MINUTE_MS;
export const SESSION_ABSOLUTE_MS = 12 * 60 * MINUTE_MS;
/** `last_seen_at` is written at most this often per session. */
const TOUCH_EVERY_MS = MINUTE_MS;

export type PersonRow = typeof staffPeople.$inferSelect;

export interface StaffSession {
  id: number;
  person: PersonRow;
}

/** Opens a session of `personId`; returns the cookie's value (the table keeps its hash). */
export async function openStaffSession(
  db: Executor,
  personId: number,
  now: Date,
  client: { ip: string; userAgent: string },
): Promise<string> {
  const token = newToken();
  await db.insert(staffSessions).values({
    tokenHash: hashToken(token),
    personId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
    ip: client.ip,
    userAgent: client.userAgent,
  });
  return token;
}

/** The live session of a cookie value, of an active person, or null; marks it seen. */
export async function findStaffSession(db: Executor, token: string, now: Date): Promise<StaffSession | null> {
  if (token.length > 100) return null;
  const [row] = await db
    .select({ id: staffSessions.id, lastSeenAt: staffSessions.lastSeenAt, person: staffPeople })
    .from(staffSessions)
    .innerJoin(staffPeople, eq(staffPeople.id, staffSessions.personId))
    .where(
      and(
        eq(staffSessions.tokenHash, hashToken(token)),
        gt(staffSessions.expiresAt, now),
        gt(staffSessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS)),
        eq(staffPeople.active, true),
      ),
    );
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
    await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.id, row.id));
  }
  return { id: row.id, person: row.person };
}

/** Ends the person's sessions, or all but `keepId` (a password change keeps the browser that made it). */
export async function endSessionsOf(db: Executor, personId: number, keepId?: number): Promise<void> {
  await db
    .delete(staffSessions)
    .where(
      keepId === undefined
        ? eq(staffSessions.personId, personId)
        : and(eq(staffSessions.personId, personId), ne(staffSessions.id, keepId)),
    );
}

/** Ends one session of the person; false when the person has no such session. */
export async function endSession(db: Executor, personId: number, sessionId: number): Promise<boolean> {
  const ended = await db
    .delete(staffSessions)
    .where(and(eq(staffSessions.id, sessionId), eq(staffSessions.personId, personId)))
    .returning({ id: staffSessions.id });
  return ended.length > 0;
}

/** The person's live sessions, newest first. */
export async function sessionsOf(db: Executor, personId: number, now: Date) {
  return db
    .select()
    .from(staffSessions)
    .where(
      and(
        eq(staffSessions.personId, personId),
        gt(staffSessions.expiresAt, now),
        gt(staffSessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS)),
      ),
    )
    .orderBy(desc(staffSessions.lastSeenAt), desc(staffSessions.id));
}

/** `Secure` when the console is behind TLS or the request came over it. */
function isSecure(request: FastifyRequest): boolean {
  return request.protocol === 'https' || request.server.config.consoleUrl.startsWith('https:');
}

const cookieOptions = (request: FastifyRequest) => ({
  path: '/',
  httpOnly: true,
  sameSite: 'strict' as const,
  secure: isSecure(request),
});

export function setStaffCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(STAFF_COOKIE, token, { ...cookieOptions(request), maxAge: SESSION_ABSOLUTE_MS / 1000 });
}

export function clearStaffCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(STAFF_COOKIE, cookieOptions(request));
}
