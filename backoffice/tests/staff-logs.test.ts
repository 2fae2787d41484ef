/**
 * Secrets never reach the log (issue 22): the back-office, logging everything it can (`trace`, every request),
 * runs a setup from the link, an enrolment, a sign-in, a password reset (its e-mail sent) and a machine token's
 * creation and use; the captured log holds none of the password, the TOTP key, the codes, the tokens or the links.
 */
import { Writable } from 'node:stream';
import { requestSerializer } from '@plasterwick/shop-rules/logging';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { testConfig } from '../src/config.ts';
import { dataMigrationList } from '../src/data-migrations/index.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { fakeClock } from '../src/lib/clock.ts';
import { newSetupLink } from '../src/modules/staff/index.ts';
import { freshServerDatabase } from './helpers.ts';
import { consoleHeaders, linkTokenOf, signIn, staffCookieOf, totpCode } from './staff-helpers.ts';

const clock = fakeClock(new Date('2026-11-24T09:00:00Z'));
const lines: string[] = [];
const capture = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk));
    done();
  },
});
let database: DatabaseHandle;
let drop: (() => Promise<void>) | undefined;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  const server = process.env.DATABASE_URL ? await freshServerDatabase(process.env.DATABASE_URL) : undefined;
  drop = server?.drop;
  database = await openDatabase({ databaseUrl: server?.url, dataMigrations: dataMigrationList });
  const config = testConfig({ logLevel: 'trace', databaseUrl: server?.url });
  app = await buildApp({
    db: database.db,
    config,
    clock,
    logger: { level: 'trace', stream: capture, serializers: { req: requestSerializer } },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
  await drop?.();
});

it('logs no password, TOTP key, code, token or link', async () => {
  const secrets: string[] = [];
  const link = (await newSetupLink(app.db, app.config.consoleUrl, clock.now()))!;
  const setupToken = new URL(link).searchParams.get('token')!;
  const password = 'Secret-password-2027';
  secrets.push(setupToken, password);

  expect((await app.inject({ url: `/api/v1/staff/setup?token=${setupToken}` })).statusCode).toBe(200);
  const created = await app.inject({
    method: 'POST',
    url: '/api/v1/staff/setup',
    payload: { token: setupToken, name: 'Olive Owner', email: 'owner@example.co.uk', password },
  });
  const { enrolment_token, totp } = created.json().data;
  secrets.push(enrolment_token, totp.secret);
  const code = await totpCode(totp.secret, clock);
  const enrolled = await app.inject({
    method: 'POST',
    url: '/api/v1/staff/enrolment',
    payload: { enrolment_token, code },
  });
  secrets.push(...enrolled.json().data.recovery_codes, staffCookieOf(enrolled));

  const signedIn = await signIn(app, clock, { email: 'owner@example.co.uk', password, secret: totp.secret });
  const session = staffCookieOf(signedIn);
  secrets.push(session);
  await app.inject({
    method: 'POST',
    url: '/api/v1/staff/session',
    payload: { email: 'owner@example.co.uk', password: `${password}x`, code: '000000' },
  });

  await app.inject({
    method: 'POST',
    url: '/api/v1/staff/password-reset',
    payload: { email: 'owner@example.co.uk' },
  });
  await app.mail.drain();
  const resetToken = await linkTokenOf(app, 'owner@example.co.uk', 'reset');
  const newPassword = 'Another-password-2028';
  secrets.push(resetToken, newPassword);
  const confirmed = await app.inject({
    method: 'POST',
    url: '/api/v1/staff/password-reset/confirm',
    payload: { token: resetToken, password: newPassword },
  });
  expect(confirmed.statusCode).toBe(204);

  const again = staffCookieOf(
    await signIn(app, clock, { email: 'owner@example.co.uk', password: newPassword, secret: totp.secret }),
  );
  const token = await app.inject({
    method: 'POST',
    url: '/api/v1/staff/tokens',
    headers: consoleHeaders(again),
    payload: { name: 'Feed', scope: 'read_only' },
  });
  const machineToken = token.json().data.token;
  secrets.push(again, machineToken);
  expect(
    (await app.inject({ url: '/api/v1/staff/me', headers: { authorization: `Bearer ${machineToken}` } }))
      .statusCode,
  ).toBe(401);

  const log = lines.join('');
  // The log did record these requests (it is not empty by accident)…
  expect(log).toContain('/api/v1/staff/setup?token=[redacted]');
  expect(log).toContain('/api/v1/staff/session');
  expect(log).toContain('Choose a new password');
  // …and none of their secrets.
  for (const secret of secrets) expect(log, `the log holds ${secret.slice(0, 6)}…`).not.toContain(secret);
});
