/**
 * react-admin's authProvider on the staff session (docs/api-contract.md "Staff accounts"): sign-in with the e-mail
 * address, password and a code (or a recovery code), the person and permissions from `GET /staff/me`, sign-out with
 * `DELETE /staff/session`. The session itself is the back-office's HttpOnly `pw_staff` cookie: nothing is kept in
 * browser storage, only the person in memory for the life of the page.
 */
import { HttpError, type AuthProvider } from 'react-admin';
import { allows } from './access.ts';
import { unwrap, type Api } from './api/client.ts';
import type { Me } from './api/types.ts';

export interface SignIn {
  email: string;
  password: string;
  code?: string;
  recovery_code?: string;
}

export function createAuthProvider(api: Api): AuthProvider {
  /** The signed-in person: asked once, forgotten at sign-in, sign-out and any 401. */
  let me: Promise<Me> | undefined;
  let signedIn = false;
  const person = () => {
    me ??= unwrap(api.GET('/api/v1/staff/me')).then(
      ({ data }) => {
        signedIn = true;
        return data;
      },
      (error: unknown) => {
        me = undefined;
        signedIn = false;
        throw error;
      },
    );
    return me;
  };

  return {
    async login(params: SignIn) {
      const { data } = await unwrap(api.POST('/api/v1/staff/session', { body: params }));
      me = Promise.resolve(data);
      signedIn = true;
    },
    async logout() {
      const wasSignedIn = signedIn;
      me = undefined;
      signedIn = false;
      // Without a session (a first visit, an expired one) there is nothing to end.
      if (wasSignedIn) await api.DELETE('/api/v1/staff/session').catch(() => undefined);
    },
    async checkAuth() {
      await person();
    },
    async checkError(error: unknown) {
      // 401: the session ended (idle, sign-out elsewhere, role change): back to the sign-in page. A 403 is a
      // refusal of one call, shown as such; the person stays signed in.
      if (error instanceof HttpError && error.status === 401) {
        me = undefined;
        signedIn = false;
        throw error;
      }
    },
    async getIdentity() {
      const { id, name, email, role } = await person();
      return { id, fullName: name, email, role };
    },
    async getPermissions() {
      return (await person()).permissions;
    },
    async canAccess({ resource, action }) {
      return allows((await person()).permissions, resource, action);
    },
  };
}
