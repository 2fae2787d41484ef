/**
 * A product's pictograms (issue 25): chosen from the site's pictogram library, the pictograms its products show
 * (a picture and a title each, `product_media` rows of kind `PICTO`). The edit screen offers the library; a patch
 * naming `pictogram_keys` makes them the product's, in that order.
 */
import { and, asc, eq } from 'drizzle-orm';
import { productMedia, products } from '../../db/schema.ts';
import type { Executor } from '../../db/types.ts';
import { invalid } from './product-checks.ts';

export interface Pictogram {
  key: string;
  title: string;
}

/** The site's pictogram library, by title: each pictogram once, with the title the products show it under. */
export async function pictogramLibrary(db: Executor, siteId: number): Promise<Pictogram[]> {
  const rows = await db
    .selectDistinct({ key: productMedia.mediaKey, title: productMedia.title })
    .from(productMedia)
    .innerJoin(products, eq(products.id, productMedia.productId))
    .where(and(eq(products.siteId, siteId), eq(productMedia.kind, 'PICTO')))
    .orderBy(asc(productMedia.title), asc(productMedia.mediaKey));
  const byKey = new Map<string, Pictogram>();
  for (const row of rows) if (!byKey.has(row.key)) byKey.set(row.key, row);
  return [...byKey.values()];
}

/** The library's pictograms for `keys`, in their order; a key outside the library is a 400 on `pictogram_keys`. */
export async function chosenPictograms(db: Executor, siteId: number, keys: string[]): Promise<Pictogram[]> {
  const library = await pictogramLibrary(db, siteId);
  const unique = [...new Set(keys)];
  const unknown = unique.filter((key) => !library.some((pictogram) => pictogram.key === key));
  if (unknown.length) {
    throw invalid(`Unknown pictograms ${unknown.join(', ')}`, 'pictogram_keys', 'Unknown pictogram');
  }
  return unique.map((key) => library.find((pictogram) => pictogram.key === key)!);
}

/** Makes `chosen` the product's pictograms, in that order. */
export async function writePictograms(db: Executor, productId: number, chosen: Pictogram[]): Promise<void> {
  await db
    .delete(productMedia)
    .where(and(eq(productMedia.productId, productId), eq(productMedia.kind, 'PICTO')));
  if (chosen.length === 0) return;
  await db.insert(productMedia).values(
    chosen.map((pictogram, position) => ({
      productId,
      kind: 'PICTO' as const,
      mediaKey: pictogram.key,
      title: pictogram.title,
      position,
    })),
  );
}
