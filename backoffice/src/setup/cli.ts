/**
 * `npm run setup -w backoffice -- --site-url https://www.example.co.uk`: creates the reference data a real shop
 * needs (setup/reference-data.ts) in the database of DATABASE_URL / DATA_DIR, with the UK site at that origin, so
 * `npm run build` with that SITE_URL finds its site. No demo data. Run again, it adds only what is missing (and
 * moves the site to a new URL).
 */
import { parseArgs } from 'node:util';
import { openCommandDatabase } from './command-database.ts';
import { setUpReferenceData } from './index.ts';

const usage = 'Usage: npm run setup -w backoffice -- --site-url https://www.example.co.uk';

/** The shop's public origin and its host, or undefined when `value` is not an http(s) URL. */
function siteAddress(value: string | undefined) {
  if (!value || !URL.canParse(value)) return undefined;
  const url = new URL(value);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  return { url: url.origin, hosts: [url.hostname] };
}

let siteUrl: string | undefined;
try {
  siteUrl = parseArgs({ options: { 'site-url': { type: 'string' } } }).values['site-url'];
} catch (error) {
  console.error(`${(error as Error).message}\n${usage}`);
  process.exit(2);
}
const address = siteAddress(siteUrl);
if (!address) {
  console.error(`--site-url must be the shop's public http(s) origin\n${usage}`);
  process.exit(2);
}

const { database, where } = await openCommandDatabase();
try {
  console.log(`database: ${where} (${database.kind}), migrations applied`);
  const changed = await setUpReferenceData(database.db, address);
  console.log(
    changed > 0
      ? `set up the reference data of site 3 at ${address.url} (${changed} rows added or changed)`
      : `the reference data of site 3 at ${address.url} was already set up: nothing changed`,
  );
} catch (error) {
  console.error(`setup failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
