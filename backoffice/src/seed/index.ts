/**
 * The demo shop: the reference data a real shop sets up (setup/, `npm run setup`) and the demo's own data sets
 * (catalogue, settings, content with stockists, discount codes), applied in dependency order. The reference steps
 * sit where the demo has always made those rows, so its ids are the same as before the split.
 */
import { count, sql } from 'drizzle-orm';
import type { Database } from '../db/types.ts';
import { contentVersion, products, sites } from '../db/schema.ts';
import { setUpCarriers, setUpCountriesAndCivilities, setUpSite } from '../setup/index.ts';
import type { SiteAddress } from '../setup/reference-data.ts';
import { seedCatalogue } from './catalogue/index.ts';
import { seedScaledCopies } from './catalogue/scale.ts';
import { seedContent } from './content/index.ts';
import { seedSettings } from './content/settings.ts';
import { seedDiscountCodes } from './discount-codes.ts';

export interface SeedOptions {
  log: (message: string) => void;
  /** `SEED_SCALE`: the catalogue this many times the demo's (1, the default, is the demo). */
  scale?: number;
}

/** Where the demo shop answers: its (fictional) public origin, and the local hosts of `npm start` and the tests. */
const DEMO_SITE_ADDRESS: SiteAddress = {
  url: 'https://www.plasterwick.co.uk',
  hosts: ['localhost', '127.0.0.1', 'www.plasterwick.co.uk', 'plasterwick.co.uk'],
};

/** Named data sets in the order they must run (content links to catalogue entities); `reference`: setup's steps. */
const dataSets: { name: string; reference: boolean; run: (db: Database) => Promise<unknown> }[] = [
  // A site that was set up keeps its address: the demo is added to it.
  {
    name: 'site',
    reference: true,
    run: (db) => setUpSite(db, DEMO_SITE_ADDRESS, { readdress: false }),
  },
  { name: 'catalogue', reference: false, run: seedCatalogue },
  { name: 'settings', reference: false, run: seedSettings },
  { name: 'countries and civilities', reference: true, run: setUpCountriesAndCivilities },
  { name: 'content', reference: false, run: seedContent },
  { name: 'carriers', reference: true, run: setUpCarriers },
  { name: 'discount codes', reference: false, run: seedDiscountCodes },
];

/** True when the database has no site: nothing was seeded or set up (the server's start checks this). */
export async function isEmptyDatabase(db: Database): Promise<boolean> {
  const [row] = await db.select({ sites: count() }).from(sites);
  return row?.sites === 0;
}

/**
 * Seeds the demo unless the database already has a product (a demo or a real catalogue): the reference data that
 * is missing, then the demo data. Returns whether it seeded.
 */
export async function seedDemo(db: Database, options: SeedOptions): Promise<boolean> {
  const [row] = await db.select({ products: count() }).from(products);
  if (row && row.products > 0) return false;
  await db.transaction(async (tx) => {
    for (const dataSet of dataSets) {
      const started = Date.now();
      await dataSet.run(tx);
      const kind = dataSet.reference ? ' (reference data)' : '';
      options.log(`seeded ${dataSet.name}${kind} in ${Date.now() - started} ms`);
    }
    const scale = options.scale ?? 1;
    if (scale > 1) {
      const started = Date.now();
      await seedScaledCopies(tx, scale);
      options.log(`seeded the catalogue at scale ${scale} in ${Date.now() - started} ms`);
    }
    // A fresh seed gets a version no earlier database had (seconds since the epoch), so a storefront build made
    // from another seed is seen as stale; later writes increment it.
    await tx
      .insert(contentVersion)
      .values({ id: 1, version: Math.floor(Date.now() / 1000) })
      .onConflictDoUpdate({ target: contentVersion.id, set: { version: Math.floor(Date.now() / 1000) } });
  });
  // Statistics for the planner: PGlite runs no autovacuum, so without them it plans a 2,700-product catalogue as
  // if its tables were empty (and a server would plan that way until its autovacuum comes round).
  await db.execute(sql`analyze`);
  return true;
}
