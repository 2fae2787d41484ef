/**
 * Deleting a product, which two modules hold: the catalogue deletes the product (its variants, prices and links go
 * with it, and the categories' plans are recomputed), then the content module deletes the notices (data sheets)
 * that named it, which would otherwise list a product that no longer exists. In one transaction: the product is
 * never gone while its notices remain.
 */
import type { Database } from '../db/types.ts';
import { deleteProduct } from '../modules/catalogue/index.ts';
import { deleteNoticesOfProduct } from '../modules/content/index.ts';

export function deleteProductAndItsNotices(db: Database, siteId: number, productId: number): Promise<void> {
  return db.transaction(async (tx) => {
    await deleteProduct(tx, siteId, productId);
    await deleteNoticesOfProduct(tx, siteId, productId);
  });
}
