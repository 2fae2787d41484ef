/**
 * The runner of one-off data migrations: at start-up, right after the SQL migrations (openDatabase), it runs each
 * migration of the list it is handed (backoffice/src/data-migrations/, passed in by the entry points) that this
 * database has not run yet. Each is claimed by inserting its name into `data_migration` in the same transaction as
 * its work, so it runs once even when two back-offices start together on one PostgreSQL server (the second waits
 * on the first's key, then finds it taken), and not at all on later starts.
 */
import { eq } from 'drizzle-orm';
import { bumpContentVersion } from '../lib/content-version.ts';
import { dataMigrations } from './schema.ts';
import type { Database } from './types.ts';

export interface DataMigration {
  /** What marks it as run: never renamed. */
  name: string;
  /** Returns the number of rows it changed. */
  run(db: Database): Promise<number>;
}

/**
 * Runs the migrations of `list`, in order, that this database has not run yet. One that changed rows bumps the
 * content version, as a write through the API does (app.contentChanged; no read cache exists yet at start-up), so
 * the storefront rebuilds.
 */
export async function runDataMigrations(
  db: Database,
  list: readonly DataMigration[],
): Promise<{ name: string; changed: number }[]> {
  const ran: { name: string; changed: number }[] = [];
  for (const migration of list) {
    await db.transaction(async (tx) => {
      const claimed = await tx
        .insert(dataMigrations)
        .values({ name: migration.name })
        .onConflictDoNothing()
        .returning({ name: dataMigrations.name });
      if (claimed.length === 0) return;
      const changed = await migration.run(tx);
      await tx.update(dataMigrations).set({ changed }).where(eq(dataMigrations.name, migration.name));
      // At start-up, before any app and its clock.
      if (changed > 0) await bumpContentVersion(tx, new Date());
      ran.push({ name: migration.name, changed });
    });
  }
  return ran;
}
