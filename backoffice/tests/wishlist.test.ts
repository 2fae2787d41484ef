/**
 * The wishlist (api-contract.md "Accounts"): 401 "Please log in" without a session, `replace` and `merge` (the
 * union of the device favourites), ids of no product dropped, one customer's list never another's; `POST
 * /wishlist/send` with the forms' bot check, only from an account that confirmed its e-mail address (403
 * `email_not_verified`), the fixed template (product names, packs, links, the note) to the customer or a colleague,
 * and 5 e-mails per customer an hour (429), counted across restarts in `auth_attempt`; 200 products at most.
 */
import { ACCOUNT_MESSAGES, MAX_WISHLIST_ITEMS } from '@plasterwick/shop-rules/accounts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, products } from '../src/db/schema.ts';
import { HOUR_MS } from '@plasterwick/shop-rules/time';
import { fakeClock } from '../src/lib/clock.ts';
import { createCustomer, type TestCustomer } from './account-helpers.ts';
import { solvedBotCheck } from './bot-check-solver.ts';
import { productOf } from './cart-helpers.ts';
import { createTestApp, PART_PLAN, q, SITE_ID, type TestApp } from './helpers.ts';

const clock = fakeClock(new Date('2027-03-01T09:00:00Z'));
let t: TestApp;
let alex: TestCustomer;
let sam: TestCustomer;
let ids: number[];

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  // Accounts that confirmed their address: only they may send the wishlist.
  const emailVerifiedAt = clock.now();
  alex = await createCustomer(t.app, {
    audience: 'part',
    firstName: 'Alex',
    lastName: 'Morgan',
    emailVerifiedAt,
  });
  sam = await createCustomer(t.app, { audience: 'part', emailVerifiedAt });
  const listing = await t.app.inject({ url: `/api/v1/product?${q({ saleplan_id: PART_PLAN, perPage: 3 })}` });
  ids = (listing.json().data.items as { id: number }[]).map((p) => p.id);
});
afterAll(() => t.close());

function call(who: TestCustomer | null, method: 'GET' | 'PUT' | 'POST', path: string, payload?: object) {
  return t.app.inject({
    method,
    url: `/api/v1${path}?${q({ saleplan_id: PART_PLAN })}`,
    headers: who?.headers ?? {},
    ...(payload ? { payload } : {}),
  });
}

async function put(who: TestCustomer, productIds: number[], mode: 'replace' | 'merge') {
  const response = await call(who, 'PUT', '/wishlist', { product_ids: productIds, mode });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().product_ids as number[];
}

const mailsOf = (kind: string) => t.app.db.select().from(mailOutbox).where(eq(mailOutbox.kind, kind));

describe('the wishlist', () => {
  it('answers 401 "Please log in" without a session, whatever the body', async () => {
    for (const [method, path, body] of [
      ['GET', '/wishlist', undefined],
      ['PUT', '/wishlist', { nonsense: 1 }],
      ['POST', '/wishlist/send', { email: 'a@b.example' }],
    ] as const) {
      const response = await call(null, method, path, body);
      expect(response.statusCode, `${method} ${path}`).toBe(401);
      expect(response.json()).toEqual({ status: 'unauthorized', message: 'Please log in' });
    }
  });

  it('replaces and merges (the union); ids of no product are dropped; each customer has their own', async () => {
    const [a, b, c] = ids as [number, number, number];
    expect(await put(alex, [a, b, 999_999], 'replace')).toEqual([a, b]);
    const read = await call(alex, 'GET', '/wishlist');
    expect(read.headers['cache-control']).toBe('no-store');
    expect(read.json()).toEqual({ product_ids: [a, b] });
    clock.advance(1000);
    expect(await put(alex, [c, b, b], 'merge')).toEqual([a, b, c]);
    expect(await put(sam, [c], 'replace')).toEqual([c]);
    expect((await call(alex, 'GET', '/wishlist')).json()).toEqual({ product_ids: [a, b, c] });
    expect(await put(sam, [], 'replace')).toEqual([]);
    expect((await call(alex, 'GET', '/wishlist')).json().product_ids).toHaveLength(3);
    const refused = await call(alex, 'PUT', '/wishlist', { product_ids: ['x'], mode: 'merge' });
    expect(refused.statusCode).toBe(400);
  });
});

describe('the wishlist limit', () => {
  it(`holds ${MAX_WISHLIST_ITEMS} products: a merge beyond it keeps the list and adds while there is room`, async () => {
    const made = await t.app.db
      .insert(products)
      .values(
        Array.from({ length: 250 }, (_, i) => ({
          siteId: SITE_ID,
          reference: `WL-${i}`,
          slug: `wishlist-limit-${i}`,
          name: `Limit product ${i}`,
          shortDescription: '',
          description: '',
        })),
      )
      .returning({ id: products.id });
    const many = made.map((row) => row.id);
    const customer = await createCustomer(t.app);
    expect(await put(customer, many.slice(0, 150), 'replace')).toHaveLength(150);
    const merged = await put(customer, many.slice(100, 250), 'merge');
    expect(merged).toEqual(many.slice(0, MAX_WISHLIST_ITEMS));
  });
});

