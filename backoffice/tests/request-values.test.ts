/** `request.shop`: per-request values resolved lazily, once per request, and never shared between requests. */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { testConfig } from '../src/config.ts';
import { dataMigrationList } from '../src/data-migrations/index.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { salesPlans, sites } from '../src/db/schema.ts';
import { installRequestValues, type RequestContext } from '../src/lib/context.ts';
import { API_KEY, PREVIEW_TOKEN, q, SITE_ID } from './helpers.ts';

describe('the mechanism', () => {
  /** An app whose `context` resolver counts its calls and answers with the request's `n` query parameter. */
  async function countingApp(fail = false) {
    const calls: string[] = [];
    const app = Fastify();
    installRequestValues(app, {
      context: async (request) => {
        const n = (request.query as { n?: string }).n ?? '';
        calls.push(n);
        if (fail) throw new Error(`no context ${n}`);
        return { lang: n } as RequestContext;
      },
      cartToken: () => null,
      session: () => null,
    });
    app.get('/twice', async (request) => {
      const [first, second] = await Promise.all([request.shop.context, request.shop.context]);
      const third = await request.shop.context;
      return { same: first === second && second === third, lang: third.lang };
    });
    app.get('/never', async () => ({ ok: true }));
    app.get('/failing', async (request) => {
      const errors = await Promise.all(
        [1, 2].map(() =>
          request.shop.context.then(
            () => 'resolved',
            (error: Error) => error.message,
          ),
        ),
      );
      return { errors };
    });
    return { app, calls };
  }

  test('resolved once per request, whatever the number of reads', async () => {
    const { app, calls } = await countingApp();
    expect((await app.inject('/twice?n=a')).json()).toEqual({ same: true, lang: 'a' });
    expect(calls).toEqual(['a']);
  });

  test('each request resolves its own', async () => {
    const { app, calls } = await countingApp();
    const answers = await Promise.all(['a', 'b', 'c'].map((n) => app.inject(`/twice?n=${n}`)));
    expect(answers.map((res) => res.json().lang)).toEqual(['a', 'b', 'c']);
    expect(calls.toSorted()).toEqual(['a', 'b', 'c']);
  });

  test('never resolved when no one reads it', async () => {
    const { app, calls } = await countingApp();
    expect((await app.inject('/never?n=a')).statusCode).toBe(200);
    expect(calls).toEqual([]);
  });

  test('a failure is resolved once too, and every read gets it', async () => {
    const { app, calls } = await countingApp(true);
    expect((await app.inject('/failing?n=a')).json()).toEqual({ errors: ['no context a', 'no context a'] });
    expect(calls).toEqual(['a']);
  });
});

describe('the site and plan context of the app', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openDatabase({ dataMigrations: dataMigrationList });
    await database.db.insert(sites).values({
      id: SITE_ID,
      code: 'uk',
      label: 'United Kingdom',
      url: 'https://www.example.co.uk',
      hosts: ['www.example.co.uk'],
      languages: [{ code: 'en', label: 'English' }],
      isLocal: true,
    });
    await database.db.insert(salesPlans).values({
      id: 1,
      siteId: SITE_ID,
      target: 'pro',
      label: 'Trade',
      currencyCode: 'GBP',
      currencySymbol: '£',
      vatRateBp: 2000,
    });
  }, 120_000);
  afterAll(() => database.close());

  test('read three times in a request, the site and plans are looked up once', async () => {
    const config = testConfig({ apiKey: API_KEY, previewToken: PREVIEW_TOKEN });
    const app = await buildApp({ db: database.db, config, logger: false });
    app.get('/probe', async (request) => {
      const first = await request.shop.context;
      const [second, third] = await Promise.all([request.shop.context, request.shop.context]);
      return {
        same: first === second && second === third,
        site: third.site.id,
        plan: third.plan?.id ?? null,
      };
    });
    await app.ready();
    const lookups = vi.spyOn(app.cache, 'get');
    try {
      const res = await app.inject(`/probe?${q({ saleplan_id: 1 })}`);
      expect(res.json()).toEqual({ same: true, site: SITE_ID, plan: 1 });
      expect(lookups.mock.calls.map(([key]) => key)).toEqual([`site:${SITE_ID}`, `plans:${SITE_ID}`]);
      // A second request resolves its own context (from the read cache, not from the first request).
      await app.inject(`/probe?${q()}`);
      expect(lookups).toHaveBeenCalledTimes(4);
    } finally {
      await app.close();
    }
  });

  test('a bad common parameter is the usual 400 naming it', async () => {
    const config = testConfig({ apiKey: API_KEY, previewToken: PREVIEW_TOKEN });
    const app = await buildApp({ db: database.db, config, logger: false });
    app.get('/probe', async (request) => ({ site: (await request.shop.context).site.id }));
    await app.ready();
    try {
      const res = await app.inject('/probe?site_id=abc');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        status: 'invalid_request',
        errors: [{ field: 'querystring.site_id', message: expect.any(String) }],
      });
    } finally {
      await app.close();
    }
  });
});
