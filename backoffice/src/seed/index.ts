/**
 * The demo catalogue as named data sets, applied in dependency order. Idempotent: `seedIfEmpty` does nothing
 * when the site table already has rows, so `npm start` seeds on first start only.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { sites } from '../db/schema.ts';
import { seedCatalogue } from './catalogue/index.ts';
import { seedContent } from './content/index.ts';

export interface SeedOptions {
  log: (message: string) => void;
}

/** Named data sets in the order they must run (content links to catalogue entities). */
export const dataSets = [
  { name: 'catalogue', run: seedCatalogue },
  { name: 'content', run: seedContent },
] as const;

export async function seedIfEmpty(db: Database, options: SeedOptions): Promise<boolean> {
  const [{ count }] = (await db.select({ count: sql<number>`count(*)::int` }).from(sites)) as [
    { count: number },
  ];
  if (count > 0) return false;
  await db.transaction(async (tx) => {
    for (const dataSet of dataSets) {
      const started = Date.now();
      await dataSet.run(tx as unknown as Database);
      options.log(`seeded ${dataSet.name} in ${Date.now() - started} ms`);
    }
  });
  return true;
}
