/**
 * Shared limits (issue 27): two back-offices on one database allow together what one allows. The per-visitor limits
 * of the limited routes (forms 100 a minute, baskets 300) and the brake on secret guesses (10 wrong a minute) are
 * counted in `rate_limit_counter`, so alternating between the instances, or sending at once to both, gets no more
 * through than one instance gives. Each refused key is then refused by the instance itself, without the database.
 */
import type { FastifyInstance } from 'fastify';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { rateLimitCounters } from '../src/db/schema.ts';
import { countHit, sweepExpiredCounters } from '../src/lib/shared-counter.ts';
import { API_KEY, createTestApp, q, type TestApp } from './helpers.ts';

let t: TestApp;
/** The two instances: the test app, and a second one built on the same database with the same configuration. */
let apps: [FastifyInstance, FastifyInstance];

beforeAll(async () => {
  // No shop data: every limit is counted before a request's body or site is looked at, so the requests here answer
  // 400 (an empty form) within their limit and 429 beyond it, as cheaply as a request can.
  t = await createTestApp({}, { seed: false });
  const second = await buildApp({ db: t.database.db, config: t.app.config, logger: false });
  await second.ready();
  apps = [t.app, second];
});
afterAll(async () => {
  await apps[1].close();
  await t.close();
});

/** An empty contact form from `visitor`: 400 (nothing filled in) while the limit lasts, then 429. */
const postEmptyForm = (app: FastifyInstance, visitor: string) =>
  app.inject({ method: 'POST', url: `/api/v1/contact?${q()}`, payload: {}, remoteAddress: visitor });

/** A staff read with `key` from `client` (the API key is taken from this machine only: loopback addresses). */
const staffRead = (app: FastifyInstance, client: string, key: string) =>
  app.inject({ url: '/api/v1/staff/audit', headers: { 'x-api-key': key }, remoteAddress: client });

const statusCounts = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((counts, s) => ({ ...counts, [s]: (counts[s] ?? 0) + 1 }), {});

/** The hits the database holds for a visitor's key (every limited route's counter ends with the client). */
async function databaseHits(visitor: string): Promise<number[]> {
  const rows = await t.database.db
    .select({ hits: rateLimitCounters.hits })
    .from(rateLimitCounters)
    .where(like(rateLimitCounters.key, `%:${visitor}`));
  return rows.map((row) => row.hits);
}

describe('form posts: 100 a minute per visitor across both instances', () => {
  it('allows exactly 100 sent alternately to the two, then 429 with Retry-After on either', async () => {
    const visitor = '10.27.1.1';
    for (let n = 0; n < 100; n++) {
      expect((await postEmptyForm(apps[n % 2]!, visitor)).statusCode, `post ${n + 1}`).toBe(400);
    }
    for (const app of apps) {
      const limited = await postEmptyForm(app, visitor);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({
        status: 'too_many_requests',
        message: expect.stringMatching(/^Too many requests: please try again in /),
      });
      const retryAfter = Number(limited.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }
    // Another visitor has a limit of its own.
    expect((await postEmptyForm(apps[1], '10.27.1.2')).statusCode).toBe(400);
  });

  it('150 posts at once across both: exactly 100 accepted, 50 refused', async () => {
    const visitor = '10.27.2.1';
    const answers = await Promise.all(
      Array.from({ length: 150 }, (_, n) => postEmptyForm(apps[n % 2]!, visitor)),
    );
    expect(statusCounts(answers.map((a) => a.statusCode))).toEqual({ 400: 100, 429: 50 });
  });

  it('a visitor refused once is refused by each instance without counting in the database again', async () => {
    const visitor = '10.27.3.1';
    for (let n = 0; n < 100; n++) await postEmptyForm(apps[n % 2]!, visitor);
    // The instance that counted the 100th knows the visitor is done; the other asks the database once more, is
    // refused, and from then on refuses the visitor itself.
    for (const app of apps) {
      for (let n = 0; n < 5; n++) expect((await postEmptyForm(app, visitor)).statusCode).toBe(429);
    }
    expect(await databaseHits(visitor)).toEqual([101]);
  });
});

describe('API key guesses: 10 wrong a minute per client across both instances', () => {
  it('checks 10 wrong keys sent alternately, then answers 429 even to the right key, on either', async () => {
    const client = '127.27.4.1';
    for (let n = 0; n < 10; n++) {
      expect((await staffRead(apps[n % 2]!, client, `wrong-${n}`)).statusCode, `guess ${n + 1}`).toBe(401);
    }
    for (const app of apps) {
      const limited = await staffRead(app, client, API_KEY);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ status: 'too_many_requests' });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('the right key does not count: 20 right then 10 wrong are all checked', async () => {
    const client = '127.27.5.1';
    for (let n = 0; n < 20; n++)
      expect((await staffRead(apps[n % 2]!, client, API_KEY)).statusCode).toBe(200);
    for (let n = 0; n < 10; n++)
      expect((await staffRead(apps[n % 2]!, client, 'wrong')).statusCode).toBe(401);
    expect((await staffRead(apps[0], client, 'wrong')).statusCode).toBe(429);
  });

  it('30 calls at once with the right key across both: none refused', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, n) => staffRead(apps[n % 2]!, '127.27.8.1', API_KEY)),
    );
    expect(statusCounts(answers.map((a) => a.statusCode))).toEqual({ 200: 30 });
  });

  it('30 guesses at once across both: exactly 10 are checked (401), 20 refused', async () => {
    const client = '127.27.6.1';
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, n) => staffRead(apps[n % 2]!, client, `wrong-${n}`)),
    );
    expect(statusCounts(answers.map((a) => a.statusCode))).toEqual({ 401: 10, 429: 20 });
  });
});

describe('baskets: 300 a minute per visitor across both instances', () => {
  it('takes 300 adds to the basket sent alternately to the two, then 429', async () => {
    const visitor = '10.27.7.1';
    // An empty add (400) counts as an add that opens a basket does: the limit is taken before the body is read.
    const addToBasket = (app: FastifyInstance) =>
      app.inject({ method: 'POST', url: `/api/v1/cart/items?${q()}`, payload: {}, remoteAddress: visitor });
    const statuses: number[] = [];
    for (let n = 0; n < 300; n++) statuses.push((await addToBasket(apps[n % 2]!)).statusCode);
    expect(statusCounts(statuses)).toEqual({ 400: 300 });
    for (const app of apps) expect((await addToBasket(app)).statusCode).toBe(429);
  });
});

describe('the counter', () => {
  it('starts a new window once the last has ended, and housekeeping deletes ended windows', async () => {
    const { db } = t.database;
    expect(await countHit(db, 'test:window', 200)).toMatchObject({ hits: 1 });
    const second = await countHit(db, 'test:window', 200);
    expect(second.hits).toBe(2);
    expect(second.resetInMs).toBeGreaterThan(0);
    expect(second.resetInMs).toBeLessThanOrEqual(200);
    await new Promise((resolve) => setTimeout(resolve, 250));
    await sweepExpiredCounters(db);
    expect(await db.select().from(rateLimitCounters).where(like(rateLimitCounters.key, 'test:%'))).toEqual(
      [],
    );
    expect(await countHit(db, 'test:window', 200)).toMatchObject({ hits: 1 });
    await new Promise((resolve) => setTimeout(resolve, 250));
    // Not swept: the upsert itself starts the new window.
    expect(await countHit(db, 'test:window', 200)).toMatchObject({ hits: 1 });
  });
});
