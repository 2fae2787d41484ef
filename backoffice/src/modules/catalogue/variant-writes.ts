/**
 * A product's packs (variants) and their prices per plan: the rows a full product write replaces, and the calls
 * that add, change or remove one pack while the others stay as they are. Each call names the product's version
 * and moves it on (product-version.ts).
 */
import { gtin14 } from '@plasterwick/shop-rules/barcode';
import { and, count, eq, inArray, max, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/types.ts';
import { productPlans, variantPrices, variants } from '../../db/schema.ts';
import { DomainError, notFound } from '../../lib/errors.ts';
import { checkPackUnique, checkPlanPrices, invalid } from './product-checks.ts';
import { bumpProductVersion, storedProductVersion } from './product-version.ts';
import type { VariantCreate, VariantInput, VariantPatch, VariantPriceInput } from './schemas.ts';

/** What a product write answers: the product and its version after the write. */
export interface ProductWritten {
  id: number;
  version: number;
}

/** Sets the pack's prices in the plans `prices` names; its prices in other plans stay. */
async function setPrices(db: Executor, variantId: number, prices: VariantPriceInput[]) {
  await db.delete(variantPrices).where(
    and(
      eq(variantPrices.variantId, variantId),
      inArray(
        variantPrices.planId,
        prices.map((p) => p.plan_id),
      ),
    ),
  );
  await db.insert(variantPrices).values(
    prices.map((p) => ({
      variantId,
      planId: p.plan_id,
      priceExVatPence: p.ex_vat ?? null,
      priceIncVatPence: p.inc_vat ?? null,
    })),
  );
}

async function insertVariant(db: Executor, productId: number, variant: VariantInput, position: number) {
  const [row] = await db
    .insert(variants)
    .values({
      productId,
      reference: variant.reference,
      label: variant.label,
      gtin: gtin14(variant.gtin),
      quantity: variant.quantity,
      unit: variant.unit,
      position,
    })
    .returning({ id: variants.id });
  await setPrices(db, row!.id, variant.prices);
}

/**
 * Makes the product's packs exactly `wanted`, in that order (a full replace). A pack whose reference stays is
 * updated in place, so its id (which orders name) and its packshot are kept; its prices become exactly those given.
 */
export async function replaceVariants(db: Executor, productId: number, wanted: VariantInput[]) {
  const stored = await db
    .select({ id: variants.id, reference: variants.reference, gtin: variants.gtin })
    .from(variants)
    .where(eq(variants.productId, productId));
  const byReference = new Map(stored.map((pack) => [pack.reference, pack]));
  const gone = stored.filter((pack) => !wanted.some((w) => w.reference === pack.reference));
  if (gone.length)
    await db.delete(variants).where(
      inArray(
        variants.id,
        gone.map((pack) => pack.id),
      ),
    );
  // Two kept packs may swap GTINs: free the changing ones first, so the unique index never sees one twice.
  const moving = wanted.flatMap((w) => {
    const kept = byReference.get(w.reference);
    return kept && kept.gtin !== gtin14(w.gtin) ? [kept.id] : [];
  });
  if (moving.length) {
    await db
      .update(variants)
      .set({ gtin: sql`'moving-' || ${variants.id}` })
      .where(inArray(variants.id, moving));
  }
  for (const [position, variant] of wanted.entries()) {
    const kept = byReference.get(variant.reference);
    if (!kept) {
      await insertVariant(db, productId, variant, position);
      continue;
    }
    const { label, quantity, unit } = variant;
    await db
      .update(variants)
      .set({ label, gtin: gtin14(variant.gtin), quantity, unit, position })
      .where(eq(variants.id, kept.id));
    // Its prices become exactly those given: the ones of plans no longer named go too.
    await db.delete(variantPrices).where(eq(variantPrices.variantId, kept.id));
    await setPrices(db, kept.id, variant.prices);
  }
}

async function findVariant(db: Database, productId: number, reference: string) {
  const [pack] = await db
    .select({ id: variants.id })
    .from(variants)
    .where(and(eq(variants.productId, productId), eq(variants.reference, reference)));
  if (!pack) throw notFound(`Pack ${reference} of product ${productId}`);
  return pack;
}

const pricePaths = (prices: VariantPriceInput[]) =>
  prices.map((price, j) => ({ price, path: `prices.${j}` }));

/** A new pack needs a price in each plan the product is sold in. */
async function checkPricedInProductPlans(db: Database, productId: number, prices: VariantPriceInput[]) {
  const plans = await db
    .select({ planId: productPlans.planId })
    .from(productPlans)
    .where(eq(productPlans.productId, productId));
  const unpriced = plans.filter((plan) => !prices.some((p) => p.plan_id === plan.planId));
  if (unpriced.length) {
    throw invalid(
      "A pack needs a price in each of the product's plans",
      'prices',
      `No price for plan ${unpriced.map((p) => p.planId).join(', ')}`,
    );
  }
}

/** `POST /product/{id}/variants/{reference}`: adds a pack after the others. */
export async function addVariant(
  db: Database,
  siteId: number,
  productId: number,
  input: VariantCreate & { reference: string },
  now: Date,
): Promise<ProductWritten> {
  const { version, ...pack } = input;
  await storedProductVersion(db, siteId, productId);
  await checkPlanPrices(db, siteId, [], pricePaths(pack.prices));
  await checkPricedInProductPlans(db, productId, pack.prices);
  await checkPackUnique(db, pack);
  return db.transaction(async (tx) => {
    const next = await bumpProductVersion(tx, siteId, productId, version, now);
    const [last] = await tx
      .select({ position: max(variants.position) })
      .from(variants)
      .where(eq(variants.productId, productId));
    await insertVariant(tx, productId, pack, (last?.position ?? -1) + 1);
    return { id: productId, version: next };
  });
}

/** `PATCH /product/{id}/variants/{reference}`: changes the named fields, and the prices of the plans named. */
export async function patchVariant(
  db: Database,
  siteId: number,
  productId: number,
  reference: string,
  patch: VariantPatch,
  now: Date,
): Promise<ProductWritten> {
  const { version, prices, ...fields } = patch;
  await storedProductVersion(db, siteId, productId);
  const pack = await findVariant(db, productId, reference);
  if (prices) await checkPlanPrices(db, siteId, [], pricePaths(prices));
  await checkPackUnique(db, { gtin: fields.gtin }, pack.id);
  return db.transaction(async (tx) => {
    const next = await bumpProductVersion(tx, siteId, productId, version, now);
    if (Object.keys(fields).length) {
      const gtin = fields.gtin === undefined ? {} : { gtin: gtin14(fields.gtin) };
      await tx
        .update(variants)
        .set({ ...fields, ...gtin })
        .where(eq(variants.id, pack.id));
    }
    if (prices) await setPrices(tx, pack.id, prices);
    return { id: productId, version: next };
  });
}

/** `DELETE /product/{id}/variants/{reference}`: removes one pack; a product keeps at least one. */
export async function removeVariant(
  db: Database,
  siteId: number,
  productId: number,
  reference: string,
  version: number,
  now: Date,
): Promise<ProductWritten> {
  await storedProductVersion(db, siteId, productId);
  const pack = await findVariant(db, productId, reference);
  return db.transaction(async (tx) => {
    const next = await bumpProductVersion(tx, siteId, productId, version, now);
    // Counted under the product's row lock the bump took: two removals cannot both see a second pack.
    const [packs] = await tx
      .select({ count: count() })
      .from(variants)
      .where(eq(variants.productId, productId));
    if (packs!.count <= 1) {
      throw new DomainError(
        'conflict',
        'A product keeps at least one pack: add another before removing this one',
      );
    }
    await tx.delete(variants).where(eq(variants.id, pack.id));
    return { id: productId, version: next };
  });
}
