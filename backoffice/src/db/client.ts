/**
 * Database connection: embedded PGlite in `dataDir` by default, a PostgreSQL server when `databaseUrl` is set.
 * Both speak the same SQL (full-text search, pg_trgm, earthdistance), so every query runs unchanged on either.
 */
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { runDataMigrations, type DataMigration } from './data-migrations.ts';
import * as schema from './schema.ts';
import type { Database } from './types.ts';
import type { Notifications } from '../lib/content-changes.ts';

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** LISTEN/NOTIFY on a PostgreSQL server, for the back-offices sharing it (lib/content-changes.ts). */
  notifications?: Notifications;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * Opens the database and applies pending migrations: the SQL ones, then the one-off data migrations the entry
 * point hands in (so every entry point, server, seed or import, sees migrated data). `dataDir` undefined =
 * in-memory PGlite (tests).
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir?: string;
  /** backoffice/src/data-migrations/'s list, handed in: it loads modules and the seed, the client does not. */
  dataMigrations: readonly DataMigration[];
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const client = postgres(options.databaseUrl, { max: 10, onnotice: () => {} });
    const db = drizzlePostgres(client, { schema });
    await migratePostgres(db, { migrationsFolder });
    await runDataMigrations(db, options.dataMigrations);
    const notifications: Notifications = {
      listen: (channel, onMessage, onListen) => client.listen(channel, onMessage, onListen),
      notify: async (channel, payload) => {
        await client.notify(channel, payload);
      },
    };
    return { db, kind: 'postgres', notifications, close: () => client.end() };
  }
  const client = await PGlite.create({
    dataDir: options.dataDir,
    extensions: { pg_trgm, cube, earthdistance },
  });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  await runDataMigrations(db, options.dataMigrations);
  return { db, kind: 'pglite', close: () => client.close() };
}
