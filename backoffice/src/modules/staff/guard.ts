/**
 * The access rule of every staff route (issue 22). `staffRoute('catalogue:write')` accepts, in this order:
 * - the API key (`x-api-key`, or `Authorization: Bearer` with anything but a machine token): actor `api-key`,
 *   every permission, from this machine only;
 * - a machine token (`Authorization: Bearer pwt_…`): the permissions of its scope;
 * - the `pw_staff` session cookie: the person's role; its writes need `Origin` equal to CONSOLE_URL's origin and
 *   `Sec-Fetch-Site: same-origin`.
 * Token and cookie calls answer from the console's addresses (lib/exposure.ts). The permission is then checked,
 * deny by default. Everything runs before the body is read. `personRoute()` (a person's own account) takes the
 * cookie only; `staffEntry` (sign-in, setup, invitations, resets) takes no credential. Every staff answer is
 * `Cache-Control: no-store`, and its refusals (403, 409) are recorded in the audit trail.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, unauthorized } from '../../lib/errors.ts';
import { requireConsoleAddress, requireThisMachine } from '../../lib/exposure.ts';
import type { RouteAccess } from '../../lib/http.ts';
import { ANONYMOUS, AuditRecorder, type Actor } from '../audit/index.ts';
import { MACHINE_TOKEN_PREFIX } from './credentials.ts';
import { ALL_PERMISSIONS, permissionsOf, scopePermissions, type Permission } from './roles.ts';
import { findStaffSession, STAFF_COOKIE, type StaffSession } from './sessions.ts';
import { findMachineToken } from './tokens.ts';

export interface StaffCaller {
  actor: Actor;
  permissions: ReadonlySet<Permission>;
  /** The request's audit recorder, acting as `actor`. */
  audit: AuditRecorder;
  /** The session of a person signed in with the cookie; null for a token or the key. */
  session: StaffSession | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller of a staff route, set by its access rule; null elsewhere. */
    staff: StaffCaller | null;
  }
}

/** How the OpenAPI document names the three credentials (components.securitySchemes, app.ts). */
export const STAFF_SECURITY: Record<string, string[]>[] = [
  { apiKey: [] },
  { machineToken: [] },
  { staffSession: [] },
];

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

/** The request's audit recorder acting as `actor`. */
export function recorderOf(request: FastifyRequest, actor: Actor = ANONYMOUS): AuditRecorder {
  const userAgent = header(request, 'user-agent');
  return new AuditRecorder(
    actor,
    { requestId: request.id, ip: request.ip, userAgent: userAgent?.slice(0, 300) ?? null },
    request.server.clock,
  );
}

const crossSite = () =>
  new ApiError(403, 'cross_site_request', 'This call is only accepted from the staff console’s own pages');

/** A write made with the cookie comes from the console's page: its exact origin, and the browser says so. */
export function requireConsoleOrigin(request: FastifyRequest): void {
  if (SAFE_METHODS.has(request.method)) return;
  const { consoleOrigin } = request.server.config;
  if (header(request, 'origin') !== consoleOrigin || header(request, 'sec-fetch-site') !== 'same-origin') {
    throw crossSite();
  }
}

function callerOf(
  request: FastifyRequest,
  actor: Actor,
  permissions: Iterable<Permission>,
  session: StaffSession | null,
) {
  const caller: StaffCaller = {
    actor,
    permissions: new Set(permissions),
    audit: recorderOf(request, actor),
    session,
  };
  request.staff = caller;
  return caller;
}

/** A person's session from the cookie, or null. */
async function sessionCaller(request: FastifyRequest): Promise<StaffCaller | null> {
  const cookie = request.cookies[STAFF_COOKIE];
  if (!cookie) return null;
  requireConsoleAddress(request);
  const session = await findStaffSession(request.server.db, cookie, request.server.clock.now());
  if (!session) return null;
  const { person } = session;
  const actor: Actor = { type: 'person', id: person.id, name: person.name, role: person.role };
  const caller = callerOf(request, actor, permissionsOf(person.role), session);
  requireConsoleOrigin(request);
  return caller;
}

