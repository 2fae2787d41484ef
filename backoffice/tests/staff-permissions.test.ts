/**
 * The role × permission matrix, walked (issue 22): every staff route of the OpenAPI document, called by a person of
 * every role, answers 403 exactly when the role lacks the route's `x-permission`, and never 401 or 403 otherwise. A
 * route that takes a credential without naming its permission fails, and so does a staff path left without one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeClock } from '../src/lib/clock.ts';
import { PERMISSIONS, ROLES, roleCan, type Permission, type Role } from '../src/modules/staff/index.ts';
import { createTestApp, q, type TestApp } from './helpers.ts';
import { consoleHeaders, inviteAndEnrol, keyHeaders, setUpOwner, type StaffPerson } from './staff-helpers.ts';

const clock = fakeClock(new Date('2026-11-24T09:00:00Z'));
let t: TestApp;
const people = new Map<Role, StaffPerson>();

/** The staff calls made before signing in: no credential, no permission. */
const ENTRY_CALLS = new Set([
  'GET /api/v1/staff/setup',
  'POST /api/v1/staff/setup',
  'GET /api/v1/staff/invitations/accept',
  'POST /api/v1/staff/invitations/accept',
  'GET /api/v1/staff/enrolment',
  'POST /api/v1/staff/enrolment/start',
  'POST /api/v1/staff/enrolment',
  'POST /api/v1/staff/session',
  'DELETE /api/v1/staff/session',
  'POST /api/v1/staff/password-reset',
  'POST /api/v1/staff/password-reset/confirm',
]);

interface Operation {
  method: string;
  path: string;
  permission: string | undefined;
  secured: boolean;
}

function operations(document: {
  paths: Record<string, Record<string, Record<string, unknown>>>;
}): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      permission: operation['x-permission'] as string | undefined,
      secured: Array.isArray(operation.security),
    })),
  );
}

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  people.set('owner', await setUpOwner(t.app, clock));
  for (const role of ROLES.filter((r) => r !== 'owner'))
    people.set(role, await inviteAndEnrol(t.app, clock, role));
}, 120_000);
afterAll(() => t.close());

describe('the role × permission matrix', () => {
  it('names a known permission on every staff route, and on every one that takes a credential', async () => {
    const all = operations((await t.app.inject({ url: '/api/v1/openapi.json' })).json());
    const staff = all.filter(
      (op) =>
        op.secured || (op.path.startsWith('/api/v1/staff/') && !ENTRY_CALLS.has(`${op.method} ${op.path}`)),
    );
    expect(staff.length).toBeGreaterThan(80);
    for (const op of staff) {
      expect(op.permission, `${op.method} ${op.path} names no permission`).toBeDefined();
      expect(op.permission === 'account:self' || Object.hasOwn(PERMISSIONS, op.permission!)).toBe(true);
    }
    // The entry calls exist, and take no credential.
    for (const call of ENTRY_CALLS) {
      const op = all.find((o) => `${o.method} ${o.path}` === call);
      expect(op, call).toBeDefined();
      expect(op!.permission).toBeUndefined();
    }
  });

  it('allows or refuses every staff route for every role exactly as the matrix says', async () => {
    const all = operations((await t.app.inject({ url: '/api/v1/openapi.json' })).json());
    const walked = all.filter((op) => op.permission !== undefined);
    let calls = 0;
    for (const op of walked) {
      // Path parameters get values no row has: an allowed call is then a 400 or 404, never a change.
      const url = op.path.replace(/\{[^}]+\}/g, '999999');
      for (const [role, person] of people) {
        const response = await t.app.inject({
          method: op.method as 'GET',
          url: `${url}?${q({ saleplan_id: 1 })}`,
          headers: consoleHeaders(person.session),
        });
        calls += 1;
        const where = `${op.method} ${op.path} as ${role}: ${response.statusCode} ${response.body.slice(0, 200)}`;
        expect(response.statusCode, where).not.toBe(401);
        if (roleCan(role, op.permission as Permission)) expect(response.statusCode, where).not.toBe(403);
        else {
          expect(response.statusCode, where).toBe(403);
          expect(response.json().status).toBe('forbidden');
        }
      }
    }
    expect(calls).toBe(walked.length * ROLES.length);
    // The API key holds every permission.
    for (const op of walked.filter((o) => o.permission !== 'account:self')) {
      const url = op.path.replace(/\{[^}]+\}/g, '999999');
      const response = await t.app.inject({
        method: op.method as 'GET',
        url: `${url}?${q()}`,
        headers: keyHeaders,
      });
      expect(response.statusCode, `${op.method} ${op.path} with the key`).not.toBe(403);
    }
  }, 120_000);
});
