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
import { lockDataDir } from './data-dir-lock.ts';
import { runDataMigrations, type DataMigration } from './data-migrations.ts';
import { isDriverClosedSocketWrite } from './errors.ts';
import { renewablePool } from './postgres-pool.ts';
import * as schema from './schema.ts';
import type { Database } from './types.ts';
import type { Notifications } from '../lib/content-changes.ts';

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** LISTEN/NOTIFY on a PostgreSQL server, for the back-offices sharing it (lib/content-changes.ts). */
  notifications?: Notifications;
  close(): Promise<void>;
  /**
   * For the process's last-resort handler: whether `error` is the driver's known fault on a dropped connection
   * (db/errors.ts `isDriverClosedSocketWrite`), in which case its connections are replaced and the process carries
   * on. False for anything else, and always on PGlite.
   */
  recoverFromDriverFault(error: unknown): boolean;
}

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * The PostgreSQL advisory lock the migrations run under (a constant of this application, `pg_advisory_lock`'s
 * bigint key space): back-offices starting together on one database migrate one after the other, and the later
 * ones find nothing left to do.
 */
export const MIGRATION_LOCK_KEY = 7_027_270_001;

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
  /** Told when the pool of a PostgreSQL server is replaced after a lost connection (the server logs it). */
  onPoolRenewed?: (reason: string) => void;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    await migrateUnderLock(options.databaseUrl, options.dataMigrations);
    const pool = renewablePool(options.databaseUrl, options.onPoolRenewed);
    const db = drizzlePostgres(pool.client, { schema });
    const channels = notificationsClient(options.databaseUrl);
    return {
      db,
      kind: 'postgres',
      notifications: channels.notifications,
      close: async () => {
        await channels.end();
        await pool.end();
      },
      recoverFromDriverFault(error) {
        if (!isDriverClosedSocketWrite(error)) return false;
        pool.renew('the database driver wrote to a dropped connection');
        return true;
      },
    };
  }
  // A second process on the same folder would corrupt it: refused (DataDirInUseError) before PGlite opens it.
  const lock = options.dataDir === undefined ? undefined : lockDataDir(options.dataDir);
  try {
    const client = await PGlite.create({
      dataDir: options.dataDir,
      extensions: { pg_trgm, cube, earthdistance },
    });
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder });
    await runDataMigrations(db, options.dataMigrations);
    return {
      db,
      kind: 'pglite',
      close: async () => {
        await client.close();
        lock?.release();
      },
      recoverFromDriverFault: () => false,
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

/**
 * The SQL and data migrations on one connection of their own holding `MIGRATION_LOCK_KEY` (a session lock: the
 * data migrations' transactions run on that same connection). A process that dies holding it ends its session,
 * which releases the lock.
 */
async function migrateUnderLock(databaseUrl: string, dataMigrations: readonly DataMigration[]) {
  const connection = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await connection`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
    const db = drizzlePostgres(connection, { schema });
    await migratePostgres(db, { migrationsFolder });
    await runDataMigrations(db, dataMigrations);
    await connection`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`;
  } finally {
    await connection.end();
  }
}

/**
 * LISTEN/NOTIFY on a client of its own, apart from the renewable pool: a listener lives on one connection the driver
 * re-establishes (calling `onListen` again) after the server went away, and a pool replaced after a lost connection
 * would take its listeners with it. A notification lost meanwhile is found by the version check
 * (lib/content-changes.ts).
 */
function notificationsClient(url: string): { notifications: Notifications; end(): Promise<void> } {
  const client = postgres(url, {
    max: 1,
    onnotice: () => {},
    connect_timeout: 5,
    backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 0.5),
  });
  return {
    notifications: {
      listen: (channel, onMessage, onListen) => client.listen(channel, onMessage, onListen),
      notify: async (channel, payload) => {
        await client.notify(channel, payload);
      },
    },
    end: () => client.end({ timeout: 1 }),
  };
}
