/**
 * Staff people for API tests, made through the staff calls themselves: the setup link makes the first owner, the
 * owner's invitations (read back from the mail outbox) make the others, and each enrols an authenticator with a
 * code computed by otplib from the key the enrolment answered. Tests run on a fake clock: a sign-in waits for the
 * next 30-second step, as a code is never accepted twice.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { generate } from 'otplib';
import { expect } from 'vitest';
import { mailOutbox } from '../src/db/schema.ts';
import type { FakeClock } from '../src/lib/clock.ts';
import { newSetupLink, type Role } from '../src/modules/staff/index.ts';
import { API_KEY } from './helpers.ts';

export const STAFF_PASSWORD = 'Plaster-wall-2027';
/** The console's origin under the test configuration (CONSOLE_URL's default: the back-office port, /admin). */
export const CONSOLE_ORIGIN = 'http://127.0.0.1:4000';

export interface StaffPerson {
  id: number;
  email: string;
  password: string;
  role: Role;
  /** The TOTP key (base32). */
  secret: string;
  recoveryCodes: string[];
  /** The `pw_staff` cookie value of the session the enrolment opened. */
  session: string;
}

/** The headers of a call from the console's page with the session cookie. */
export const consoleHeaders = (session: string) => ({
  cookie: `pw_staff=${session}`,
  origin: CONSOLE_ORIGIN,
  'sec-fetch-site': 'same-origin',
});

export const keyHeaders = { 'x-api-key': API_KEY };

export const totpCode = (secret: string, clock: FakeClock) =>
  generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) });

/** The value of the `pw_staff` cookie an answer sets. */
export function staffCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'pw_staff');
  if (!cookie?.value) throw new Error(`no pw_staff cookie in ${response.statusCode} ${response.body}`);
  return cookie.value;
}

/** The token of the latest link e-mailed to `to` whose path is `path` (`invitation`, `reset`, `enrol`). */
export async function linkTokenOf(app: FastifyInstance, to: string, path: string): Promise<string> {
  const [mail] = await app.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.recipient, to)))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  const match = new RegExp(`/admin/${path}\\?token=([\\w-]+)`).exec(mail?.textBody ?? '');
  if (!match) throw new Error(`no ${path} link e-mailed to ${to}`);
  return match[1]!;
}

/** Enrols from an enrolment answer with a code of the current step; the answer signs in. */
async function enrol(
  app: FastifyInstance,
  clock: FakeClock,
  created: LightMyRequestResponse,
  person: { email: string; role: Role },
): Promise<StaffPerson> {
  expect(created.statusCode, created.body).toBe(201);
  const { enrolment_token, totp } = created.json().data;
  const enrolled = await app.inject({
    method: 'POST',
    url: '/api/v1/staff/enrolment',
    payload: { enrolment_token, code: await totpCode(totp.secret, clock) },
  });
  expect(enrolled.statusCode, enrolled.body).toBe(200);
  const session = staffCookieOf(enrolled);
  const me = await app.inject({ url: '/api/v1/staff/me', headers: { cookie: `pw_staff=${session}` } });
  return {
    id: me.json().data.id,
    ...person,
    password: STAFF_PASSWORD,
    secret: totp.secret,
    recoveryCodes: enrolled.json().data.recovery_codes,
    session,
  };
}

/** The first owner, from a setup link. */
export async function setUpOwner(app: FastifyInstance, clock: FakeClock, email = 'owner@example.co.uk') {
  const link = await newSetupLink(app.db, app.config.consoleUrl, clock.now());
  if (!link) throw new Error('the database already has staff');
  const token = new URL(link).searchParams.get('token')!;
  const created = await app.inject({
    method: 'POST',
    url: '/api/v1/staff/setup',
    payload: { token, name: 'Olive Owner', email, password: STAFF_PASSWORD },
  });
  return enrol(app, clock, created, { email, role: 'owner' });
}

/** A person of `role`, invited with the API key and enrolled through the invitation e-mail. */
export async function inviteAndEnrol(
  app: FastifyInstance,
  clock: FakeClock,
  role: Role,
  email = `${role.replace('_', '-')}@example.co.uk`,
): Promise<StaffPerson> {
  const invited = await app.inject({
    method: 'POST',
    url: '/api/v1/staff/invitations',
    headers: keyHeaders,
    payload: { email, role },
  });
  expect(invited.statusCode, invited.body).toBe(201);
  const token = await linkTokenOf(app, email, 'invitation');
  const created = await app.inject({
    method: 'POST',
    url: '/api/v1/staff/invitations/accept',
    payload: { token, name: `${role} person`, password: STAFF_PASSWORD },
  });
  return enrol(app, clock, created, { email, role });
}

/** Signs in with password and a code of the next time step (the clock moves on 30 s). */
export async function signIn(
  app: FastifyInstance,
  clock: FakeClock,
  person: Pick<StaffPerson, 'email' | 'password' | 'secret'>,
): Promise<LightMyRequestResponse> {
  clock.advance(30_000);
  return app.inject({
    method: 'POST',
    url: '/api/v1/staff/session',
    payload: { email: person.email, password: person.password, code: await totpCode(person.secret, clock) },
  });
}
