/**
 * Health and the request id (issue 27): `/health/live` without the database, `/health/ready` and `/api/v1/health`
 * ready once the database answers and every migration of the release is applied (503 saying why otherwise), from
 * any address; the request id a caller names is answered back and carried by the back-office's own log lines
 * about the request, the ones written through `app.log` by services.
 */
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../src/app.ts';
import { testConfig } from '../src/config.ts';
import { dataMigrationList } from '../src/data-migrations/index.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { rowsOf } from '../src/db/rows.ts';
import type { Database } from '../src/db/types.ts';
import { readiness } from '../src/modules/health/service.ts';
import { buildSearchIndexes, searchIndexReady } from '../src/modules/search/index.ts';
import { seedDemo } from '../src/seed/index.ts';
import { createTestApp, freshServerDatabase, q, type TestApp } from './helpers.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { seed: false });
  // Ready also waits for the search indexes the app builds once it is ready (issue 29).
  await buildSearchIndexes(t.app);
});
afterAll(async () => t.close());

const get = (url: string, remoteAddress?: string) => t.app.inject({ method: 'GET', url, remoteAddress });

describe('health probes', () => {
  test('ready only once every migration is applied; the fact is kept once seen', async () => {
    const [last] = rowsOf<{ id: number; hash: string; created_at: string }>(
      await t.database.db.execute(
        sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
      ),
    );
    await t.database.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last!.id}`);
    const pending = await get('/health/ready');
    expect(pending.statusCode).toBe(503);
    expect(pending.json()).toEqual({
      status: 'service_unavailable',
      message: expect.stringMatching(/^Database migrations pending: 1 of \d+ not applied yet$/),
    });
    expect((await get('/api/v1/health')).statusCode).toBe(503);

    await t.database.db.execute(
      sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last!.id}, ${last!.hash}, ${last!.created_at})`,
    );
    expect((await get('/health/ready')).json()).toEqual({ status: 'ok' });
    expect((await get('/api/v1/health')).json()).toEqual({ status: 'ok', database: 'up' });
  });

  test('not ready until the search indexes are built (issue 29: search answers from memory)', async () => {
    const app = await buildApp({ db: t.database.db, config: t.app.config, logger: false });
    expect(searchIndexReady(app)).toBe(false);
    await buildSearchIndexes(app);
    expect(searchIndexReady(app)).toBe(true);
    await app.close();
  });

  test('live and ready answer any address, and say nothing about the shop', async () => {
    for (const url of ['/health/live', '/health/ready']) {
      const answer = await get(url, '203.0.113.9');
      expect(answer.statusCode, url).toBe(200);
      expect(answer.json(), url).toEqual({ status: 'ok' });
    }
  });

  test('a database that fails or hangs, or a server shutting down, is not ready', async () => {
    const failing = { execute: () => Promise.reject(new Error('connection refused')) } as unknown as Database;
    const hanging = { execute: () => new Promise(() => {}) } as unknown as Database;
    expect(await readiness(failing, false)).toEqual({
      ready: false,
      reason: 'The database cannot be reached',
    });
    expect(await readiness(hanging, false, 20)).toEqual({
      ready: false,
      reason: 'The database did not answer in time',
    });
    expect(await readiness(t.database.db, true)).toEqual({
      ready: false,
      reason: 'This back-office is shutting down',
    });
    expect(await readiness(t.database.db, false)).toEqual({ ready: true });
  });
});

describe('the request id', () => {
  let database: DatabaseHandle;
  let drop: (() => Promise<void>) | undefined;
  const raw: string[] = [];

  beforeAll(async () => {
    const server = process.env.DATABASE_URL ? await freshServerDatabase(process.env.DATABASE_URL) : undefined;
    drop = server?.drop;
    database = await openDatabase({ databaseUrl: server?.url, dataMigrations: dataMigrationList });
    await seedDemo(database.db, { log: () => {} });
  });
  afterAll(async () => {
    await database.close();
    await drop?.();
  });

  test('is answered back, and carried by the lines services write through app.log', async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        raw.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const app = await buildApp({
      db: database.db,
      config: testConfig({ logLevel: 'debug' }),
      logger: { stream },
    });
    try {
      // The forgotten-password form with a bot check that fails: the bot check logs its refusal through app.log,
      // after the JSON body was read (the scope survives body parsing).
      const answer = await app.inject({
        method: 'POST',
        url: `/api/v1/auth/password/forgot?${q()}`,
        headers: { 'x-request-id': 'abc-123', origin: 'http://localhost:4321' },
        payload: { email: 'someone@example.co.uk', audience: 'pro', bot_check: 'not-a-solution' },
      });
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.headers['x-request-id']).toBe('abc-123');
      const lines = raw.map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(lines.find((line) => line.msg === 'bot check refused')).toMatchObject({ reqId: 'abc-123' });
      // The request's own lines (debug: "incoming request"…) name it once, not once more through the mixin.
      expect(lines.filter((line) => line.msg === 'incoming request')).toHaveLength(1);
      expect(raw.filter((line) => line.split('"reqId"').length > 2)).toEqual([]);

      // An id that is not a plain token is replaced by a new one.
      const odd = await app.inject({
        method: 'GET',
        url: '/health/live',
        headers: { 'x-request-id': 'a b\nc' },
      });
      expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await app.close();
    }
  });
});