describe('sending the wishlist', () => {
  it('needs the bot check, and something in the list', async () => {
    const noCheck = await call(alex, 'POST', '/wishlist/send', {});
    expect(noCheck.statusCode).toBe(400);
    expect(noCheck.json().status).toBe('bot_check_failed');
    const empty = await call(sam, 'POST', '/wishlist/send', { bot_check: await solvedBotCheck(t.app) });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().status).toBe('wishlist_empty');
  });

  it('mails the fixed template to the customer: names, packs and links', async () => {
    const multiFill = await productOf(t.app, 'plasterwick-multi-fill-powder', PART_PLAN);
    await put(alex, [multiFill.id], 'replace');
    const response = await call(alex, 'POST', '/wishlist/send', { bot_check: await solvedBotCheck(t.app) });
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toEqual({
      status: 'accepted',
      message: `Your wishlist is on its way to ${alex.customer.email}`,
    });
    const [mail] = await mailsOf('wishlist.send');
    expect(mail).toMatchObject({
      recipient: alex.customer.email,
      replyTo: null,
      subject: 'Your Plasterwick wishlist',
    });
    expect(mail!.textBody).toContain('Dear Alex Morgan,');
    expect(mail!.textBody).toContain(
      `${multiFill.name} (${multiFill.variants.map((v) => v.label).join(', ')})`,
    );
    expect(mail!.textBody).toContain(
      `${t.app.config.mail.siteUrl}/diy-filler/product/plasterwick-multi-fill-powder`,
    );
  });

  it('to a colleague with a note: replies go to the customer, the note is escaped in HTML', async () => {
    const response = await call(alex, 'POST', '/wishlist/send', {
      to: 'Site.Manager@Example.co.uk',
      message: 'For the <b>Leeds</b> job',
      bot_check: await solvedBotCheck(t.app),
    });
    expect(response.statusCode, response.body).toBe(202);
    const [mail] = await t.app.db
      .select()
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.kind, 'wishlist.send'), eq(mailOutbox.recipient, 'site.manager@example.co.uk')),
      );
    expect(mail).toMatchObject({
      replyTo: alex.customer.email,
      subject: 'Alex Morgan shared a Plasterwick wishlist with you',
    });
    expect(mail!.textBody).toContain('A note from Alex Morgan: For the <b>Leeds</b> job');
    expect(mail!.htmlBody).toContain('For the &lt;b&gt;Leeds&lt;/b&gt; job');
    expect(mail!.htmlBody).not.toContain('<b>Leeds');
  });

  it('needs an account that confirmed its e-mail address: 403 email_not_verified, nothing queued', async () => {
    const unverified = await createCustomer(t.app, { audience: 'part' });
    await put(unverified, [ids[0]!], 'replace');
    for (const to of [undefined, 'stranger@example.co.uk']) {
      const response = await call(unverified, 'POST', '/wishlist/send', {
        ...(to && { to }),
        message: 'Click https://evil.example/login',
        bot_check: await solvedBotCheck(t.app),
      });
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json()).toEqual({
        status: 'email_not_verified',
        message: ACCOUNT_MESSAGES.verifyEmailFirst,
      });
    }
    expect(await mailsOf('wishlist.send')).not.toContainEqual(
      expect.objectContaining({ recipient: 'stranger@example.co.uk' }),
    );
  });

  it('sends 5 an hour per customer: the 6th is 429; an hour later it sends again', async () => {
    const customer = await createCustomer(t.app, { audience: 'part', emailVerifiedAt: clock.now() });
    await put(customer, [ids[0]!], 'replace');
    const send = async () =>
      call(customer, 'POST', '/wishlist/send', { bot_check: await solvedBotCheck(t.app) });
    for (let i = 0; i < 5; i += 1) expect((await send()).statusCode).toBe(202);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().status).toBe('too_many_attempts');
    expect(limited.headers['retry-after']).toBe('3600');
    expect(
      (await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, customer.customer.email)))
        .length,
    ).toBe(5);
    // Another customer is not limited by it.
    expect(
      (await call(alex, 'POST', '/wishlist/send', { bot_check: await solvedBotCheck(t.app) })).statusCode,
    ).toBe(202);
    clock.advance(HOUR_MS);
    expect((await send()).statusCode).toBe(202);
  });

  it('a filled honeypot gets the same answer and sends nothing', async () => {
    const before = (await mailsOf('wishlist.send')).length;
    const response = await call(alex, 'POST', '/wishlist/send', {
      website: 'http://spam.example',
      bot_check: await solvedBotCheck(t.app),
    });
    expect(response.statusCode).toBe(202);
    expect((await mailsOf('wishlist.send')).length).toBe(before);
  });
});
