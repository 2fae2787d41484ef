/**
 * A database that cannot be reached (a PostgreSQL server restarting): calls answer 503 `unavailable` with
 * Retry-After, never 500, and nothing ends the process. The app runs on a PostgreSQL URL whose port nothing listens
 * on, so every query fails as it does while the server is down (ECONNREFUSED); the same on PGlite and PostgreSQL
 * runs. The real restart, under traffic, is tests/crash/db-restart.test.ts.
 */
import { createServer, type AddressInfo } from 'node:net';
import { drizzle } from 'drizzle-orm/postgres-js';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildApp } from '../src/app.ts';
import { testConfig } from '../src/config.ts';
import { renewablePool, type RenewablePool } from '../src/db/postgres-pool.ts';
import * as schema from '../src/db/schema.ts';
import type { FastifyInstance } from 'fastify';
import { q } from './helpers.ts';

let app: FastifyInstance;
let pool: RenewablePool;

beforeAll(async () => {
  // A port that was free a moment ago: connections to it are refused.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  // The pool a back-office opens on a PostgreSQL server (db/client.ts).
  pool = renewablePool(`postgres://shop:shop@127.0.0.1:${port}/shop`);
  app = await buildApp({ db: drizzle(pool.client, { schema }), config: testConfig(), logger: false });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await pool.end();
});

test.each([
  ['GET', `/api/v1/product/plasterwick-multi-fill-powder?${q()}`],
  ['POST', `/api/v1/cart/items?${q()}`],
  ['GET', `/api/v1/page?${q()}`],
])('%s %s → 503 unavailable with Retry-After', async (method, url) => {
  const res = await app.inject({
    method: method as 'GET' | 'POST',
    url,
    payload:
      method === 'POST'
        ? { items: [{ element_id: 1, element_type: 'product', variant_reference: 'X', quantity: 1 }] }
        : undefined,
  });
  expect(res.statusCode, res.body).toBe(503);
  expect(res.headers['retry-after']).toMatch(/^\d+$/);
  expect(res.json()).toEqual({ status: 'unavailable', message: expect.stringContaining('try again') });
});
