/**
 * What the audit trail compares before and after a catalogue write (audit module, `AuditRecorder.change`): a
 * product as staff edit it (its fields, categories, plans, packs with their prices per plan, characteristics and
 * related products, pictograms, packs keyed by reference and prices by plan, so a price change reads
 * `packs.TUB-1KG.prices.1.ex_vat`), and a category. Read in the write's transaction; the product row is locked
 * first, so a write without a version (last write wins) records the state it really replaced.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/types.ts';
import {
  categories,
  productCategories,
  productCharacteristics,
  productMedia,
  productPlans,
  productRelations,
  products,
  variantPrices,
  variants,
} from '../../db/schema.ts';
import type { Snapshot } from '../audit/index.ts';

async function packsOf(db: Executor, productId: number) {
  const rows = await db
    .select({ pack: variants, price: variantPrices })
    .from(variants)
    .leftJoin(variantPrices, eq(variantPrices.variantId, variants.id))
    .where(eq(variants.productId, productId))
    .orderBy(asc(variants.position), asc(variantPrices.planId));
  const packs: Record<string, Record<string, unknown> & { prices: Record<string, unknown> }> = {};
  for (const { pack, price } of rows) {
    const { label, gtin, quantity, unit, position } = pack;
    packs[pack.reference] ??= { label, gtin, quantity, unit, position, prices: {} };
    if (price) {
      packs[pack.reference]!.prices[price.planId] = {
        ex_vat: price.priceExVatPence,
        inc_vat: price.priceIncVatPence,
      };
    }
  }
  return packs;
}

export async function productState(db: Executor, id: number | string): Promise<Snapshot | null> {
  const productId = Number(id);
  const [row] = await db.select().from(products).where(eq(products.id, productId)).for('update');
  if (!row) return null;
  const ofProduct = <T extends { productId: unknown }>(table: T) => eq(table.productId as never, productId);
  // One after the other: a transaction runs one statement at a time.
  const categoryRows = await db
    .select()
    .from(productCategories)
    .where(ofProduct(productCategories))
    .orderBy(asc(productCategories.categoryId));
  const planRows = await db
    .select()
    .from(productPlans)
    .where(ofProduct(productPlans))
    .orderBy(asc(productPlans.planId));
  const characteristicRows = await db
    .select()
    .from(productCharacteristics)
    .where(ofProduct(productCharacteristics))
    .orderBy(asc(productCharacteristics.code), asc(productCharacteristics.value));
  const relatedRows = await db
    .select()
    .from(productRelations)
    .where(ofProduct(productRelations))
    .orderBy(asc(productRelations.position));
  const pictogramRows = await db
    .select({ key: productMedia.mediaKey })
    .from(productMedia)
    .where(and(ofProduct(productMedia), eq(productMedia.kind, 'PICTO')))
    .orderBy(asc(productMedia.position));
  const characteristics: Record<string, string[]> = {};
  for (const c of characteristicRows) (characteristics[c.code] ??= []).push(c.value);
  return {
    reference: row.reference,
    slug: row.slug,
    name: row.name,
    short_description: row.shortDescription,
    description: row.description,
    instructions: row.instructions,
    category_ids: categoryRows.map((c) => c.categoryId),
    main_category_id: categoryRows.find((c) => c.isMain)?.categoryId ?? null,
    plans: Object.fromEntries(planRows.map((p) => [p.planId, { promoted: p.promoted }])),
    packs: await packsOf(db, productId),
    characteristics,
    related_ids: relatedRows.map((r) => r.relatedId),
    pictogram_keys: pictogramRows.map((p) => p.key),
  };
}

export async function categoryState(db: Executor, id: number | string): Promise<Snapshot | null> {
  const [row] = await db
    .select()
    .from(categories)
    .where(eq(categories.id, Number(id)))
    .for('update');
  if (!row) return null;
  const { slug, name, description, parentId, position } = row;
  return { slug, name, description, parent_id: parentId, position };
}
