/**
 * The embedded database's upkeep (db/maintenance.ts): a vacuum sets the visibility map, which PGlite (no
 * autovacuum) never does otherwise, so counts and lists can answer from their indexes.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { vacuumEmbedded } from '../src/db/maintenance.ts';
import { rowsOf } from '../src/db/rows.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const visiblePages = async () =>
  rowsOf<{ pages: number }>(
    await t.database.db.execute(
      sql`select relallvisible::int as pages from pg_class where relname = 'product'`,
    ),
  )[0]!.pages;

test('vacuuming marks the seeded catalogue all-visible and analyses it', async () => {
  await vacuumEmbedded(t.database.db);
  expect(await visiblePages()).toBeGreaterThan(0);
  const [stats] = rowsOf<{ rows: number }>(
    await t.database.db.execute(sql`select reltuples::int as rows from pg_class where relname = 'product'`),
  );
  expect(stats!.rows).toBeGreaterThan(0);
});
