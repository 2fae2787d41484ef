/**
 * A product's version, the lock of staff writes (docs/api-contract.md, "Writes that never lose data"): every write
 * to the product or its packs, prices, characteristics, categories, plans or relations moves it up by one, and a
 * write naming the version it was made from is refused when the stored one moved on.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/types.ts';
import { products } from '../../db/schema.ts';
import { notFound, versionConflict } from '../../lib/errors.ts';

/** The stored version of the product; 404 when the site has no such product. */
export async function storedProductVersion(db: Executor, siteId: number, productId: number): Promise<number> {
  const [row] = await db
    .select({ version: products.version })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.siteId, siteId)));
  if (!row) throw notFound(`Product ${productId}`);
  return row.version;
}

/**
 * Moves the product to its next version if it is still at `expected` (whatever it is when `expected` is undefined)
 * and returns the new version. Called first in the write's transaction: the check and the bump are one conditional
 * update, so of two writes made from the same version exactly one matches (on PostgreSQL the second waits for the
 * first's row lock, then sees the version it moved to). Otherwise throws the 409 naming the stored version (or the
 * 404), which rolls the write back.
 */
export async function bumpProductVersion(
  tx: Executor,
  siteId: number,
  productId: number,
  expected: number | undefined,
  now: Date,
): Promise<number> {
  const [row] = await tx
    .update(products)
    .set({ version: sql`${products.version} + 1`, updatedAt: now })
    .where(
      and(
        eq(products.id, productId),
        eq(products.siteId, siteId),
        expected === undefined ? undefined : eq(products.version, expected),
      ),
    )
    .returning({ version: products.version });
  if (row) return row.version;
  const current = await storedProductVersion(tx, siteId, productId);
  throw versionConflict(`Product ${productId}`, expected, current);
}
