/**
 * The checks of a product write before it runs: every reference it makes (categories, plans and price bases,
 * characteristics, related products) exists on the site and fits, and its references, slug and GTINs are free.
 */
import { gtin14 } from '@plasterwick/shop-rules/barcode';
import { and, eq, inArray, ne, or } from 'drizzle-orm';
import type { Database } from '../../db/types.ts';
import { categories, characteristics, products, salesPlans, variants } from '../../db/schema.ts';
import { fieldError } from '../../lib/errors.ts';
import type { ProductInput, ProductPatch, VariantPriceInput } from './schemas.ts';

/** The fields of any product write: a create, a full replace or a patch (whose characteristics may be null). */
export type ProductWrite = Partial<Omit<ProductInput, 'caracteristics'>> & {
  caracteristics?: ProductPatch['caracteristics'];
};

/** A refusal of the input at `field` (its path in the input), with the message shown beside that field. */
export const invalid = (message: string, field: string, fieldMessage: string) =>
  fieldError('invalid_request', field, message, fieldMessage);
export const conflict = (message: string, field: string) =>
  fieldError('conflict', field, message, 'Already used');

/** Every reference the input makes exists on the site and fits: categories, plans and prices, characteristics. */
export async function validateReferences(db: Database, siteId: number, input: ProductWrite) {
  await checkCategories(db, siteId, input.category_ids);
  await checkPlansAndPriceBases(db, siteId, input);
  checkEveryPlanPriced(input);
  await checkCharacteristics(db, input.caracteristics);
  await checkRelatedProducts(db, siteId, input.related_ids);
}

async function checkCategories(db: Database, siteId: number, categoryIds: number[] | undefined) {
  if (!categoryIds) return;
  const found = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.siteId, siteId), inArray(categories.id, categoryIds)));
  const missing = categoryIds.filter((id) => !found.some((f) => f.id === id));
  if (missing.length) {
    throw invalid(`Unknown categories ${missing.join(', ')}`, 'category_ids', 'Unknown category');
  }
}

async function checkPlansAndPriceBases(db: Database, siteId: number, input: ProductWrite) {
  const prices = (input.variants ?? []).flatMap((variant, i) =>
    variant.prices.map((price, j) => ({ price, path: `variants.${i}.prices.${j}` })),
  );
  await checkPlanPrices(
    db,
    siteId,
    (input.plans ?? []).map((p) => p.plan_id),
    prices,
  );
}

/**
 * The plans named (a product's, and its prices' at `path` in the input) exist on the site, and each price comes in
 * its plan's basis.
 */
export async function checkPlanPrices(
  db: Database,
  siteId: number,
  productPlanIds: number[],
  prices: { price: VariantPriceInput; path: string }[],
) {
  const planIds = [...productPlanIds, ...prices.map(({ price }) => price.plan_id)];
  if (!planIds.length) return;
  const found = await db
    .select({ id: salesPlans.id, pricesIncludeVat: salesPlans.pricesIncludeVat })
    .from(salesPlans)
    .where(and(eq(salesPlans.siteId, siteId), inArray(salesPlans.id, planIds)));
  const missing = [...new Set(planIds.filter((id) => !found.some((f) => f.id === id)))];
  if (missing.length) {
    const unknownPrice = prices.find(({ price }) => missing.includes(price.plan_id));
    const field = productPlanIds.some((id) => missing.includes(id))
      ? 'plans'
      : `${unknownPrice!.path}.plan_id`;
    throw invalid(`Unknown sales plans ${missing.join(', ')}`, field, 'Unknown sales plan');
  }
  // Each price comes in its plan's basis: DIY shelf prices inc VAT (so £9.99 is what the shelf shows), trade ex VAT.
  for (const { price, path } of prices) {
    const includesVat = found.find((f) => f.id === price.plan_id)!.pricesIncludeVat;
    const wrong = includesVat ? price.inc_vat === undefined : price.ex_vat === undefined;
    if (wrong) {
      const basis = includesVat ? 'inc_vat' : 'ex_vat';
      throw invalid(
        `Plan ${price.plan_id} takes prices as ${basis}`,
        `${path}.${basis}`,
        includesVat
          ? 'This plan sells at shelf prices including VAT: send inc_vat'
          : 'This plan sells at prices excluding VAT: send ex_vat',
      );
    }
  }
}

