/**
 * Product create, full replace, patch and delete: checks the write (product-checks.ts), then writes it in one
 * transaction that first moves the product's version on (product-version.ts).
 */
import { slugify } from '@plasterwick/shop-rules/slug';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/types.ts';
import { recordSlugMove } from '../redirect/index.ts';
import {
  productCategories,
  productCharacteristics,
  productPlans,
  productRelations,
  products,
  variantPrices,
  variants,
} from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { checkUnique, invalid, validateReferences, type ProductWrite } from './product-checks.ts';
import { chosenPictograms, writePictograms } from './pictograms.ts';
import { bumpProductVersion, storedProductVersion } from './product-version.ts';
import { syncCategoryPlans } from './read-model.ts';
import type { ProductInput, ProductPatch, ProductReplacement } from './schemas.ts';
import { replaceVariants, type ProductWritten } from './variant-writes.ts';

/** Replaces the product's child rows for every set the input provides; characteristics as `characteristicsMode` says. */
async function writeChildren(
  db: Executor,
  productId: number,
  input: ProductWrite,
  characteristicsMode: 'replace' | 'merge',
) {
  if (input.category_ids) {
    await db.delete(productCategories).where(eq(productCategories.productId, productId));
    await db
      .insert(productCategories)
      .values(
        [...new Set(input.category_ids)].map((categoryId, i) => ({ productId, categoryId, isMain: i === 0 })),
      );
  }
  if (input.plans) await writePlans(db, productId, input.plans);
  if (input.variants) await replaceVariants(db, productId, input.variants);
  if (input.caracteristics) {
    await writeCharacteristics(db, productId, input.caracteristics, characteristicsMode);
  }
  if (input.related_ids) {
    await db.delete(productRelations).where(eq(productRelations.productId, productId));
    const related = [...new Set(input.related_ids)].filter((id) => id !== productId);
    if (related.length)
      await db
        .insert(productRelations)
        .values(related.map((relatedId, position) => ({ productId, relatedId, position })));
  }
}

/** The product's plans become `plans`; a plan it stays in keeps its place in the plan's listing. */
async function writePlans(db: Executor, productId: number, plans: { plan_id: number; promoted: boolean }[]) {
  const stored = await db
    .select({ planId: productPlans.planId, position: productPlans.position })
    .from(productPlans)
    .where(eq(productPlans.productId, productId));
  await db.delete(productPlans).where(eq(productPlans.productId, productId));
  await db.insert(productPlans).values(
    plans.map((p) => ({
      productId,
      planId: p.plan_id,
      promoted: p.promoted,
      position: stored.find((s) => s.planId === p.plan_id)?.position ?? 1000 + productId,
    })),
  );
}

/**
 * Writes characteristic values: `replace` makes them exactly `values`; `merge` changes only the codes named, a
 * `null` removing that code.
 */
async function writeCharacteristics(
  db: Executor,
  productId: number,
  values: NonNullable<ProductWrite['caracteristics']>,
  mode: 'replace' | 'merge',
) {
  const ofProduct = eq(productCharacteristics.productId, productId);
  const named = inArray(productCharacteristics.code, Object.keys(values));
  await db.delete(productCharacteristics).where(mode === 'replace' ? ofProduct : and(ofProduct, named));
  const rows = Object.entries(values).flatMap(
    ([code, value]): (typeof productCharacteristics.$inferInsert)[] => {
      if (value === null) return [];
      return typeof value === 'number'
        ? [{ productId, code, value: String(value), numberValue: value }]
        : [...new Set(value)].map((v) => ({ productId, code, value: v, numberValue: null }));
    },
  );
  if (rows.length) await db.insert(productCharacteristics).values(rows);
}

/** The product row's columns a write names. */
function productColumns(input: ProductWrite): Partial<typeof products.$inferInsert> {
  return {
    ...(input.reference !== undefined ? { reference: input.reference } : {}),
    ...(input.slug !== undefined ? { slug: input.slug } : {}),
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.short_description !== undefined ? { shortDescription: input.short_description } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.instructions !== undefined ? { instructions: input.instructions.join('\n') } : {}),
  };
}

