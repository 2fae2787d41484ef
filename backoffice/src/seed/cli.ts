/**
 * `npm run seed -w backoffice`: seeds the demo shop (`SEED_SCALE` times its catalogue) into the database named by
 * DATABASE_URL / DATA_DIR (migrating it): the reference data it lacks, then the demo data. A database that already
 * has a product is left alone. Production never seeds on its own: this command is the explicit way.
 */
import { openCommandDatabase } from '../setup/command-database.ts';
import { seedDemo } from './index.ts';

const { database, where, seedScale } = await openCommandDatabase();
try {
  console.log(`database: ${where} (${database.kind}), migrations applied`);
  const seeded = await seedDemo(database.db, {
    log: (message) => console.log(message),
    scale: seedScale,
  });
  console.log(seeded ? 'seeded the demo catalogue' : 'already has data: nothing seeded');
} catch (error) {
  console.error(`seeding failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
