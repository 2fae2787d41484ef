/**
 * Customer sessions (api-contract.md "Accounts"): an opaque random token in an HttpOnly cookie, only its SHA-256
 * in `customer_session`; 30 days, extended while used (at most one write a minute), revocable row by row. A second
 * cookie, `pw_auth=1`, holds no secret: it only tells the static pages that someone is logged in (spec §6 route
 * guard). `request.shop.session` resolves the cookie once per request.
 */
import {
  ACCOUNT_MESSAGES,
  AUTH_INDICATOR_COOKIE,
  SESSION_COOKIE,
  SESSION_DAYS,
} from '@plasterwick/shop-rules/accounts';
import { DAY_MS } from '@plasterwick/shop-rules/time';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/types.ts';
import { ApiError } from '../../lib/errors.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { Executor } from '../../db/types.ts';
import { customers, customerSessions } from './tables.ts';

export type CustomerRow = typeof customers.$inferSelect;

export interface CustomerSession {
  customer: CustomerRow;
  /** The hash of this browser's session token (to revoke all others on a password change). */
  tokenHash: string;
}

declare module '../../lib/context.ts' {
  interface ShopValues {
    /** The logged-in customer of the session cookie; null for a visitor without a valid session. */
    session: CustomerSession | null;
  }
}

const SESSION_MS = SESSION_DAYS * DAY_MS;
/** Sliding expiry is written at most this often per session. */
const SLIDE_EVERY_MS = 60 * 1000;

/** A new session of the customer, valid 30 days from `now`; returns its token (the table keeps its hash). */
export async function createSession(db: Executor, customerId: number, now: Date): Promise<string> {
  const token = newToken();
  await db.insert(customerSessions).values({
    tokenHash: hashToken(token),
    customerId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_MS),
  });
  return token;
}

/** The resolver of `request.shop.session`. */
export function sessionResolver(db: Database) {
  return async (request: FastifyRequest): Promise<CustomerSession | null> => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 100) return null;
    const tokenHash = hashToken(token);
    const now = request.server.clock.now();
    const [row] = await db
      .select({ customer: customers, lastSeenAt: customerSessions.lastSeenAt })
      .from(customerSessions)
      .innerJoin(customers, eq(customers.id, customerSessions.customerId))
      .where(
        and(
          eq(customerSessions.tokenHash, tokenHash),
          gt(customerSessions.expiresAt, now),
          // A disabled account's sessions are deleted when it is disabled; this keeps any straggler out too.
          isNull(customers.disabledAt),
        ),
      );
    if (!row) return null;
    if (now.getTime() - row.lastSeenAt.getTime() >= SLIDE_EVERY_MS) {
      await db
        .update(customerSessions)
        .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + SESSION_MS) })
        .where(eq(customerSessions.tokenHash, tokenHash));
    }
    return { customer: row.customer, tokenHash };
  };
}

/** The logged-in customer, or 401 with the spec's "please log in". */
export async function requireCustomer(request: FastifyRequest): Promise<CustomerSession> {
  const session = await request.shop.session;
  if (!session) throw new ApiError(401, 'unauthorized', ACCOUNT_MESSAGES.pleaseLogIn);
  return session;
}

export async function revokeSession(db: Executor, tokenHash: string): Promise<void> {
  await db.delete(customerSessions).where(eq(customerSessions.tokenHash, tokenHash));
}

/** Logs every browser of the customer out, or every one but `keepTokenHash` (a password change keeps its own). */
export async function revokeSessions(
  db: Executor,
  customerId: number,
  keepTokenHash?: string,
): Promise<void> {
  await db
    .delete(customerSessions)
    .where(
      keepTokenHash
        ? and(eq(customerSessions.customerId, customerId), ne(customerSessions.tokenHash, keepTokenHash))
        : eq(customerSessions.customerId, customerId),
    );
}

/** `Secure` on HTTPS: the request's own scheme (the storefront forwards it), or the shop's HTTPS address. */
function isSecure(request: FastifyRequest): boolean {
  return request.protocol === 'https' || request.server.config.mail.siteUrl.startsWith('https:');
}

/** Sets the session cookie and the login indicator after a login, a registration or a password reset. */
export function setSessionCookies(request: FastifyRequest, reply: FastifyReply, token: string): void {
  const common = {
    path: '/',
    sameSite: 'lax' as const,
    secure: isSecure(request),
    maxAge: SESSION_MS / 1000,
  };
  reply.setCookie(SESSION_COOKIE, token, { ...common, httpOnly: true });
  reply.setCookie(AUTH_INDICATOR_COOKIE.name, AUTH_INDICATOR_COOKIE.value, { ...common, httpOnly: false });
}

export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply): void {
  const common = { path: '/', sameSite: 'lax' as const, secure: isSecure(request) };
  reply.clearCookie(SESSION_COOKIE, { ...common, httpOnly: true });
  reply.clearCookie(AUTH_INDICATOR_COOKIE.name, { ...common, httpOnly: false });
}
