/**
 * Test harness: a fresh database per test file (in-memory PGlite, or a new database on the server named by
 * DATABASE_URL), seeded, and the app built in-process for `app.inject`.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import postgres from 'postgres';
import { buildApp } from '../src/app.ts';
import { testConfig, type Config } from '../src/config.ts';
import { dataMigrationList } from '../src/data-migrations/index.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import type { Database } from '../src/db/types.ts';
import type { Clock } from '../src/lib/clock.ts';
import type { Notifications } from '../src/lib/content-changes.ts';
import { fakeProvider, type PaymentProvider } from '../src/modules/payments/index.ts';
import { seedDemo } from '../src/seed/index.ts';

export const SITE_ID = 3;
export const PRO_PLAN = 1;
export const PART_PLAN = 2;
/** Random per run, like every secret: nothing accepts a value known in advance. */
export const API_KEY = randomBytes(24).toString('base64url');
export const PREVIEW_TOKEN = randomBytes(24).toString('base64url');

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** A new, empty database on the PostgreSQL server of `serverUrl`; `drop` removes it. */
export async function freshServerDatabase(
  serverUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  // Test files run in parallel; PostgreSQL refuses a CREATE DATABASE while another one is copying template1
  // ("source database is being accessed by other users"), so retry a few times.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await admin.unsafe(`create database ${name}`);
      break;
    } catch (error) {
      if (attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = postgres(serverUrl, { max: 1, onnotice: () => {} });
      // FORCE ends the database's other sessions; an autovacuum worker on it can only be ended with
      // pg_signal_backend (.ci/run grants it), so without that grant wait for the worker and try again.
      for (let attempt = 1; ; attempt += 1) {
        try {
          await cleanup.unsafe(`drop database if exists ${name} with (force)`);
          break;
        } catch (error) {
          if (attempt >= 10) throw error;
          await new Promise((resolve) => setTimeout(resolve, 300 * attempt));
        }
      }
      await cleanup.end();
    },
  };
}

/** Builds a seeded app on a fresh database. */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: {
    seed?: boolean;
    clock?: Clock;
    seedScale?: number;
    /** Wraps the fake card provider (a test that needs it slow, silent or counted). */
    paymentProvider?: (fake: PaymentProvider, db: Database) => PaymentProvider;
  } = {},
): Promise<TestApp> {
  const serverUrl = process.env.DATABASE_URL;
  const server = serverUrl ? await freshServerDatabase(serverUrl) : undefined;
  const database = await openDatabase({ databaseUrl: server?.url, dataMigrations: dataMigrationList });
  if (options.seed !== false) {
    await seedDemo(database.db, { log: () => {}, scale: options.seedScale });
  }
  // Its own data folder: what the app writes there (the .eml files of the mail worker) never reaches the repo.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'backoffice-test-'));
  const defaults = testConfig();
  const config = testConfig({
    dataDir,
    apiKey: API_KEY,
    previewToken: PREVIEW_TOKEN,
    databaseUrl: server?.url,
    // The reconciliation job runs when a test asks (`app.jobs.runNow`), not on a timer while tests move the clock.
    payment: { ...defaults.payment, reconcileEverySeconds: 3600 },
    ...overrides,
  });
  const fake = fakeProvider(config.payment.webhookSecret, database.db);
  const app = await buildApp({
    db: database.db,
    config,
    logger: false,
    clock: options.clock,
    paymentProvider: options.paymentProvider?.(fake, database.db) ?? fake,
    notifications: database.notifications,
  });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
      await server?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A second back-office on the test app's database, as another server of a cluster would be: its own read cache and
 * jobs, the same configuration, the database's LISTEN/NOTIFY unless `notifications` says otherwise (`null`: none,
 * so its cache stays behind the other's writes, as on a back-office that missed every notification). Close it
 * before `t.close()`.
 */
export async function anotherApp(t: TestApp, options: { notifications?: Notifications | null } = {}) {
  const app = await buildApp({
    db: t.database.db,
    config: t.app.config,
    logger: false,
    paymentProvider: t.app.payments,
    notifications:
      options.notifications === null ? undefined : (options.notifications ?? t.database.notifications),
  });
  await app.ready();
  return app;
}

/** Query string with the common parameters of spec §7 (UK site, pro plan unless given). */
export function q(params: Record<string, string | number | boolean | undefined> = {}): string {
  const search = new URLSearchParams({ site_id: String(SITE_ID), lang: 'en', client: 'web' });
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) search.set(key, String(value));
  }
  return search.toString();
}
