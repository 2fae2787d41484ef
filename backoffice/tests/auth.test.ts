/**
 * Accounts (api-contract.md "Accounts"): registration answers a new and an existing e-mail byte for byte alike and
 * mails each its own letter (caught by an in-process SMTP server), login's one failure answer and dummy hash, the
 * two login limits, the forgotten password's constant answer and hourly limit, single-use reset and verification
 * links with their expiry, sessions revoked by a reset and a password change, guest orders attached by a verified
 * address, /me and its /profile aliases, CSRF on every write, and the sliding session. A fake clock moves time.
 */
import * as argon2 from '@node-rs/argon2';
import { ACCOUNT_MESSAGES, AUTH_INDICATOR_COOKIE, SESSION_COOKIE } from '@plasterwick/shop-rules/accounts';
import { MESSAGES } from '@plasterwick/shop-rules/validation';
import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { testConfig } from '../src/config.ts';
import { customers, orders } from '../src/db/schema.ts';
import { DAY_MS, HOUR_MS } from '@plasterwick/shop-rules/time';
import { fakeClock } from '../src/lib/clock.ts';
import { createCustomer, TEST_PASSWORD } from './account-helpers.ts';
import { solvedBotCheck } from './bot-check-solver.ts';
import { createTestApp, PRO_PLAN, q, SITE_ID, type TestApp } from './helpers.ts';
import { startSmtpCapture, type SmtpCapture } from './smtp-capture.ts';

// Every Argon2 verify is seen, to prove an unknown e-mail verifies a (dummy) hash like a known one.
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const original = await importOriginal<typeof argon2>();
  return { ...original, verify: vi.fn(original.verify) };
});

const START = new Date('2027-03-01T09:00:00Z');
const clock = fakeClock(START);
let t: TestApp;
let smtp: SmtpCapture;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ mail: { ...testConfig().mail, smtpUrl: smtp.url } }, { clock });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(() => clock.set(START));

let addressCounter = 0;
/** A new client address per call that must not meet another test's per-visitor limits. */
const nextAddress = () => `10.30.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`;

const url = (path: string) => `/api/v1${path}?${q()}`;

async function post(
  path: string,
  payload: object,
  headers: Record<string, string> = {},
  remoteAddress = nextAddress(),
) {
  return t.app.inject({ method: 'POST', url: url(path), payload, headers, remoteAddress });
}

/** The messages sent to `address` so far (after the outbox is drained). */
async function mailsTo(address: string): Promise<ParsedMail[]> {
  await t.app.mail.drain();
  return smtp.messages.filter((mail) => {
    const to = Array.isArray(mail.to) ? mail.to : [mail.to];
    return to.some((field) => field?.value.some((value) => value.address === address));
  });
}

const tokenIn = (mail: ParsedMail | undefined, page: string) => {
  const match = new RegExp(`/${page}\\?token=([\\w-]+)`).exec(mail?.text ?? '');
  if (!match?.[1]) throw new Error(`no ${page} link in: ${mail?.text}`);
  return match[1];
};

let emailCounter = 0;
const newEmail = () => `sam.hart${++emailCounter}@example.co.uk`;

const registration = async (email: string, extra: object = {}) => ({
  first_name: 'Sam',
  last_name: 'Hart',
  email,
  password: 'Filler2027',
  audience: 'pro',
  accept_terms: true,
  bot_check: await solvedBotCheck(t.app),
  ...extra,
});

/** The cookies a response sets, by name, with their attributes. */
function cookiesOf(response: {
  cookies: { name: string; value: string; httpOnly?: boolean; sameSite?: string }[];
}) {
  return Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie]));
}

const sessionHeader = (response: Parameters<typeof cookiesOf>[0]) => ({
  cookie: `${SESSION_COOKIE}=${cookiesOf(response)[SESSION_COOKIE]?.value}`,
});

async function me(headers: Record<string, string>) {
  return t.app.inject({ url: url('/me'), headers });
}

