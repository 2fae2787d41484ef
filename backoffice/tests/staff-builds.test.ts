/**
 * Build records and the current-build pointer (issue 26, docs/api-contract.md "Staff: builds"): the launcher reports
 * a build's start and outcome with the API key or a machine token of the machine-only scope `builds:write`; people
 * and other tokens are refused. Success moves the pointer, failure does not; a rollback moves it back (audited) and
 * is refused for a failed or pruned build; the status is derived (queued, building, live, failed).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeClock } from '../src/lib/clock.ts';
import { createTestApp, q, type TestApp } from './helpers.ts';
import { consoleHeaders, inviteAndEnrol, keyHeaders, type StaffPerson } from './staff-helpers.ts';

const clock = fakeClock(new Date('2027-06-01T13:30:00Z'));
let t: TestApp;
let content: StaffPerson;
let readOnly: Record<string, string>;
let reporter: Record<string, string>;
let catalogueToken: Record<string, string>;

async function tokenOf(scope: string): Promise<Record<string, string>> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/staff/tokens',
    headers: keyHeaders,
    payload: { name: `${scope} token`, scope },
  });
  expect(created.statusCode, created.body).toBe(201);
  return { authorization: `Bearer ${created.json().data.token}` };
}

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  content = await inviteAndEnrol(t.app, clock, 'content');
  reporter = await tokenOf('builds:write');
  catalogueToken = await tokenOf('catalogue');
  readOnly = await tokenOf('read_only');
});
afterAll(() => t.close());

function call(
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  headers: Record<string, string>,
  payload?: object,
) {
  return t.app.inject({ method, url: `/api/v1/staff${path}`, headers, ...(payload ? { payload } : {}) });
}

const start = (id: string, content_version: number, headers = reporter) =>
  call('POST', '/builds', headers, { id, content_version });
const report = (id: string, body: object, headers = reporter) =>
  call('PATCH', `/builds/${id}`, headers, body);
const status = async () => {
  const response = await call('GET', '/builds/current', reporter);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};
const contentVersion = async () => (await status()).content_version as number;

/** A content write the audit trail records (a redirect, with the key): it moves the content version. */
async function contentWrite(from: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/v1/staff/redirects?${q()}`,
    headers: keyHeaders,
    payload: { from, to: '/' },
  });
  expect(response.statusCode, response.body).toBe(201);
}

describe('build reports', () => {
  it('take the key or a builds:write token, and refuse people, other tokens and no credential', async () => {
    expect((await start('20270601T133000-aaaaaa', 0, {})).statusCode).toBe(401);
    expect((await start('20270601T133000-aaaaaa', 0, consoleHeaders(content.session))).statusCode).toBe(403);
    expect((await start('20270601T133000-aaaaaa', 0, catalogueToken)).statusCode).toBe(403);
    // No person can be given the machine-only scope.
    const invited = await t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/invitations',
      headers: keyHeaders,
      payload: { email: 'launcher@example.co.uk', role: 'builds:write' },
    });
    expect(invited.statusCode).toBe(400);
    // The builds:write token reports, and reads only the pointer.
    expect((await call('GET', '/builds', reporter)).statusCode).toBe(403);
    expect((await call('GET', '/builds/current', reporter)).statusCode).toBe(200);
    expect((await call('GET', '/builds/current', readOnly)).statusCode).toBe(200);
    expect((await status()).state).toBe('none');

    const first = await start('20270601T133000-aaaaaa', await contentVersion(), keyHeaders);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({ status: 'building', current: false });
    expect((await status()).state).toBe('building');
    clock.advance(20_000);
    const done = await report('20270601T133000-aaaaaa', {
      outcome: 'succeeded',
      message: 'Built 120 pages',
      log_tail: `${'x'.repeat(20_000)}\n[build] done`,
      contents: { products: 12, categories: 4, pages: 120, redirects: 30 },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ status: 'succeeded', current: true, duration_ms: 20_000 });
    expect(done.json().data.log_tail.length).toBeLessThanOrEqual(8 * 1024 + 2);
    expect(done.json().data.log_tail).toMatch(/\[build\] done$/);
    // Not live until the storefront serves it.
    expect((await status()).state).toBe('building');
    clock.advance(2_000);
    await report('20270601T133000-aaaaaa', { served: true });
    const live = await status();
    expect(live).toMatchObject({ state: 'live', build_id: '20270601T133000-aaaaaa', reason: 'build' });
    expect(live.live_since).toBe(clock.now().toISOString());
    expect(live.current.contents).toEqual({ products: 12, categories: 4, pages: 120, redirects: 30 });

    // An outcome is given once: the same again changes nothing, another is a conflict.
    expect((await report('20270601T133000-aaaaaa', { outcome: 'succeeded' })).statusCode).toBe(200);
    expect((await report('20270601T133000-aaaaaa', { outcome: 'failed' })).statusCode).toBe(409);
    expect((await report('20270601T133000-ffffff', { outcome: 'failed' })).statusCode).toBe(404);
    expect((await start('not-a-build-id', 1)).statusCode).toBe(400);
  });

  it('queues a change, records what changed, keeps the pointer on a failure, and rolls back', async () => {
    clock.advance(60_000);
    await contentWrite('/old-builds-page');
    const queued = await status();
    expect(queued.state).toBe('queued');
    expect(queued.content_version).toBeGreaterThan(queued.newest.content_version);

    clock.advance(1_000);
    const second = await start('20270601T133200-bbbbbb', queued.content_version);
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().data.changes_total).toBe(1);
    expect(second.json().data.changes[0]).toMatchObject({ action: 'redirect.create', entity: 'redirect' });
    clock.advance(10_000);
    await report('20270601T133200-bbbbbb', { outcome: 'succeeded', message: 'Built' });
    await report('20270601T133200-bbbbbb', { served: true });
    expect(await status()).toMatchObject({ state: 'live', build_id: '20270601T133200-bbbbbb' });

    clock.advance(60_000);
    await contentWrite('/another-old-page');
    const third = await start('20270601T133400-cccccc', await contentVersion(), keyHeaders);
    expect(third.json().data.changes).toHaveLength(1);
    clock.advance(3_000);
    const failed = await report(
      '20270601T133400-cccccc',
      {
        outcome: 'failed',
        message: 'back-office lists 5 products, down from 12: refusing a catalogue that shrank below 50 %',
        log_tail: '[build] FAILED after 3 s: refusing a catalogue that shrank',
      },
      keyHeaders,
    );
    expect(failed.statusCode, failed.body).toBe(200);
    const afterFailure = await status();
    expect(afterFailure).toMatchObject({ state: 'failed', build_id: '20270601T133200-bbbbbb' });
    expect(afterFailure.newest.message).toContain('shrank below 50 %');
    expect(afterFailure.current.id).toBe('20270601T133200-bbbbbb');

    // Rollback: refused for people without content:publish, a failed build, an unknown one.
    const rollback = (id: string, headers: Record<string, string> = consoleHeaders(content.session)) =>
      call('POST', `/builds/${id}/rollback`, headers);
    expect((await rollback('20270601T133000-aaaaaa', readOnly)).statusCode).toBe(403);
    const refused = await rollback('20270601T133400-cccccc');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().status).toBe('build_not_good');
    expect((await rollback('20270601T133000-eeeeee')).statusCode).toBe(404);

    const list = await call('GET', '/builds?perPage=10', readOnly);
    expect(list.statusCode, list.body).toBe(200);
    expect(
      list.json().data.items.map((b: { id: string; can_roll_back: boolean }) => [b.id, b.can_roll_back]),
    ).toEqual([
      ['20270601T133400-cccccc', false],
      ['20270601T133200-bbbbbb', false],
      ['20270601T133000-aaaaaa', true],
    ]);

    clock.advance(5_000);
    const rolled = await rollback('20270601T133000-aaaaaa');
    expect(rolled.statusCode, rolled.body).toBe(200);
    expect(rolled.json().data.current).toBe(true);
    expect((await rollback('20270601T133000-aaaaaa')).statusCode).toBe(200);
    const afterRollback = await status();
    // Neither queued (the content version is not ahead of the newest build) nor failed: the rollback serves.
    expect(afterRollback).toMatchObject({
      state: 'building',
      build_id: '20270601T133000-aaaaaa',
      reason: 'rollback',
    });
    await report('20270601T133000-aaaaaa', { served: true });
    expect((await status()).state).toBe('live');

    const audit = await t.app.inject({
      url: '/api/v1/staff/audit?action=build.rollback',
      headers: keyHeaders,
    });
    expect(audit.statusCode, audit.body).toBe(200);
    const event = audit.json().data.items.find((e: { changes: object }) => Object.keys(e.changes).length > 0);
    expect(event).toMatchObject({ entity: 'build_pointer', actor_name: 'content person' });
    expect(event.changes.build_id).toEqual({
      before: '20270601T133200-bbbbbb',
      after: '20270601T133000-aaaaaa',
    });

    // A build deleted from the disk cannot be rolled back to.
    await report('20270601T133200-bbbbbb', { pruned: true });
    const pruned = await rollback('20270601T133200-bbbbbb');
    expect(pruned.statusCode).toBe(409);
    expect(pruned.json().status).toBe('build_pruned');
    expect((await report('20270601T133400-cccccc', { served: true })).statusCode).toBe(409);
  });
});
