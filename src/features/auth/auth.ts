/**
 * The `auth` state of spec §3 (who is logged in), pure: its shape, how it is read back from storage, the login
 * indicator cookie (`pw_auth=1`, readable by scripts, no secret) and where a login may send the visitor. No zod:
 * the header's script reads the stored state on every page.
 */
import { AUDIENCES, type Audience } from '../../lib/config.ts';
import type { Customer } from '../../lib/api/auth.ts';
import { isNumber, isPositiveInt, isString, objectOf, oneOf, parseJson } from '../site/guards.ts';

/** An approved trade account's terms (spec: trade summary), in pence. */
export interface TradeSummary {
  paymentTermsDays: number;
  creditLimitPence: number;
  creditAvailablePence: number;
  poRequired: boolean;
}

/** Who is logged in, as the browser keeps it: what pages show, nothing secret. */
export interface AuthState {
  id: number;
  firstName: string;
  email: string;
  audience: Audience;
  emailVerified: boolean;
  /** Null unless the account is an approved trade account. */
  trade: TradeSummary | null;
}

const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';

const isTrade = objectOf({
  paymentTermsDays: isNumber,
  creditLimitPence: isNumber,
  creditAvailablePence: isNumber,
  poRequired: isBoolean,
});

const isAuthState = objectOf({
  id: isPositiveInt,
  firstName: isString,
  email: isString,
  audience: oneOf(AUDIENCES),
  emailVerified: isBoolean,
  trade: (value: unknown): value is TradeSummary | null => value === null || isTrade(value),
});

/** Stored JSON → the state; anything unreadable (hand-edited, an older shape) is nobody. */
export function decodeAuthState(raw: string | null | undefined): AuthState | null {
  return (parseJson(raw, isAuthState) as AuthState | undefined) ?? null;
}

export function authFromCustomer(customer: Customer): AuthState {
  const { trade } = customer;
  return {
    id: customer.id,
    firstName: customer.firstName,
    email: customer.email,
    audience: customer.audience,
    emailVerified: customer.emailVerified,
    trade: trade.approved
      ? {
          paymentTermsDays: trade.paymentTermsDays,
          creditLimitPence: trade.creditLimitPence,
          creditAvailablePence: trade.creditAvailablePence,
          poRequired: trade.poRequired,
        }
      : null,
  };
}

/**
 * The login indicator cookie (`AUTH_INDICATOR_COOKIE` of shop-rules' accounts, `pw_auth=1`). Passed in rather
 * than imported: that module brings zod, which the header's script must not load on every page.
 */
export interface AuthIndicator {
  name: string;
  value: string;
}

/** Whether `cookies` (`document.cookie`) holds the login indicator. */
export function hasAuthCookie(cookies: string, indicator: AuthIndicator): boolean {
  return cookies.split(';').some((pair) => pair.trim() === `${indicator.name}=${indicator.value}`);
}

/** The `document.cookie` assignment that removes the indicator (the session it stood for is gone). */
export function expiredAuthCookie(indicator: AuthIndicator): string {
  return `${indicator.name}=; Max-Age=0; Path=/; SameSite=Lax`;
}

/** The origin paths are resolved against: only what stays on it is a path of this site. */
const SITE_ORIGIN = 'https://same.invalid';

/**
 * Where a login may send the visitor (`?next=`): a path of this site only, never another origin nor the login or
 * sign-up pages themselves; otherwise undefined. The path is judged after normalising, as the browser will read
 * it: resolved against the site's origin (`/..//evil`, `/.//evil`, `/x/..//evil` and `/%2e%2e//evil` all
 * become `//evil`, which a browser reads as another host), then decoded (`/%2F%2Fevil`). What is returned is the
 * normalised path.
 */
export function safeNextPath(next: string | null | undefined): string | undefined {
  if (!next?.startsWith('/')) return undefined;
  // Control characters and backslashes are read as slashes by some browsers: refuse them outright.
  if ([...next].some((char) => char === '\\' || char.charCodeAt(0) < 0x20 || char === '\u007f'))
    return undefined;
  let url: URL;
  let decoded: string;
  try {
    url = new URL(next, SITE_ORIGIN);
    decoded = decodeURIComponent(url.pathname);
  } catch {
    return undefined;
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (url.origin !== SITE_ORIGIN || !isSitePath(path) || !isSitePath(decoded)) return undefined;
  if (/\/(login|sign-up)\/?$/.test(decoded)) return undefined;
  return path;
}

/** One slash, then no second one or backslash: `//host` and `/\\host` name another host. */
const isSitePath = (path: string) => /^\/(?![/\\])/.test(path) && !path.includes('\\');

/** Device favourites and the server wishlist together: the device's order first, no duplicates. */
export function unionOfIds(device: readonly number[], server: readonly number[]): number[] {
  return [...new Set([...device, ...server])];
}

/** The token of an e-mailed link (`?token=` of the page's query string), '' when there is none. */
export function linkTokenOf(search: string): string {
  return new URLSearchParams(search).get('token')?.trim() ?? '';
}
