/** Training sessions: places left, the 15-day cut-off (on a fake clock), 3–5 participants. */
import { MESSAGES } from '@plasterwick/shop-rules/validation';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { trainingSessionItem } from '../src/modules/training/schemas.ts';
import {
  atMostParticipantsMessage,
  notEnoughPlacesMessage,
  registrationOpen,
} from '../src/modules/training/service.ts';
import { mailOutbox, submissions, trainingSessions } from '../src/db/schema.ts';
import { DAY_MS } from '@plasterwick/shop-rules/time';
import { fakeClock } from '../src/lib/clock.ts';
import { solvedBotCheck } from './bot-check-solver.ts';
import { createTestApp, q, SITE_ID, type TestApp } from './helpers.ts';

/** Stands at the time the file starts unless a test moves it (and puts it back). */
const clock = fakeClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(() => t.close());

const listSchema = z.object({
  data: z.object({ items: z.array(trainingSessionItem), total: z.number().int() }),
});
const sessions = async () =>
  listSchema.parse((await t.app.inject({ url: `/api/v1/training-session?${q()}` })).json()).data.items;

const participants = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    first_name: `Trainee${i + 1}`,
    last_name: 'Jones',
    function: 'Plasterer',
  }));
const registration = (sessionId: number, n = 3) => ({
  session_id: sessionId,
  company: 'Jones Plastering',
  company_number: '73282932000074',
  contact_name: 'Rhys Jones',
  email: 'rhys@jones-plastering.example',
  phone: '029 2018 0000',
  participants: participants(n),
});
let address = 0;
/** A registration as the storefront sends it: with a freshly solved bot check, from its own address. */
const register = async (
  payload: object,
  remoteAddress = `10.7.${Math.floor(address / 250)}.${(address++ % 250) + 1}`,
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/training-registration?${q()}`,
    payload: { ...payload, bot_check: await solvedBotCheck(t.app) },
    remoteAddress,
  });

describe('training', () => {
  test('sessions: open only when at least 15 days away, with 3–5 participants', async () => {
    const items = await sessions();
    expect(items.length).toBeGreaterThan(3);
    for (const s of items) {
      const days = (Date.parse(s.starts_on) - Date.now()) / 86_400_000;
      expect(s.registration_open).toBe(days >= 15);
      expect([s.min_participants, s.max_participants]).toEqual([3, 5]);
    }
    expect(items.some((s) => !s.registration_open)).toBe(true);
    const now = clock.now();
    expect(registrationOpen(new Date(now.getTime() + 15 * DAY_MS + 1000), now)).toBe(true);
    expect(registrationOpen(new Date(now.getTime() + 14 * DAY_MS), now)).toBe(false);
  });

  test('registration closes exactly 15 days before the course: open at the cut-off, closed a day after', async () => {
    const startsOn = new Date(clock.now().getTime() + 40 * DAY_MS);
    const [session] = await t.database.db
      .insert(trainingSessions)
      .values({
        siteId: SITE_ID,
        title: 'Cut-off day: fine filling',
        location: 'York',
        startsOn,
        places: 20,
        minParticipants: 3,
        maxParticipants: 5,
      })
      .returning();
    const started = clock.now();
    try {
      for (const [daysBefore, open] of [
        [16, true],
        [15, true],
        [14, false],
      ] as const) {
        clock.set(new Date(startsOn.getTime() - daysBefore * DAY_MS));
        const listed = (await sessions()).find((s) => s.id === session!.id);
        expect(listed?.registration_open, `${daysBefore} days before`).toBe(open);
        const answer = await register(registration(session!.id));
        expect(answer.statusCode, `${daysBefore} days before: ${answer.body}`).toBe(open ? 201 : 400);
        if (!open) expect(answer.json()).toMatchObject({ status: 'registration_closed' });
      }
      // The cut-off to the millisecond.
      const cutOff = new Date(startsOn.getTime() - 15 * DAY_MS);
      expect(registrationOpen(startsOn, cutOff)).toBe(true);
      expect(registrationOpen(startsOn, new Date(cutOff.getTime() + 1))).toBe(false);
    } finally {
      clock.set(started);
    }
  });

  test('registering takes places; the last places cannot be overbooked', async () => {
    const open = (await sessions()).find((s) => s.registration_open && s.places_left === 10);
    expect(open).toBeDefined();
    const res = await register(registration(open!.id, 5));
    expect(res.statusCode, res.body).toBe(201);
    expect((await register(registration(open!.id, 4))).statusCode).toBe(201);
    const after = (await sessions()).find((s) => s.id === open!.id);
    expect(after?.places_left).toBe(1);
    const full = await register(registration(open!.id, 3));
    expect(full.statusCode).toBe(400);
    expect(full.json()).toMatchObject({
      status: 'not_enough_places',
      message: 'Only 1 place is left on this session',
      errors: [{ field: 'body.participants', message: 'At most 1 participant' }],
    });
  });

  test('the places-left message agrees with its number: 1 place is, 3 places are, none left', async () => {
    const from = (payload: object) => register(payload);
    const open = (await sessions()).find((s) => s.registration_open && s.places_left >= 9);
    expect(open, 'an open session with 9 places or more').toBeDefined();
    // Fill it down to 3 places left, 3 to 5 participants at a time.
    for (let toFill = open!.places_left - 3; toFill > 0;) {
      const size = toFill >= 8 ? 5 : toFill <= 5 ? toFill : toFill - 3;
      expect((await from(registration(open!.id, size))).statusCode).toBe(201);
      toFill -= size;
    }
    expect((await sessions()).find((s) => s.id === open!.id)?.places_left).toBe(3);
    const three = await from(registration(open!.id, 4));
    expect(three.statusCode).toBe(400);
    expect(three.json()).toMatchObject({
      status: 'not_enough_places',
      message: 'Only 3 places are left on this session',
      errors: [{ field: 'body.participants', message: 'At most 3 participants' }],
    });
    expect((await from(registration(open!.id, 3))).statusCode).toBe(201);
    const none = await from(registration(open!.id, 3));
    expect(none.json()).toMatchObject({
      status: 'not_enough_places',
      message: 'No places are left on this session',
      errors: [{ field: 'body.participants', message: 'At most 0 participants' }],
    });

    expect([0, 1, 2, 5].map(notEnoughPlacesMessage)).toEqual([
      'No places are left on this session',
      'Only 1 place is left on this session',
      'Only 2 places are left on this session',
      'Only 5 places are left on this session',
    ]);
    expect([1, 2].map(atMostParticipantsMessage)).toEqual([
      'At most 1 participant',
      'At most 2 participants',
    ]);
  });

  test('a session inside the 15-day cut-off refuses registrations with a clear message', async () => {
    const closed = (await sessions()).find((s) => !s.registration_open);
    const res = await register(registration(closed!.id));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      status: 'registration_closed',
      message: 'Registration for this session closed 15 days before the course',
    });
  });

  test('participants: at least 3, at most 5; unknown session 404', async () => {
    const open = (await sessions()).find((s) => s.registration_open && s.places_left >= 5);
    const few = await register(registration(open!.id, 2));
    expect(few.statusCode).toBe(400);
    expect(JSON.stringify(few.json())).toContain('Please register at least 3 participants');
    const many = await register(registration(open!.id, 6));
    expect(JSON.stringify(many.json())).toContain('Please register at most 5 participants');
    const unknown = await register(registration(999999));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      errors: [{ field: 'body.session_id', message: 'Please choose a training session' }],
    });
    const blank = await register({ ...registration(open!.id), email: 'nope', phone: '' });
    expect(blank.json()).toMatchObject({
      errors: expect.arrayContaining([
        { field: 'body.email', message: 'Please enter a valid email address' },
        { field: 'body.phone', message: 'Field required' },
      ]),
    });
  });

  test('company registration number and each participant’s function are checked', async () => {
    const open = (await sessions()).find((s) => s.registration_open && s.places_left >= 3);
    const res = await register({
      ...registration(open!.id),
      company_number: '73282932000075',
      participants: [...participants(2), { first_name: 'Ann', last_name: 'Lee', function: '' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      errors: [
        { field: 'body.company_number', message: MESSAGES.companyNumber },
        { field: 'body.participants.2.function', message: MESSAGES.function },
      ],
    });
  });

  test('concurrent registrations never overbook a session (a real race on the PostgreSQL server)', async () => {
    const [session] = await t.database.db
      .insert(trainingSessions)
      .values({
        siteId: SITE_ID,
        title: 'Race day: finishing plaster',
        location: 'Leeds',
        startsOn: new Date(Date.now() + 40 * 86_400_000),
        places: 10,
        minParticipants: 3,
        maxParticipants: 5,
      })
      .returning();
    // Solved first, so the requests below start together.
    const bodies = await Promise.all(
      Array.from({ length: 6 }, async () => ({
        ...registration(session!.id, 3),
        bot_check: await solvedBotCheck(t.app),
      })),
    );
    const answers = await Promise.all(
      bodies.map((payload, i) =>
        t.app.inject({
          method: 'POST',
          url: `/api/v1/training-registration?${q()}`,
          payload,
          remoteAddress: `10.6.0.${i + 1}`,
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 400, 400, 400]);
    for (const refused of answers.filter((answer) => answer.statusCode === 400)) {
      expect(refused.json()).toMatchObject({ status: 'not_enough_places' });
    }
    const [after] = await t.database.db
      .select()
      .from(trainingSessions)
      .where(eq(trainingSessions.id, session!.id));
    expect(after?.placesTaken).toBe(9);
    const stored = await t.database.db
      .select()
      .from(submissions)
      .where(eq(submissions.kind, 'training-registration'));
    const onSession = stored.filter((row) => row.data.session_id === session!.id);
    expect(onSession.map((row) => (row.data.participants as unknown[]).length)).toEqual([3, 3, 3]);
    // The CHECK is the last wall: no statement can take more places than the session has.
    await expect(
      t.database.db
        .update(trainingSessions)
        .set({ placesTaken: 11 })
        .where(eq(trainingSessions.id, session!.id)),
    ).rejects.toThrow();
  });

  test('each registration is acknowledged with the session details and notified to staff', async () => {
    const open = (await sessions()).find((s) => s.registration_open && s.places_left >= 3);
    const email = 'training.mail@jones-plastering.example';
    expect((await register({ ...registration(open!.id), email })).statusCode).toBe(201);
    const [acknowledgement] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, email));
    expect(acknowledgement?.textBody).toContain(open!.title);
    expect(acknowledgement?.textBody).toContain(open!.location);
    expect(acknowledgement?.textBody).toContain('Thank you for registering 3 participants');
    // The participants' names are for staff: the acknowledgement goes to whatever address was typed.
    expect(acknowledgement?.textBody).not.toContain('Trainee3 Jones');
    const [staff] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'training-registration.staff'));
    expect(staff?.textBody).toContain('Trainee3 Jones');
  });

  test('arbitrary bodies never answer ≥ 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.anything({ maxDepth: 2 }),
          fc.record({
            session_id: fc.oneof(fc.integer(), fc.string()),
            participants: fc.array(fc.anything(), { maxLength: 7 }),
          }),
        ),
        async (body) => {
          const res = await t.app.inject({
            method: 'POST',
            url: `/api/v1/training-registration?${q()}`,
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify(body ?? null),
          });
          expect(res.statusCode).toBeLessThan(500);
        },
      ),
      { numRuns: 60 },
    );
  });
});
