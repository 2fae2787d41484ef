/**
 * The demo catalogue as named data sets, applied in dependency order. Idempotent: `seedIfEmpty` does nothing
 * when the site table already has rows, so `npm start` seeds on first start only.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/types.ts';
import { contentVersion, sites } from '../db/schema.ts';
import { seedCatalogue } from './catalogue/index.ts';
import { seedScaledCopies } from './catalogue/scale.ts';
import { seedCommerce } from './commerce.ts';
import { seedContent } from './content/index.ts';

export interface SeedOptions {
  log: (message: string) => void;
  /** `SEED_SCALE`: the catalogue this many times the demo's (1, the default, is the demo). */
  scale?: number;
}

/** Named data sets in the order they must run (content links to catalogue entities). */
export const dataSets = [
  { name: 'catalogue', run: seedCatalogue },
  { name: 'content', run: seedContent },
  { name: 'commerce', run: seedCommerce },
] as const;

export async function seedIfEmpty(db: Database, options: SeedOptions): Promise<boolean> {
  const [{ count }] = (await db.select({ count: sql<number>`count(*)::int` }).from(sites)) as [
    { count: number },
  ];
  if (count > 0) return false;
  await db.transaction(async (tx) => {
    for (const dataSet of dataSets) {
      const started = Date.now();
      await dataSet.run(tx);
      options.log(`seeded ${dataSet.name} in ${Date.now() - started} ms`);
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