async function register(email: string, extra: object = {}) {
  return post('/auth/register', await registration(email, extra));
}

async function loginAs(
  email: string,
  password: string,
  extra: { headers?: Record<string, string>; from?: string } = {},
) {
  return post('/auth/login', { email, password }, extra.headers, extra.from);
}

describe('registration', () => {
  test('a new and an existing e-mail get the same answer, byte for byte; each owner its own e-mail', async () => {
    const email = newEmail();
    const first = await register(email);
    const again = await register(email.toUpperCase(), { first_name: 'Someone', password: 'Other2027x' });
    expect(first.statusCode).toBe(202);
    expect(again.statusCode).toBe(202);
    expect(again.body).toBe(first.body);
    expect(first.json()).toEqual({ status: 'accepted', message: ACCOUNT_MESSAGES.registerAccepted });
    expect(first.headers['cache-control']).toBe('no-store');
    for (const response of [first, again]) expect(response.headers['set-cookie']).toBeUndefined();

    const [customer] = await t.app.db.select().from(customers).where(eq(customers.email, email));
    expect(customer).toMatchObject({ firstName: 'Sam', audience: 'pro', emailVerifiedAt: null });
    expect(customer?.passwordHash).toMatch(/^\$argon2id\$/);

    const mails = await mailsTo(email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Confirm your e-mail address',
      'You already have a Plasterwick account',
    ]);
    const [verification, notice] = mails;
    expect(verification?.text).toContain(`http://localhost:4321/professional-filler/verify-email?token=`);
    expect(notice?.text).toContain('/professional-filler/login');
    expect(notice?.text).toContain('/professional-filler/forgotten-password');
    expect(notice?.text).not.toContain('token=');
    // The second attempt's password did not replace the owner's.
    expect((await loginAs(email, 'Filler2027')).statusCode).toBe(200);
  });

  test('a DIY sign-up gets its links in the DIY pages', async () => {
    const email = newEmail();
    expect((await register(email, { audience: 'part' })).statusCode).toBe(202);
    const [verification] = await mailsTo(email);
    expect(verification?.text).toContain('/diy-filler/verify-email?token=');
  });

  test('the company number follows the spec rule, the terms must be accepted, the password rules apply', async () => {
    const bad = await register(newEmail(), {
      company: 'Hart Plastering',
      company_number: '12',
      accept_terms: false,
      password: 'short',
    });
    expect(bad.statusCode).toBe(400);
    const errors = Object.fromEntries(
      (bad.json() as { errors: { field: string; message: string }[] }).errors.map((e) => [
        e.field,
        e.message,
      ]),
    );
    expect(errors).toMatchObject({
      'body.company_number': MESSAGES.companyNumber,
      'body.accept_terms': MESSAGES.acceptTerms,
      'body.password': ACCOUNT_MESSAGES.password,
    });
    const good = await register(newEmail(), { company: 'Hart Plastering', company_number: '73282932000074' });
    expect(good.statusCode, good.body).toBe(202);
  });

  test('the bot check is required; a filled honeypot gets the same 202 and nothing is stored', async () => {
    const email = newEmail();
    const { bot_check: _bot, ...withoutCheck } = await registration(email);
    const refused = await post('/auth/register', withoutCheck);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ status: 'bot_check_failed' });

    const trapped = await register(email, { website: 'http://spam.example' });
    expect(trapped.statusCode).toBe(202);
    expect(trapped.json()).toEqual({ status: 'accepted', message: ACCOUNT_MESSAGES.registerAccepted });
    expect(await t.app.db.select().from(customers).where(eq(customers.email, email))).toEqual([]);
    expect(await mailsTo(email)).toEqual([]);
  });
});

