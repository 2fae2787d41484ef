/**
 * The database of a command run by hand (`npm run setup`, `npm run seed`): DATABASE_URL, else the embedded one in
 * DATA_DIR, migrated. Such a command needs the database settings only: the API secrets (required for a production
 * start) are not asked for.
 */
import { mkdirSync } from 'node:fs';
import { SECRET_VARIABLES } from '@plasterwick/shop-rules/secrets';
import { loadConfig } from '../config.ts';
import { dataMigrationList } from '../data-migrations/index.ts';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';

/** Opens the database, or exits with status 2 naming the invalid variables. */
export async function openCommandDatabase(): Promise<{
  database: DatabaseHandle;
  where: string;
  seedScale: number;
}> {
  const databaseEnv = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => name !== 'NODE_ENV' && !(SECRET_VARIABLES as readonly string[]).includes(name),
    ),
  );
  let config;
  try {
    config = loadConfig(databaseEnv);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    dataMigrations: dataMigrationList,
  });
  const where = config.databaseUrl ? 'the PostgreSQL database of DATABASE_URL' : config.dataDir;
  return { database, where, seedScale: config.seedScale };
}
