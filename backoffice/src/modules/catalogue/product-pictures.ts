/**
 * A product's pictures: its `visuel` media rows, in order (the first is the one listings show). Alt text lives on
 * the stored picture (and its WebP twin) and is the row's title too. Each function runs in the caller's
 * transaction, after the product's version moved on (product-version.ts).
 */
import { and, asc, eq, max } from 'drizzle-orm';
import type { Executor } from '../../db/types.ts';
import { media, productMedia } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { mediaUrl } from '../../lib/media.ts';
import { setMediaAlt } from '../media/index.ts';

export interface ProductPicture {
  key: string;
  url: string;
  webp: string;
  alt: string;
  width: number | null;
  height: number | null;
  position: number;
}

const isPicture = (productId: number) =>
  and(eq(productMedia.productId, productId), eq(productMedia.kind, 'visuel'));

export async function productPictures(db: Executor, productId: number): Promise<ProductPicture[]> {
  const rows = await db
    .select({
      key: media.key,
      webpKey: media.webpKey,
      alt: media.alt,
      width: media.width,
      height: media.height,
    })
    .from(productMedia)
    .innerJoin(media, eq(media.key, productMedia.mediaKey))
    .where(isPicture(productId))
    .orderBy(asc(productMedia.position), asc(productMedia.mediaKey));
  return rows.map((row, position) => ({
    key: row.key,
    url: mediaUrl(row.key),
    webp: mediaUrl(row.webpKey ?? row.key),
    alt: row.alt,
    width: row.width,
    height: row.height,
    position,
  }));
}

async function pictureOf(db: Executor, productId: number, key: string) {
  const pictures = await productPictures(db, productId);
  const index = pictures.findIndex((p) => p.key === key);
  if (index < 0) throw notFound(`Picture ${key} of product ${productId}`);
  return { pictures, index };
}

/** Adds a stored picture after the product's others. */
export async function addPicture(db: Executor, productId: number, key: string, alt: string): Promise<void> {
  const [last] = await db
    .select({ position: max(productMedia.position) })
    .from(productMedia)
    .where(isPicture(productId));
  await db
    .insert(productMedia)
    .values({ productId, kind: 'visuel', mediaKey: key, title: alt, position: (last?.position ?? -1) + 1 });
}

/** Changes a picture's alt text. */
export async function setPictureAlt(
  db: Executor,
  productId: number,
  key: string,
  alt: string,
): Promise<void> {
  await pictureOf(db, productId, key);
  await setMediaAlt(db, key, alt);
  await db
    .update(productMedia)
    .set({ title: alt })
    .where(and(isPicture(productId), eq(productMedia.mediaKey, key)));
}

/** Moves a picture to `position` (0 is first; beyond the end is last), renumbering the others. */
export async function movePicture(
  db: Executor,
  productId: number,
  key: string,
  position: number,
): Promise<void> {
  const { pictures, index } = await pictureOf(db, productId, key);
  const order = pictures.map((p) => p.key);
  order.splice(index, 1);
  order.splice(Math.min(position, order.length), 0, key);
  for (const [i, k] of order.entries()) {
    await db
      .update(productMedia)
      .set({ position: i })
      .where(and(isPicture(productId), eq(productMedia.mediaKey, k)));
  }
}

/**
 * Takes a picture off the product. The stored file stays: pages built before the change still name it, and a
 * key's bytes never change.
 */
export async function removePicture(db: Executor, productId: number, key: string): Promise<void> {
  await pictureOf(db, productId, key);
  await db.delete(productMedia).where(and(isPicture(productId), eq(productMedia.mediaKey, key)));
}