describe('login', () => {
  test('sets the session and indicator cookies and answers Me; an unverified account may log in', async () => {
    const email = newEmail();
    await register(email);
    const response = await loginAs(email, 'Filler2027');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toMatchObject({
      customer: { email, first_name: 'Sam', email_verified: false, trade: { approved: false } },
      cart: null,
    });
    const cookies = cookiesOf(response);
    expect(cookies[SESSION_COOKIE]).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookies[SESSION_COOKIE]?.value).toMatch(/^[\w-]{43}$/);
    expect(cookies[AUTH_INDICATOR_COOKIE.name]).toMatchObject({ value: '1', sameSite: 'Lax' });
    expect(cookies[AUTH_INDICATOR_COOKIE.name]?.httpOnly).toBeFalsy();
    const mine = await me(sessionHeader(response));
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ email });
  });

  test('unknown e-mail and wrong password: one answer, and the unknown e-mail verifies a dummy hash', async () => {
    const { customer } = await createCustomer(t.app);
    const verify = vi.mocked(argon2.verify);
    verify.mockClear();
    const wrong = await loginAs(customer.email, 'Wrong2027x');
    expect(verify).toHaveBeenCalledTimes(1);
    expect(verify.mock.calls[0]?.[0]).toBe(customer.passwordHash);
    const unknown = await loginAs('nobody@example.co.uk', 'Wrong2027x');
    expect(verify).toHaveBeenCalledTimes(2);
    const dummy = verify.mock.calls[1]?.[0];
    expect(dummy).toMatch(/^\$argon2id\$/);
    expect(dummy).not.toBe(customer.passwordHash);

    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.body).toBe(wrong.body);
    expect(wrong.json()).toEqual({ status: 'invalid_credentials', message: ACCOUNT_MESSAGES.loginFailed });
    expect(wrong.body).not.toContain(ACCOUNT_MESSAGES.userNotFound);
  });

  test('the e-mail is matched in any case and trimmed', async () => {
    const { customer } = await createCustomer(t.app);
    expect((await loginAs(`  ${customer.email.toUpperCase()} `, TEST_PASSWORD)).statusCode).toBe(200);
  });

  test('the 6th failure for one e-mail within 15 minutes → 429 from any address, even with the password', async () => {
    const { customer } = await createCustomer(t.app);
    for (let n = 1; n <= 5; n++)
      expect((await loginAs(customer.email, `Wrong${n}Pass`)).statusCode).toBe(401);
    const blocked = await loginAs(customer.email, TEST_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      status: 'too_many_attempts',
      message: ACCOUNT_MESSAGES.tooManyAttempts,
    });
    expect(blocked.headers['retry-after']).toBe('900');
    // An unknown e-mail is limited the same way (no difference to observe).
    for (let n = 1; n <= 5; n++) await loginAs('ghost@example.co.uk', 'Wrong2027x');
    expect((await loginAs('ghost@example.co.uk', 'Wrong2027x')).statusCode).toBe(429);

    clock.advance(16 * 60 * 1000);
    expect((await loginAs(customer.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  test('the 21st login request from one visitor within 15 minutes → 429, even for a good login', async () => {
    const { customer } = await createCustomer(t.app);
    const from = '10.99.0.1';
    for (let n = 1; n <= 20; n++) {
      const response = await loginAs(`visitor${n}@example.co.uk`, 'Wrong2027x', { from });
      expect(response.statusCode).toBe(401);
    }
    const blocked = await loginAs(customer.email, TEST_PASSWORD, { from });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ status: 'too_many_attempts' });
    // Another visitor is not affected.
    expect((await loginAs(customer.email, TEST_PASSWORD)).statusCode).toBe(200);
    clock.advance(15 * 60 * 1000 + 1);
    expect((await loginAs(customer.email, TEST_PASSWORD, { from })).statusCode).toBe(200);
  });

  test('an empty field → 400 with the spec message', async () => {
    const response = await post('/auth/login', { email: '', password: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { field: 'body.email', message: ACCOUNT_MESSAGES.emailAndPassword },
      { field: 'body.password', message: ACCOUNT_MESSAGES.emailAndPassword },
    ]);
  });
});

