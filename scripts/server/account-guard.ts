/**
 * The route guard of spec §6 on the account area: `/{target}/account` and everything under it answer 302 to the
 * audience's home when the request has no login indicator cookie (`pw_auth=1`). The indicator holds no secret,
 * so the guard only spares a logged-out visitor an empty account page: every personal answer is the
 * back-office's, behind the HttpOnly session. Pure, so the server and its test share it.
 */
import path from 'node:path';
import { AUTH_INDICATOR_COOKIE } from '@plasterwick/shop-rules/accounts';
import { AUDIENCES, DEFAULT_AUDIENCE, TARGET_SEGMENTS, type Audience } from '../../src/lib/config.ts';

/** The audience's home: `/` for the default audience, its segment for the other. */
export function audienceHome(audience: Audience): string {
  return audience === DEFAULT_AUDIENCE ? '/' : `/${TARGET_SEGMENTS[audience]}`;
}

/**
 * The audience whose account area `pathname` (decoded, without the query) is in, read the way static files are
 * found (repeated slashes and dot segments resolved, a trailing slash ignored); undefined elsewhere.
 */
export function accountAreaOf(pathname: string): Audience | undefined {
  const parts = path.posix.normalize(pathname).split('/').filter(Boolean);
  if (parts[1] !== 'account') return undefined;
  return AUDIENCES.find((audience) => TARGET_SEGMENTS[audience] === parts[0]);
}

/** Whether the `Cookie` header carries the login indicator. */
export function hasLoginIndicator(cookieHeader: string | undefined): boolean {
  const { name, value } = AUTH_INDICATOR_COOKIE;
  return (cookieHeader ?? '').split(';').some((pair) => pair.trim() === `${name}=${value}`);
}

/** Where the guard sends the request, or undefined when it may pass. */
export function accountGuardRedirect(pathname: string, cookieHeader: string | undefined): string | undefined {
  const audience = accountAreaOf(pathname);
  if (!audience || hasLoginIndicator(cookieHeader)) return undefined;
  return audienceHome(audience);
}
