/**
 * `npm run setup -w backoffice -- --site-url …` (src/setup/cli.ts, issue 20): the reference data a real shop needs
 * and nothing of the demo, twice without error or duplicate; after it the site lookup answers for the given host.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { testConfig } from '../src/config.ts';
import type { DatabaseHandle } from '../src/db/client.ts';
import {
  carrierRates,
  carriers,
  contentEntries,
  discounts,
  products,
  salesPlans,
  sites,
} from '../src/db/schema.ts';
import { childDatabase, childEnv, type ChildDatabase } from './support/child-database.ts';

const cli = path.resolve(import.meta.dirname, '../src/setup/cli.ts');
const run = promisify(execFile);
const SITE_URL = 'https://www.example.co.uk';

let database: ChildDatabase;
let outputs: string[];
let handle: DatabaseHandle;

/** The CLI as production would run it: NODE_ENV=production and no API secret in its environment. */
const setup = () =>
  run(process.execPath, [cli, '--site-url', SITE_URL], {
    env: childEnv({ ...database.env, NODE_ENV: 'production' }),
  });

beforeAll(async () => {
  database = await childDatabase();
  outputs = [(await setup()).stdout, (await setup()).stdout];
  handle = await database.open();
}, 90_000);

afterAll(async () => {
  await handle?.close();
  await database?.remove();
});

describe('setup CLI', () => {
  it('sets up once, then finds nothing to change', () => {
    expect(outputs[0]).toContain(`set up the reference data of site 3 at ${SITE_URL}`);
    expect(outputs[1]).toContain('was already set up: nothing changed');
  });

  it('creates site 3 at the given URL with its plans, countries, civilities and carriers', async () => {
    const db = handle.db;
    expect(await db.select().from(sites)).toEqual([
      expect.objectContaining({ id: 3, url: SITE_URL, hosts: ['www.example.co.uk'], isLocal: true }),
    ]);
    const plans = await db.select().from(salesPlans).orderBy(salesPlans.id);
    expect(plans.map((plan) => [plan.id, plan.target, plan.vatRateBp, plan.currencyCode])).toEqual([
      [1, 'pro', 2000, 'GBP'],
      [2, 'part', 2000, 'GBP'],
    ]);
    const lists = await db
      .select({ resource: contentEntries.resource, entries: count() })
      .from(contentEntries)
      .groupBy(contentEntries.resource)
      .orderBy(contentEntries.resource);
    expect(lists).toEqual([
      { resource: 'civility', entries: 5 },
      { resource: 'country', entries: 11 },
    ]);
    const carrierCodes = await db.select({ code: carriers.code }).from(carriers).orderBy(carriers.position);
    expect(carrierCodes.map((carrier) => carrier.code)).toEqual([
      'standard',
      'express',
      'next_day',
      'next_day_am',
    ]);
    const [bands] = await db.select({ rows: count() }).from(carrierRates);
    expect(bands?.rows).toBe(17);
  });

  it('adds no demo data: no product, no discount code', async () => {
    const [product] = await handle.db.select({ rows: count() }).from(products);
    const [discount] = await handle.db.select({ rows: count() }).from(discounts);
    expect({ products: product?.rows, discounts: discount?.rows }).toEqual({ products: 0, discounts: 0 });
  });

  it('makes the site lookup answer for the given host, and only for it', async () => {
    const app = await buildApp({ db: handle.db, config: testConfig({ logLevel: 'silent' }), logger: false });
    try {
      const found = await app.inject({ url: '/api/v1/site?url=www.example.co.uk' });
      expect(found.statusCode).toBe(200);
      expect(found.json().data.list).toMatchObject([
        {
          id: 3,
          url: SITE_URL,
          languages: [{ code: 'en', label: 'English' }],
          salesplan: [
            { id: 1, target: 'pro', vat_rate: 20 },
            { id: 2, target: 'part', vat_rate: 20 },
          ],
        },
      ]);
      expect((await app.inject({ url: '/api/v1/site?url=localhost' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('refuses a missing or non-http site URL, naming the option', async () => {
    const failure = run(process.execPath, [cli, '--site-url', 'ftp://example.co.uk'], {
      env: childEnv(database.env),
    });
    await expect(failure).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('--site-url') });
  });
});