/** `POST /product`: a new product, at version 1. */
export async function createProduct(
  db: Database,
  siteId: number,
  input: ProductInput,
): Promise<ProductWritten> {
  const slug = input.slug ?? slugify(input.name);
  if (!slug) throw invalid('The name gives an empty slug: provide one', 'slug', 'Required');
  await validateReferences(db, siteId, input);
  await checkUnique(db, siteId, input, slug);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(products)
      .values({
        siteId,
        reference: input.reference,
        slug,
        name: input.name,
        shortDescription: input.short_description,
        description: input.description,
        instructions: input.instructions.join('\n'),
      })
      .returning({ id: products.id, version: products.version });
    await writeChildren(tx, row!.id, input, 'replace');
    await syncCategoryPlans(tx, siteId);
    return row!;
  });
}

/** The product's slug as stored (before a write that may change it). */
async function storedProductSlug(db: Database, id: number): Promise<string | undefined> {
  const [row] = await db.select({ slug: products.slug }).from(products).where(eq(products.id, id));
  return row?.slug;
}

/** `PUT /product`: replaces every field of the product, from `version` when given. */
export async function replaceProduct(
  db: Database,
  siteId: number,
  input: ProductReplacement,
  now: Date,
): Promise<ProductWritten> {
  const { id, version, ...fields } = input;
  await storedProductVersion(db, siteId, id);
  await validateReferences(db, siteId, fields);
  await checkUnique(db, siteId, fields, fields.slug, id);
  const before = await storedProductSlug(db, id);
  return db.transaction(async (tx) => {
    const next = await bumpProductVersion(tx, siteId, id, version, now);
    await tx.update(products).set(productColumns(fields)).where(eq(products.id, id));
    await recordSlugMove(tx, 'product', before, fields.slug);
    await writeChildren(tx, id, fields, 'replace');
    await syncCategoryPlans(tx, siteId);
    return { id, version: next };
  });
}

/** The product's stored packs have a price in each plan a patch puts it in. */
async function checkStoredPacksPriced(db: Database, productId: number, plans: { plan_id: number }[]) {
  const priced = await db
    .select({ variantId: variants.id, planId: variantPrices.planId })
    .from(variants)
    .leftJoin(variantPrices, eq(variantPrices.variantId, variants.id))
    .where(eq(variants.productId, productId));
  const variantIds = [...new Set(priced.map((p) => p.variantId))];
  for (const plan of plans) {
    if (variantIds.some((id) => !priced.some((p) => p.variantId === id && p.planId === plan.plan_id))) {
      throw invalid(
        `Packs have no price in plan ${plan.plan_id}: price them first (PATCH /product/{id}/variants/{reference})`,
        'plans',
        'Packs not priced in this plan',
      );
    }
  }
}

/** `PATCH /product/{id}`: changes only the fields named, from `version`. */
export async function patchProduct(
  db: Database,
  siteId: number,
  id: number,
  patch: ProductPatch,
  now: Date,
): Promise<ProductWritten> {
  const { version, ...fields } = patch;
  await storedProductVersion(db, siteId, id);
  if (fields.plans) await checkStoredPacksPriced(db, id, fields.plans);
  await validateReferences(db, siteId, fields);
  await checkUnique(db, siteId, fields, fields.slug, id);
  const pictograms = fields.pictogram_keys && (await chosenPictograms(db, siteId, fields.pictogram_keys));
  const before = await storedProductSlug(db, id);
  return db.transaction(async (tx) => {
    const next = await bumpProductVersion(tx, siteId, id, version, now);
    const columns = productColumns(fields);
    if (Object.keys(columns).length) await tx.update(products).set(columns).where(eq(products.id, id));
    await recordSlugMove(tx, 'product', before, fields.slug);
    await writeChildren(tx, id, fields, 'merge');
    if (pictograms) await writePictograms(tx, id, pictograms);
    if (fields.category_ids || fields.plans) await syncCategoryPlans(tx, siteId);
    return { id, version: next };
  });
}

export async function deleteProduct(db: Database, siteId: number, id: number): Promise<void> {
  // The products naming it as related lose that relation with it (a cascade): their versions move on too.
  const relating = await db
    .select({ id: productRelations.productId })
    .from(productRelations)
    .where(eq(productRelations.relatedId, id));
  const deleted = await db
    .delete(products)
    .where(and(eq(products.id, id), eq(products.siteId, siteId)))
    .returning({ id: products.id });
  if (deleted.length === 0) throw notFound(`Product ${id}`);
  if (relating.length) {
    await db
      .update(products)
      .set({ version: sql`${products.version} + 1` })
      .where(
        inArray(
          products.id,
          relating.map((r) => r.id),
        ),
      );
  }
  await syncCategoryPlans(db, siteId);
}