/** Who calls: the key, a token or a session; 401 without a valid one. */
async function authenticate(request: FastifyRequest): Promise<StaffCaller> {
  const { server } = request;
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header(request, 'authorization') ?? '')?.[1];
  if (bearer?.startsWith(MACHINE_TOKEN_PREFIX)) {
    requireConsoleAddress(request);
    const token = await server.secretGuesses.check(request.ip, () =>
      findMachineToken(server.db, bearer, server.clock.now()),
    );
    if (!token) throw unauthorized('This machine token is not valid (unknown, expired or revoked)');
    const actor: Actor = { type: 'token', id: token.id, name: token.name, role: token.scope };
    return callerOf(request, actor, scopePermissions(token.scope), null);
  }
  const key = header(request, 'x-api-key') ?? bearer;
  if (key !== undefined) {
    requireThisMachine(request);
    await server.requireApiKey(request, key);
    return callerOf(
      request,
      { type: 'api-key', id: null, name: 'API key', role: null },
      ALL_PERMISSIONS,
      null,
    );
  }
  const caller = await sessionCaller(request);
  if (caller) return caller;
  // Nothing presented at all counts as a failed guess, as a wrong key does (an expired session does not).
  if (!request.cookies[STAFF_COOKIE]) await server.secretGuesses.check(request.ip, () => false);
  throw unauthorized('Sign in to the staff console, or present a machine token or the API key');
}

/**
 * The access of a staff route that needs `permission` (or, when named, the machine-only `orMachine` permission: the
 * launcher's token reads the current-build pointer so).
 */
export function staffRoute(permission: Permission, orMachine?: Permission): RouteAccess {
  return {
    onRequest: async (request) => {
      const caller = await authenticate(request);
      if (!caller.permissions.has(permission) && !(orMachine && caller.permissions.has(orMachine))) {
        throw new ApiError(403, 'forbidden', `Your role does not allow this (it needs ${permission})`);
      }
    },
    schema: { security: STAFF_SECURITY, 'x-permission': permission },
  };
}

/** The access of a call about the signed-in person's own account: the cookie only. */
export function personRoute(): RouteAccess {
  return {
    onRequest: async (request) => {
      const caller = await sessionCaller(request);
      if (!caller) throw new ApiError(401, 'not_signed_in', 'Please sign in to the staff console');
    },
    schema: { security: [{ staffSession: [] }], 'x-permission': 'account:self' },
  };
}

/** The signed-in person of a `personRoute` (its access rule has made sure there is one). */
export function signedIn(request: FastifyRequest): StaffCaller & { session: StaffSession } {
  const caller = request.staff;
  if (!caller?.session) throw new ApiError(401, 'not_signed_in', 'Please sign in to the staff console');
  return caller as StaffCaller & { session: StaffSession };
}

/** The caller of a `staffRoute` (its access rule has set it). */
export function staffCaller(request: FastifyRequest): StaffCaller {
  if (!request.staff) throw new Error('a staff route without its access rule');
  return request.staff;
}

/** Staff calls made before signing in (setup, invitations, enrolment, sign-in, resets): the console's addresses. */
export const staffEntry = {
  onRequest: async (request: FastifyRequest) => requireConsoleAddress(request),
};

const isStaffCall = (request: FastifyRequest) =>
  request.staff !== null ||
  request.url.startsWith('/api/v1/staff/') ||
  (request.routeOptions.schema as { 'x-permission'?: string } | undefined)?.['x-permission'] !== undefined;

/** Every staff answer is `no-store`; a refusal (403, 409) of a known caller is recorded. */
async function staffAnswer(request: FastifyRequest, reply: FastifyReply) {
  if (!isStaffCall(request)) return;
  reply.header('cache-control', 'no-store');
  const caller = request.staff;
  if (caller && (reply.statusCode === 403 || reply.statusCode === 409)) {
    const params = request.params as { id?: unknown; number?: unknown } | undefined;
    await caller.audit.record(request.server.db, {
      action: `refused:${reply.statusCode}`,
      entity: `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`,
      entityId: typeof params?.id === 'string' || typeof params?.id === 'number' ? params.id : null,
      outcome: 'refused',
    });
  }
}

/** Called once by the app factory: `request.staff` and the answer hook of staff calls. */
export function installStaffAccess(app: FastifyInstance): void {
  app.decorateRequest('staff', null);
  app.addHook('onSend', staffAnswer);
}
