/**
 * `npm run import:postcodes -- FILE.csv` (from the repository root, where DATA_DIR's default is `npm start`'s):
 * loads district or full-postcode centroids (for example the ONS Postcode Directory, Open Government Licence v3)
 * into the database named by DATABASE_URL / DATA_DIR.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { loadConfig } from '../../config.ts';
import { dataMigrationList } from '../../data-migrations/index.ts';
import { openDatabase } from '../../db/client.ts';
import { importPostcodes } from './import.ts';

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run import:postcodes -- FILE.csv');
  process.exit(2);
}

let content: string;
try {
  content = readFileSync(file, 'utf8');
} catch (error) {
  console.error(`Cannot read ${file}: ${(error as Error).message}`);
  process.exit(2);
}

const config = loadConfig();
if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  dataMigrations: dataMigrationList,
});
try {
  const result = await importPostcodes(database.db, content);
  for (const { line, reason } of result.rejected) console.error(`line ${line}: rejected, ${reason}`);
  console.log(
    `imported ${result.imported} postcodes (${result.byPrecision.district} districts, ` +
      `${result.byPrecision.full} full postcodes), rejected ${result.rejected.length} rows`,
  );
  process.exitCode = result.imported === 0 && result.rejected.length > 0 ? 1 : 0;
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 2;
} finally {
  await database.close();
}
