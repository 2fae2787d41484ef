/** Small reads beside the generic resources: towns for the city autocomplete; the content version and its bump. */
import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { contentVersion, stockists } from '../../db/schema.ts';

export const contentVersionSchema = z.object({
  version: z.number().int(),
  updated_at: z.string().nullable(),
});

/** Version 0 with no date until the first write: nothing has changed since the seed. */
export async function readContentVersion(db: Database): Promise<z.infer<typeof contentVersionSchema>> {
  const [row] = await db.select().from(contentVersion).where(eq(contentVersion.id, 1));
  return { version: row?.version ?? 0, updated_at: row?.updatedAt.toISOString() ?? null };
}

/** One step up after any write the storefront must rebuild for (the launcher polls the version). */
export async function bumpContentVersion(db: Database): Promise<void> {
  await db
    .insert(contentVersion)
    .values({ id: 1, version: 1 })
    .onConflictDoUpdate({
      target: contentVersion.id,
      set: { version: sql`${contentVersion.version} + 1`, updatedAt: new Date() },
    });
}

/** Towns with stockists whose name starts with `q`, or whose postcode starts with `postcode` (any spacing). */
export async function findCities(
  db: Database,
  siteId: number,
  options: { q?: string; postcode?: string; limit: number },
): Promise<{ name: string; postcode: string }[]> {
  const conditions = [eq(stockists.siteId, siteId)];
  if (options.q) conditions.push(sql`${stockists.town} ilike ${escapeLike(options.q) + '%'}`);
  if (options.postcode) {
    const compact = options.postcode.replace(/\s+/g, '').toUpperCase();
    conditions.push(sql`replace(upper(${stockists.postcode}), ' ', '') like ${escapeLike(compact) + '%'}`);
  }
  // One line per town and outward code (the district part of the postcode).
  const outward = sql<string>`split_part(${stockists.postcode}, ' ', 1)`;
  const rows = await db
    .selectDistinct({ name: stockists.town, postcode: outward })
    .from(stockists)
    .where(and(...conditions))
    .orderBy(asc(stockists.town), asc(outward))
    .limit(options.limit);
  return rows;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
