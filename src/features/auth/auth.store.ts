/**
 * The `auth` store of spec §3, persisted in localStorage (`plasterwick:auth`): who is logged in (id, first name,
 * e-mail, audience, whether the e-mail is verified, the trade terms). It is what the pages show, never proof of a
 * session: the HttpOnly session cookie is, and every personal call is checked by the back-office. The header's
 * script keeps it in step with the login indicator cookie (`auth-header.ts`); `auth-session.ts` fills it from
 * the back-office. No API client here.
 */
import { persistentAtom } from '@nanostores/persistent';
import { computed } from 'nanostores';
import type { Customer } from '../../lib/api/auth.ts';
import { authFromCustomer, decodeAuthState, type AuthState } from './auth.ts';

export const AUTH_STORAGE_KEY = 'plasterwick:auth';

export const $auth = persistentAtom<AuthState | null>(AUTH_STORAGE_KEY, null, {
  encode: JSON.stringify,
  decode: decodeAuthState,
});

export const $loggedIn = computed($auth, (state) => state !== null);

/** Stores the customer the back-office answered with (login, `GET /me`, a profile save, a reset). */
export function setCustomer(customer: Customer): void {
  $auth.set(authFromCustomer(customer));
}

export function clearAuth(): void {
  $auth.set(null);
}
