/**
 * `npm run seed -w backoffice`: opens the database named by DATABASE_URL / DATA_DIR (migrating it) and seeds the
 * demo catalogue when it is empty (`SEED_SCALE` times its size); a database that already has data is left alone.
 */
import { mkdirSync } from 'node:fs';
import { SECRET_VARIABLES } from '@plasterwick/shop-rules/secrets';
import { loadConfig } from '../config.ts';
import { dataMigrationList } from '../data-migrations/index.ts';
import { openDatabase } from '../db/client.ts';
import { seedIfEmpty } from './index.ts';

// Seeding needs the database settings only: the API secrets (required for a production start) are not asked for.
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

const where = config.databaseUrl ? 'the PostgreSQL database of DATABASE_URL' : config.dataDir;
if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  dataMigrations: dataMigrationList,
});
try {
  console.log(`database: ${where} (${database.kind}), migrations applied`);
  const seeded = await seedIfEmpty(database.db, {
    log: (message) => console.log(message),
    scale: config.seedScale,
  });
  console.log(seeded ? 'seeded the demo catalogue' : 'already has data: nothing seeded');
} catch (error) {
  console.error(`seeding failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
