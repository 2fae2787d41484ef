/**
 * Readiness (issue 27): this back-office may take traffic when it is not shutting down, the database answers a
 * query within READY_QUERY_TIMEOUT_MS, and every migration of `drizzle/meta/_journal.json` is applied (a
 * back-office of a newer release waits for the one migrating the database). Once the migrations are seen applied
 * that fact is kept: migrations are never undone.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { migrationsFolder } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import type { Database } from '../../db/types.ts';

/** A database slower than this to answer `select 1` is not ready: a load balancer's probe waits only seconds. */
export const READY_QUERY_TIMEOUT_MS = 2_000;

export type Readiness = { ready: true } | { ready: false; reason: string };

const journalSchema = z.object({ entries: z.array(z.object({ when: z.number(), tag: z.string() })) });

/** The `created_at` drizzle's migrator records for each migration: the `when` of its journal entry. */
let expectedMigrations: readonly number[] | undefined;
function migrationsOfThisRelease(): readonly number[] {
  expectedMigrations ??= journalSchema
    .parse(JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')))
    .entries.map((entry) => entry.when);
  return expectedMigrations;
}

/** Databases whose migrations were all seen applied. */
const migrated = new WeakSet<Database>();

/** How many migrations of this release the database lacks (all of them when drizzle's table is not there yet). */
async function missingMigrations(db: Database): Promise<number> {
  const expected = migrationsOfThisRelease();
  let applied: Set<number>;
  try {
    const result = await db.execute(sql`select created_at from drizzle.__drizzle_migrations`);
    applied = new Set(rowsOf<{ created_at: string | number }>(result).map((row) => Number(row.created_at)));
  } catch {
    return expected.length;
  }
  return expected.filter((when) => !applied.has(when)).length;
}

function withinTimeout<T>(work: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Whether this back-office may take traffic; the reason says what is missing, and nothing more (no addresses). */
export async function readiness(
  db: Database,
  draining: boolean,
  timeoutMs = READY_QUERY_TIMEOUT_MS,
): Promise<Readiness> {
  if (draining) return { ready: false, reason: 'This back-office is shutting down' };
  const answered = await withinTimeout(
    db.execute(sql`select 1`).then(
      () => true,
      () => false,
    ),
    timeoutMs,
  );
  if (answered === 'timeout') return { ready: false, reason: 'The database did not answer in time' };
  if (!answered) return { ready: false, reason: 'The database cannot be reached' };
  if (migrated.has(db)) return { ready: true };
  const missing = await missingMigrations(db);
  if (missing > 0) {
    const total = migrationsOfThisRelease().length;
    return { ready: false, reason: `Database migrations pending: ${missing} of ${total} not applied yet` };
  }
  migrated.add(db);
  return { ready: true };
}
