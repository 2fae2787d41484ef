/**
 * Training sessions written by staff (issue 26): a `content` person adds a session and changes its dates, places
 * and location from its version; a stale version is a 409, places below the participants already registered a
 * 400 naming the field; each write is in the audit trail and the public list shows it; a `read_only` person gets 403.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, trainingSessions } from '../src/db/schema.ts';
import { fakeClock } from '../src/lib/clock.ts';
import { createTestApp, q, type TestApp } from './helpers.ts';
import { consoleHeaders, inviteAndEnrol, type StaffPerson } from './staff-helpers.ts';

const clock = fakeClock(new Date('2027-06-01T09:00:00Z'));
let t: TestApp;
let content: StaffPerson;
let readOnly: StaffPerson;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  content = await inviteAndEnrol(t.app, clock, 'content');
  readOnly = await inviteAndEnrol(t.app, clock, 'read_only');
});
afterAll(() => t.close());

function call(method: 'GET' | 'POST' | 'PATCH', path: string, payload?: object, person = content) {
  return t.app.inject({
    method,
    url: `/api/v1${path}?${q()}`,
    headers: consoleHeaders(person.session),
    ...(payload ? { payload } : {}),
  });
}

const newSession = {
  title: 'Skimming for beginners',
  location: 'Leeds training centre',
  starts_on: '2027-09-14T08:30:00.000Z',
  places: 10,
};

describe('staff writes of training sessions', () => {
  it('adds a session and changes only the named fields from its version', async () => {
    const created = await call('POST', '/staff/training-sessions', newSession);
    expect(created.statusCode, created.body).toBe(201);
    const session = created.json().data;
    expect(session).toMatchObject({ ...newSession, version: 1, places_taken: 0, min_participants: 3 });

    const patched = await call('PATCH', `/staff/training-sessions/${session.id}`, {
      version: 1,
      location: 'Bristol training centre',
      starts_on: '2027-09-21T08:30:00+01:00',
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().data).toMatchObject({
      title: newSession.title,
      location: 'Bristol training centre',
      starts_on: '2027-09-21T07:30:00.000Z',
      places: 10,
      version: 2,
    });

    const stale = await call('PATCH', `/staff/training-sessions/${session.id}`, { version: 1, places: 12 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ status: 'version_conflict', current_version: 2 });

    const listed = await t.app.inject({ url: `/api/v1/training-session?${q({ upcoming: '0' })}` });
    const shown = listed.json().data.items.find((s: { id: number }) => s.id === session.id);
    expect(shown).toMatchObject({ location: 'Bristol training centre', places_left: 10 });

    const audit = await t.app.db.select().from(auditEvents).where(eq(auditEvents.entity, 'training_session'));
    expect(audit.map((row) => row.action)).toEqual(
      expect.arrayContaining(['training_session.create', 'training_session.update']),
    );
  });

  it('keeps each save in the history and restores an old version live, as a new version', async () => {
    const created = (await call('POST', '/staff/training-sessions', newSession)).json().data;
    const moved = await call('PATCH', `/staff/training-sessions/${created.id}`, {
      version: 1,
      location: 'York training centre',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const history = await call('GET', `/staff/content/training-session/${created.id}/history`);
    expect(history.statusCode, history.body).toBe(200);
    const items = history.json().data.items;
    expect(items.map((item: { version: number }) => item.version)).toEqual([2, 1]);
    expect(items[0].changes).toEqual([
      { field: 'location', before: newSession.location, after: 'York training centre' },
    ]);
    const restored = await call('POST', `/staff/content/training-session/${created.id}/restore`, {
      version: 2,
      from_version: 1,
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().data).toMatchObject({ version: 3, item: { location: newSession.location } });
    const stale = await call('POST', `/staff/content/training-session/${created.id}/restore`, {
      version: 2,
      from_version: 1,
    });
    expect(stale.statusCode).toBe(409);
  });

  it('never sets places below the participants already registered', async () => {
    const created = (await call('POST', '/staff/training-sessions', newSession)).json().data;
    await t.app.db
      .update(trainingSessions)
      .set({ placesTaken: 6 })
      .where(eq(trainingSessions.id, created.id));
    const below = await call('PATCH', `/staff/training-sessions/${created.id}`, { version: 1, places: 5 });
    expect(below.statusCode, below.body).toBe(400);
    expect(below.json()).toMatchObject({
      status: 'places_below_registrations',
      errors: [{ field: 'body.places' }],
    });
    const exact = await call('PATCH', `/staff/training-sessions/${created.id}`, { version: 1, places: 6 });
    expect(exact.statusCode, exact.body).toBe(200);
    expect(exact.json().data).toMatchObject({ places: 6, places_taken: 6, version: 2 });
  });

  it('refuses bad input with 400, an unknown session with 404, and a read-only person with 403', async () => {
    const bad = await call('POST', '/staff/training-sessions', {
      ...newSession,
      min_participants: 6,
      max_participants: 5,
    });
    expect(bad.statusCode).toBe(400);
    const noDate = await call('POST', '/staff/training-sessions', { ...newSession, starts_on: 'soon' });
    expect(noDate.statusCode).toBe(400);
    const missing = await call('PATCH', '/staff/training-sessions/999999', { version: 1, places: 3 });
    expect(missing.statusCode).toBe(404);
    const refused = await call('POST', '/staff/training-sessions', newSession, readOnly);
    expect(refused.statusCode).toBe(403);
  });
});