describe('logout and sessions', () => {
  test('logout deletes the session and clears both cookies', async () => {
    const { headers } = await createCustomer(t.app);
    const response = await post('/auth/logout', {}, headers);
    expect(response.statusCode).toBe(204);
    const cookies = cookiesOf(response);
    expect(cookies[SESSION_COOKIE]?.value).toBe('');
    expect(cookies[AUTH_INDICATOR_COOKIE.name]?.value).toBe('');
    expect((await me(headers)).statusCode).toBe(401);
    // Without a session it is still a 204.
    expect((await post('/auth/logout', {})).statusCode).toBe(204);
  });

  test('a session lasts 30 days from its last use (sliding)', async () => {
    const { headers } = await createCustomer(t.app);
    clock.advance(29 * DAY_MS);
    expect((await me(headers)).statusCode).toBe(200);
    clock.advance(29 * DAY_MS);
    expect((await me(headers)).statusCode).toBe(200);
    clock.advance(30 * DAY_MS + 1000);
    expect((await me(headers)).statusCode).toBe(401);
  });
});

describe('forgotten password and reset', () => {
  async function forgot(email: string, from?: string) {
    return post(
      '/auth/password/forgot',
      { email, audience: 'pro', bot_check: await solvedBotCheck(t.app) },
      {},
      from,
    );
  }

  test('always 202 with the same answer; a known address gets a link; 3 an hour, then no more e-mail', async () => {
    const { customer } = await createCustomer(t.app);
    const unknown = await forgot('nobody.here@example.co.uk');
    const known = await forgot(customer.email);
    expect(unknown.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ status: 'accepted', message: ACCOUNT_MESSAGES.forgotAccepted });
    await forgot(customer.email);
    await forgot(customer.email);
    const fourth = await forgot(customer.email);
    expect(fourth.body).toBe(unknown.body);
    const mails = await mailsTo(customer.email);
    expect(mails).toHaveLength(3);
    expect(mails[0]?.subject).toBe('Choose a new password');
    expect(mails[0]?.text).toContain('/professional-filler/reset-password?token=');

    clock.advance(HOUR_MS + 1000);
    await forgot(customer.email);
    expect(await mailsTo(customer.email)).toHaveLength(4);
  });

  test('a reset link works once, revokes every session and logs this browser in', async () => {
    const { customer, headers: otherBrowser } = await createCustomer(t.app);
    await forgot(customer.email);
    const token = tokenIn((await mailsTo(customer.email)).at(-1), 'reset-password');

    const reset = await post('/auth/password/reset', { token, password: 'NewFiller2027' });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toMatchObject({ customer: { email: customer.email } });
    expect((await me(otherBrowser)).statusCode).toBe(401);
    expect((await me(sessionHeader(reset))).statusCode).toBe(200);

    const reused = await post('/auth/password/reset', { token, password: 'Another2027x' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ status: 'invalid_token', message: ACCOUNT_MESSAGES.resetLinkInvalid });
    expect((await loginAs(customer.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await loginAs(customer.email, 'NewFiller2027')).statusCode).toBe(200);
  });

  test('a link expires after 60 minutes, and a newer request voids the older link', async () => {
    const { customer } = await createCustomer(t.app);
    await forgot(customer.email);
    const older = tokenIn((await mailsTo(customer.email)).at(-1), 'reset-password');
    await forgot(customer.email);
    const newer = tokenIn((await mailsTo(customer.email)).at(-1), 'reset-password');
    expect(newer).not.toBe(older);
    expect((await post('/auth/password/reset', { token: older, password: 'NewFiller2027' })).statusCode).toBe(
      400,
    );

    clock.advance(61 * 60 * 1000);
    const late = await post('/auth/password/reset', { token: newer, password: 'NewFiller2027' });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ status: 'invalid_token' });
    expect((await loginAs(customer.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  test('an unknown token → 400 invalid_token', async () => {
    const response = await post('/auth/password/reset', { token: 'x'.repeat(43), password: 'NewFiller2027' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 'invalid_token' });
  });
});

describe('password change', () => {
  test('checks the current password, then revokes every other session and keeps this one', async () => {
    const { customer, headers } = await createCustomer(t.app);
    const other = sessionHeader(await loginAs(customer.email, TEST_PASSWORD));
    const wrong = await post(
      '/auth/password/change',
      { current_password: 'Wrong2027x', new_password: 'Changed2027' },
      headers,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([
      { field: 'body.current_password', message: ACCOUNT_MESSAGES.currentPasswordWrong },
    ]);

    const changed = await post(
      '/auth/password/change',
      { current_password: TEST_PASSWORD, new_password: 'Changed2027' },
      headers,
    );
    expect(changed.statusCode).toBe(204);
    expect((await me(headers)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await loginAs(customer.email, 'Changed2027')).statusCode).toBe(200);
  });

  test('needs a session', async () => {
    const response = await post('/auth/password/change', { current_password: 'a', new_password: 'b' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ status: 'unauthorized', message: ACCOUNT_MESSAGES.pleaseLogIn });
  });
});

describe('e-mail verification', () => {
  let orderNumber = 0;
  async function placeOrder(email: string, values: Partial<typeof orders.$inferInsert> = {}) {
    orderNumber += 1;
    const now = clock.now();
    const [order] = await t.app.db
      .insert(orders)
      .values({
        number: `PW-9${String(orderNumber).padStart(5, '0')}`,
        siteId: SITE_ID,
        planId: PRO_PLAN,
        audience: 'pro',
        status: 'paid',
        paymentMethod: 'card',
        email,
        phone: '0161 496 0000',
        delivery: {},
        fulfilmentMethod: 'delivery',
        billing: {},
        currency: 'GBP',
        vatRateBp: 2000,
        pricesIncludeVat: false,
        subtotalExPence: 1000,
        subtotalVatPence: 200,
        subtotalIncPence: 1200,
        discountExPence: 0,
        discountVatPence: 0,
        discountIncPence: 0,
        shippingExPence: 0,
        shippingVatPence: 0,
        shippingIncPence: 0,
        totalExPence: 1000,
        totalVatPence: 200,
        totalIncPence: 1200,
        placedAt: now,
        updatedAt: now,
        ...values,
      })
      .returning();
    return order!;
  }

  test('verifies the address and attaches the guest orders of that address only; the link works once', async () => {
    const email = newEmail();
    const ownEarlier = await placeOrder(email.toUpperCase());
    const someoneElses = await placeOrder('someone.else@example.co.uk');
    const { customer: other } = await createCustomer(t.app);
    const alreadyOwned = await placeOrder(email, { customerId: other.id });
    await register(email);
    const token = tokenIn((await mailsTo(email))[0], 'verify-email');

    const verified = await post('/auth/verify', { token });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ customer: { email, email_verified: true }, attached_orders: 1 });
    const ownerOf = async (id: number) =>
      (await t.app.db.select().from(orders).where(eq(orders.id, id)))[0]?.customerId;
    const customerId = (verified.json() as { customer: { id: number } }).customer.id;
    expect(await ownerOf(ownEarlier.id)).toBe(customerId);
    expect(await ownerOf(someoneElses.id)).toBeNull();
    expect(await ownerOf(alreadyOwned.id)).toBe(other.id);

    const again = await post('/auth/verify', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ status: 'invalid_token' });
  });

  test('an unverified account attaches nothing; a link expires after 7 days', async () => {
    const email = newEmail();
    const earlier = await placeOrder(email);
    await register(email);
    const token = tokenIn((await mailsTo(email))[0], 'verify-email');
    clock.advance(7 * DAY_MS + 1000);
    expect((await post('/auth/verify', { token })).statusCode).toBe(400);
    const [order] = await t.app.db.select().from(orders).where(eq(orders.id, earlier.id));
    expect(order?.customerId).toBeNull();
  });

  test('Me shows the credit the unpaid on-account orders leave', async () => {
    const { customer, headers } = await createCustomer(t.app, {
      tradeApproved: true,
      paymentTermsDays: 30,
      creditLimitPence: 50_000,
      poRequired: true,
    });
    const due = new Date(clock.now().getTime() + 30 * DAY_MS);
    const onAccount = { customerId: customer.id, paymentMethod: 'on_account' as const, paymentDueAt: due };
    await placeOrder(customer.email, { ...onAccount, status: 'on_account' });
    await placeOrder(customer.email, { ...onAccount, status: 'paid' });
    const response = await me(headers);
    expect(response.json()).toMatchObject({
      trade: {
        approved: true,
        payment_terms_days: 30,
        credit_limit_pence: 50_000,
        credit_available_pence: 50_000 - 1200,
        po_required: true,
      },
    });
  });
});

describe('/me and /profile', () => {
  test('401 with "Please log in" without a session, whatever the body', async () => {
    for (const [method, path] of [
      ['GET', '/me'],
      ['PATCH', '/me'],
      ['GET', '/profile'],
      ['PUT', '/profile'],
    ] as const) {
      const response = await t.app.inject({
        method,
        url: url(path),
        payload: method === 'GET' ? undefined : { junk: 1 },
      });
      expect(response.statusCode, `${method} ${path}`).toBe(401);
      expect(response.json()).toEqual({ status: 'unauthorized', message: ACCOUNT_MESSAGES.pleaseLogIn });
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  test('PATCH /me changes the fields given, clears an optional one sent empty; PUT /profile is the same', async () => {
    const { customer, headers } = await createCustomer(t.app, { company: 'Old Co', phone: '0161 496 0000' });
    const patched = await t.app.inject({
      method: 'PATCH',
      url: url('/me'),
      headers,
      payload: { first_name: 'Samira', company: '', newsletter: true },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({
      email: customer.email,
      first_name: 'Samira',
      last_name: 'Plasterer',
      company: null,
      phone: '0161 496 0000',
      newsletter: true,
    });
    const put = await t.app.inject({
      method: 'PUT',
      url: url('/profile'),
      headers,
      payload: { last_name: 'Hart' },
    });
    expect(put.json()).toMatchObject({ first_name: 'Samira', last_name: 'Hart' });
    const profile = await t.app.inject({ url: url('/profile'), headers });
    expect(profile.json()).toEqual((await me(headers)).json());

    const refused = await t.app.inject({
      method: 'PATCH',
      url: url('/me'),
      headers,
      payload: { email: 'new@example.co.uk', company_number: '12' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('body.company_number');
  });
});

describe('same-origin writes only', () => {
  test('a cross-site Sec-Fetch-Site or a foreign Origin → 403 on login, register, logout and /me', async () => {
    const { customer, headers } = await createCustomer(t.app);
    for (const foreign of [{ 'sec-fetch-site': 'cross-site' }, { origin: 'https://evil.example' }]) {
      const calls = [
        {
          method: 'POST' as const,
          path: '/auth/login',
          payload: { email: customer.email, password: TEST_PASSWORD },
        },
        { method: 'POST' as const, path: '/auth/register', payload: await registration(newEmail()) },
        { method: 'POST' as const, path: '/auth/logout', payload: {} },
        { method: 'PATCH' as const, path: '/me', payload: { first_name: 'Mallory' } },
      ];
      for (const call of calls) {
        const response = await t.app.inject({
          method: call.method,
          url: url(call.path),
          headers: { ...headers, ...foreign },
          payload: call.payload,
          remoteAddress: nextAddress(),
        });
        expect(response.statusCode, `${call.path} ${JSON.stringify(foreign)}`).toBe(403);
        expect(response.json()).toMatchObject({ status: 'cross_site_request' });
      }
    }
    expect((await me(headers)).json()).toMatchObject({ first_name: 'Sam' });
    const sameSite = await t.app.inject({
      method: 'PATCH',
      url: url('/me'),
      headers: { ...headers, 'sec-fetch-site': 'same-origin', origin: 'http://localhost:4321' },
      payload: { first_name: 'Samuel' },
    });
    expect(sameSite.statusCode, sameSite.body).toBe(200);
  });
});
