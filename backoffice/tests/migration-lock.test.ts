/**
 * Back-offices starting together on one fresh PostgreSQL database (issue 27): the SQL migrations and the data
 * migrations run under one advisory lock (db/client.ts MIGRATION_LOCK_KEY), so three `openDatabase` at once all
 * succeed, each migration is applied once, and each data migration runs once, while its opener holds the lock.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import type { DataMigration } from '../src/db/data-migrations.ts';
import type { Database } from '../src/db/types.ts';
import { freshServerDatabase } from './helpers.ts';

const serverUrl = process.env.DATABASE_URL;

async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

// PGlite is one process's embedded database (a second process on its DATA_DIR is refused, data-dir-lock.test.ts):
// nothing starts "together" on it, so there is no lock to test.
test.skipIf(!serverUrl)(
  'three openDatabase at once on a fresh PostgreSQL database: all succeed, every migration runs once',
  async () => {
    const server = await freshServerDatabase(serverUrl!);
    const handles: DatabaseHandle[] = [];
    try {
      const runs: { heldLock: boolean }[] = [];
      const probe: DataMigration = {
        name: 'migration-lock-probe',
        async run(db) {
          const [held] = await rows<{ held: boolean }>(
            db,
            sql`select exists (select 1 from pg_locks where locktype = 'advisory' and granted
                  and pid = pg_backend_pid()) as held`,
          );
          runs.push({ heldLock: held!.held });
          return 0;
        },
      };
      const opened = await Promise.allSettled(
        [1, 2, 3].map(() => openDatabase({ databaseUrl: server.url, dataMigrations: [probe] })),
      );
      for (const outcome of opened) {
        expect(outcome.status, String((outcome as PromiseRejectedResult).reason)).toBe('fulfilled');
        if (outcome.status === 'fulfilled') handles.push(outcome.value);
      }
      expect(runs).toEqual([{ heldLock: true }]);

      const journal = JSON.parse(
        readFileSync(path.resolve(import.meta.dirname, '../drizzle/meta/_journal.json'), 'utf8'),
      ) as { entries: unknown[] };
      const db = handles[0]!.db;
      const [applied] = await rows<{ count: number }>(
        db,
        sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
      );
      expect(applied!.count).toBe(journal.entries.length);
      const [claimed] = await rows<{ count: number }>(
        db,
        sql`select count(*)::int as count from data_migration where name = 'migration-lock-probe'`,
      );
      expect(claimed!.count).toBe(1);
      // Released once done: nothing holds it while the back-offices serve.
      const [left] = await rows<{ count: number }>(
        db,
        sql`select count(*)::int as count from pg_locks where locktype = 'advisory'`,
      );
      expect(left!.count).toBe(0);
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
      await server.drop();
    }
  },
);
