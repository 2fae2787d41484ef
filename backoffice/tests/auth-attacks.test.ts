/**
 * Accounts under attack (issue 21). The limits that guard a password under a burst of guesses: the attempt is
 * counted before Argon2 runs, so 100 wrong passwords for one address sent at once from 100 addresses have at most 5
 * checked (401), the rest refused (429), and the right password after them is refused too; a success does not
 * clear the failures of other requests; the password change shares the address's limit (every Argon2 verify is
 * counted). The forgotten password does the same work in the request for an address with or without an account:
 * the mail job writes the link. Runs on PGlite and, with DATABASE_URL, on PostgreSQL, where requests really run at
 * once.
 */
import * as argon2 from '@node-rs/argon2';
import { ACCOUNT_MESSAGES } from '@plasterwick/shop-rules/accounts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { rowsOf } from '../src/db/rows.ts';
import { fakeClock } from '../src/lib/clock.ts';
import { writeResetLinks } from '../src/modules/customers/index.ts';
import { forgotPassword } from '../src/modules/customers/service.ts';
import { createCustomer, TEST_PASSWORD } from './account-helpers.ts';
import { createTestApp, q, SITE_ID, type TestApp } from './helpers.ts';

vi.mock('@node-rs/argon2', async (importOriginal) => {
  const original = await importOriginal<typeof argon2>();
  return { ...original, verify: vi.fn(original.verify) };
});
const verify = vi.mocked(argon2.verify);

const START = new Date('2027-03-01T09:00:00Z');
const clock = fakeClock(START);
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(() => t.close());
beforeEach(() => {
  verify.mockClear();
});

let addressCounter = 0;
/** A client address of its own per request: only the address's limit can refuse it. */
const nextAddress = () => `10.40.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`;

