/** What the tests of versioned staff writes share: the keyed call, and the 409 of a write made from a stale version. */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { versionConflictBody } from '../../src/lib/http.ts';
import { API_KEY, q } from '../helpers.ts';

export type StaffMethod = 'PUT' | 'PATCH' | 'POST' | 'DELETE';

/** A staff call with the API key on `/api/v1{path}`, the site's common query added. */
export function staffCall(app: FastifyInstance, method: StaffMethod, path: string, payload?: object) {
  return app.inject({
    method,
    url: `/api/v1${path}?${q()}`,
    headers: { 'x-api-key': API_KEY },
    ...(payload ? { payload } : {}),
  });
}

type Answer = Awaited<ReturnType<typeof staffCall>>;

/** The second of two writes from one version: a 409 `version_conflict` naming the version the first moved to. */
export function expectStale(response: Answer, currentVersion: number) {
  expect(response.statusCode, response.body).toBe(409);
  expect(versionConflictBody.parse(response.json())).toMatchObject({
    status: 'version_conflict',
    current_version: currentVersion,
  });
}

/** The fields a 400 names. */
export function fieldsNamed(response: Answer): string[] {
  expect(response.statusCode, response.body).toBe(400);
  return (versionConflictBody.parse(response.json()).errors ?? []).map((error) => error.field);
}