/** Every variant needs a price in every plan the product is sold in. */
function checkEveryPlanPriced(input: ProductWrite) {
  if (!input.plans || !input.variants) return;
  for (const [i, variant] of input.variants.entries()) {
    const priced = new Set(variant.prices.map((p) => p.plan_id));
    const unpriced = input.plans.filter((p) => !priced.has(p.plan_id));
    if (unpriced.length) {
      throw invalid(
        "Every variant needs a price in each of the product's plans",
        `variants.${i}.prices`,
        `No price for plan ${unpriced.map((p) => p.plan_id).join(', ')}`,
      );
    }
  }
}

/** Each characteristic is a known one, with a value of its kind (a number, or options it lists). */
async function checkCharacteristics(db: Database, values: ProductWrite['caracteristics']) {
  if (!values) return;
  const definitions = await db.select().from(characteristics);
  for (const [code, value] of Object.entries(values)) {
    // A patch's null removes the characteristic: nothing to check.
    if (value === null) continue;
    const definition = definitions.find((d) => d.code === code);
    const field = `caracteristics.${code}`;
    if (!definition) throw invalid(`Unknown characteristic ${code}`, field, 'Unknown characteristic');
    if (definition.kind === 'number' && typeof value !== 'number') {
      throw invalid(`${code} must be a number`, field, 'Expected a number');
    }
    if (definition.kind === 'enum') {
      const bad = (Array.isArray(value) ? value : [String(value)]).filter(
        (v) => !definition.options.some((o) => o.value === v),
      );
      if (bad.length) throw invalid(`Unknown ${code} values ${bad.join(', ')}`, field, 'Unknown value');
    }
  }
}

async function checkRelatedProducts(db: Database, siteId: number, relatedIds: number[] | undefined) {
  if (!relatedIds?.length) return;
  const found = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.siteId, siteId), inArray(products.id, relatedIds)));
  if (found.length !== new Set(relatedIds).size) {
    throw invalid('Unknown related products', 'related_ids', 'Unknown product');
  }
}

export async function checkUnique(
  db: Database,
  siteId: number,
  input: ProductWrite,
  slug: string | undefined,
  selfId?: number,
) {
  const other = selfId ? ne(products.id, selfId) : undefined;
  if (input.reference || slug) {
    const [clash] = await db
      .select({ reference: products.reference, slug: products.slug })
      .from(products)
      .where(
        and(
          eq(products.siteId, siteId),
          or(
            input.reference ? eq(products.reference, input.reference) : undefined,
            slug ? eq(products.slug, slug) : undefined,
          ),
          other,
        ),
      );
    if (clash) {
      throw clash.reference === input.reference
        ? conflict('A product with this reference already exists', 'reference')
        : conflict('A product with this slug already exists', 'slug');
    }
  }
  if (input.variants) {
    const references = input.variants.map((v) => v.reference);
    const gtins = input.variants.map((v) => gtin14(v.gtin));
    if (new Set(references).size !== references.length)
      throw conflict('Variant references must differ', 'variants');
    if (new Set(gtins).size !== gtins.length) throw conflict('Variant GTINs must differ', 'variants');
    const [clash] = await db
      .select({ id: variants.id })
      .from(variants)
      .where(
        and(
          or(inArray(variants.reference, references), inArray(variants.gtin, gtins)),
          selfId ? ne(variants.productId, selfId) : undefined,
        ),
      );
    if (clash) throw conflict('A variant reference or GTIN is already used by another product', 'variants');
  }
}

/** A pack's reference and GTIN are used by no other pack, of any product (`selfId`: the pack being changed). */
export async function checkPackUnique(
  db: Database,
  pack: { reference?: string; gtin?: string },
  selfId?: number,
) {
  if (!pack.reference && !pack.gtin) return;
  const [clash] = await db
    .select({ reference: variants.reference })
    .from(variants)
    .where(
      and(
        or(
          pack.reference ? eq(variants.reference, pack.reference) : undefined,
          pack.gtin ? eq(variants.gtin, gtin14(pack.gtin)) : undefined,
        ),
        selfId ? ne(variants.id, selfId) : undefined,
      ),
    );
  if (!clash) return;
  throw clash.reference === pack.reference
    ? conflict('A pack with this reference already exists', 'reference')
    : conflict('A pack with this GTIN already exists', 'gtin');
}