async function login(email: string, password: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/auth/login?${q()}`,
    payload: { email, password },
    remoteAddress: nextAddress(),
  });
}

const statuses = (responses: { statusCode: number }[]) =>
  responses.reduce<Record<number, number>>((counts, { statusCode }) => {
    counts[statusCode] = (counts[statusCode] ?? 0) + 1;
    return counts;
  }, {});

describe('guessing a password at once', () => {
  test('100 wrong passwords at once from 100 addresses: at most 5 are checked (401), the rest 429, then the right one is refused', async () => {
    const { customer } = await createCustomer(t.app);
    const wave = await Promise.all(
      Array.from({ length: 100 }, (_, n) => login(customer.email, `Wrong${n}Guess`)),
    );
    const counts = statuses(wave);
    expect(Object.keys(counts).sort()).toEqual(['401', '429']);
    expect(counts[401]).toBeGreaterThan(0);
    expect(counts[401]).toBeLessThanOrEqual(5);
    expect(counts[429]).toBe(100 - counts[401]!);
    expect(wave.find((r) => r.statusCode === 429)!.json()).toEqual({
      status: 'too_many_attempts',
      message: ACCOUNT_MESSAGES.tooManyAttempts,
    });
    // Argon2 ran only for the requests answered 401.
    expect(verify).toHaveBeenCalledTimes(counts[401]!);

    const right = await login(customer.email, TEST_PASSWORD);
    expect(right.statusCode).toBe(429);
  });

  test('a wave with the right password among the guesses checks at most 5 passwords in all', async () => {
    const { customer } = await createCustomer(t.app);
    const passwords = Array.from({ length: 30 }, (_, n) => (n === 24 ? TEST_PASSWORD : `Wrong${n}Guess`));
    const wave = await Promise.all(passwords.map((password) => login(customer.email, password)));
    const counts = statuses(wave);
    expect((counts[401] ?? 0) + (counts[200] ?? 0)).toBeLessThanOrEqual(5);
    expect(verify.mock.calls.length).toBe((counts[401] ?? 0) + (counts[200] ?? 0));
    // However it went, the failures it made still count: five of them lock the address.
    const failuresLeft = 5 - (counts[401] ?? 0);
    for (let n = 0; n < failuresLeft; n++) {
      expect((await login(customer.email, 'Wrong2027x')).statusCode).toBe(401);
    }
    expect((await login(customer.email, TEST_PASSWORD)).statusCode).toBe(429);
  });

  test('a success keeps the failures before it: 4 wrong, the right one, then the 5th wrong locks the address', async () => {
    const { customer } = await createCustomer(t.app);
    for (let n = 1; n <= 4; n++) expect((await login(customer.email, 'Wrong2027x')).statusCode).toBe(401);
    expect((await login(customer.email, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await login(customer.email, 'Wrong2027x')).statusCode).toBe(401);
    expect((await login(customer.email, TEST_PASSWORD)).statusCode).toBe(429);
    // Right passwords alone never lock anyone out.
    const { customer: other } = await createCustomer(t.app);
    for (let n = 1; n <= 8; n++) expect((await login(other.email, TEST_PASSWORD)).statusCode).toBe(200);
    clock.advance(15 * 60_000 + 1);
    expect((await login(customer.email, TEST_PASSWORD)).statusCode).toBe(200);
    clock.set(START);
  });

  test('the password change counts against the same limit, before its check', async () => {
    const { customer, headers } = await createCustomer(t.app);
    const wave = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        t.app.inject({
          method: 'POST',
          url: `/api/v1/auth/password/change?${q()}`,
          headers,
          payload: { current_password: `Wrong${n}Guess`, new_password: 'Another2027x' },
          remoteAddress: nextAddress(),
        }),
      ),
    );
    const counts = statuses(wave);
    expect(counts[400]).toBeLessThanOrEqual(5);
    expect(counts[429]).toBe(20 - counts[400]!);
    expect(verify).toHaveBeenCalledTimes(counts[400]!);
    expect((await login(customer.email, TEST_PASSWORD)).statusCode).toBe(429);
  });
});

describe('the forgotten password', () => {
  // An app whose jobs are stopped (its database stays open): what the request leaves behind can be looked at
  // before the mail job handles it.
  let quiet: TestApp;
  beforeAll(async () => {
    quiet = await createTestApp({}, { clock });
    await quiet.app.close();
  });
  afterAll(() => quiet.database.close());

  const counts = async () =>
    rowsOf<{ tokens: number; outbox: number; requests: number; attempts: number }>(
      await quiet.database.db.execute(sql`
        select (select count(*)::int from customer_token) as tokens,
               (select count(*)::int from mail_outbox) as outbox,
               (select count(*)::int from password_reset_request) as requests,
               (select count(*)::int from auth_attempt) as attempts`),
    )[0]!;

  test('the request writes the same rows for an address with an account and one without; the mail job mails the link', async () => {
    const { customer } = await createCustomer(quiet.app);
    const deps = { db: quiet.database.db, clock, config: quiet.app.config };
    const site = { id: SITE_ID } as Parameters<typeof forgotPassword>[1];
    const before = await counts();
    await forgotPassword(deps, site, { email: 'nobody.here@example.co.uk', audience: 'pro' });
    const afterUnknown = await counts();
    await forgotPassword(deps, site, { email: customer.email.toUpperCase(), audience: 'part' });
    const afterKnown = await counts();
    const change = (from: typeof before, to: typeof before) => ({
      tokens: to.tokens - from.tokens,
      outbox: to.outbox - from.outbox,
      requests: to.requests - from.requests,
      attempts: to.attempts - from.attempts,
    });
    expect(change(before, afterUnknown)).toEqual({ tokens: 0, outbox: 0, requests: 1, attempts: 1 });
    expect(change(afterUnknown, afterKnown)).toEqual(change(before, afterUnknown));

    expect(await writeResetLinks(quiet.database.db, quiet.app.config.mail)).toBe(2);
    expect(change(afterKnown, await counts())).toEqual({ tokens: 1, outbox: 1, requests: -2, attempts: 0 });
    const [mail] = rowsOf<{ recipient: string; text_body: string }>(
      await quiet.database.db.execute(
        sql`select recipient, text_body from mail_outbox where kind = 'account.password_reset'`,
      ),
    );
    expect(mail?.recipient).toBe(customer.email);
    // The link leads back to the audience the request came from.
    expect(mail?.text_body).toMatch(/\/diy-filler\/reset-password\?token=[\w-]+/);
  });
});
