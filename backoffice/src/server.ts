/**
 * Back-office entry point: config, database (migrated; an empty one seeded with the demo outside production), the
 * setup link of the first staff owner while there is none, HTTP server, graceful shutdown.
 */
import { mkdirSync } from 'node:fs';
import { closeOnSignals } from '@plasterwick/shop-rules/graceful-shutdown';
import { loadConfig } from './config.ts';

let config;
try {
  config = loadConfig();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

// Loaded once the configuration holds: a bad one is refused at once, before the whole application is loaded.
const [
  { buildApp },
  { dataMigrationList },
  { openDatabase },
  { newSetupLink },
  { isEmptyDatabase, seedDemo },
  { DataDirInUseError },
] = await Promise.all([
  import('./app.ts'),
  import('./data-migrations/index.ts'),
  import('./db/client.ts'),
  import('./modules/staff/index.ts'),
  import('./seed/index.ts'),
  import('./db/data-dir-lock.ts'),
]);

if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
// Until the app (and its logger) exists, a replaced pool is told on stderr.
let logPoolRenewed = (reason: string) => console.warn(`database connections replaced: ${reason}`);
let database: Awaited<ReturnType<typeof openDatabase>>;
try {
  database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    dataMigrations: dataMigrationList,
    onPoolRenewed: (reason) => logPoolRenewed(reason),
  });
} catch (error) {
  // Another process has this DATA_DIR: say so plainly (the folder, its pid, what to do), not as a crash.
  if (!(error instanceof DataDirInUseError)) throw error;
  console.error(error.message);
  process.exit(1);
}
const app = await buildApp({ db: database.db, config, notifications: database.notifications });
logPoolRenewed = (reason) => app.log.warn({ reason }, 'database connections replaced');

// Last resort, for one known driver fault only: postgres.js 3.4.9 throws from a timer when it writes to a
// connection the server has just dropped (db/errors.ts isDriverClosedSocketWrite), where no caller can catch it.
// The work it belonged to has already failed (a request was answered 503), so the fault is the driver's
// bookkeeping: its connections are replaced (db/postgres-pool.ts) and the process carries on serving. Any other
// uncaught exception still ends the process, as it would without this handler.
process.on('uncaughtException', (error) => {
  if (database.recoverFromDriverFault(error)) {
    app.log.warn(
      { err: error },
      'the database driver wrote to a dropped connection: its connections were replaced',
    );
    return;
  }
  app.log.fatal({ err: error }, 'uncaught exception');
  process.exit(1);
});
for (const name of config.generatedSecrets) {
  app.log.warn(`${name} is not set: a random value was used for this run, so the calls it guards are closed`);
}
if (config.apiKey === undefined) {
  app.log.info('BACKOFFICE_API_KEY is not set (NODE_ENV=production): no call accepts an API key');
}
// Demo data never reaches production (issue 20): there an empty database waits for `npm run setup`.
if (await isEmptyDatabase(database.db)) {
  if (config.seedDemo) {
    await seedDemo(database.db, { log: (message) => app.log.info(message), scale: config.seedScale });
  } else {
    const why = config.production ? 'NODE_ENV=production never seeds the demo' : 'SEED_DEMO=0';
    app.log.warn(
      `the database is empty (${why}): set the shop up with ` +
        '`npm run setup -w backoffice -- --site-url https://<public host of the shop>`',
    );
  }
}

// No default credentials (issue 22): while nobody is staff, each start makes a setup link for the first owner.
const setupLink = await newSetupLink(database.db, config.consoleUrl, app.clock.now());
if (setupLink) {
  app.log.warn(`no staff account yet: create the first owner at ${setupLink} (single use, 24 hours)`);
}

// Closing the app stops accepting, waits for the requests in flight, then for the job runs in flight (app.ts's
// onClose); the database closes last.
closeOnSignals({
  close: async () => {
    await app.close();
    await database.close();
  },
  log: {
    info: (message) => app.log.info(message),
    error: (message) => app.log.error(message),
  },
});

await app.listen({ port: config.port, host: config.host });
app.log.info(`back-office ready (${database.kind}) at http://${config.host}:${config.port}/api/v1/docs`);
