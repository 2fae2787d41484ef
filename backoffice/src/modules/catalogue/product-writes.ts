/** Product create, update and delete: validates references (categories, plans, characteristics) then writes. */
import { gtin14 } from '@plasterwick/shop-rules/barcode';
import { slugify } from '@plasterwick/shop-rules/slug';
import { and, eq, inArray, ne, or } from 'drizzle-orm';
import type { Database } from '../../db/types.ts';
import {
  categories,
  characteristics,
  productCategories,
  productCharacteristics,
  productPlans,
  productRelations,
  products,
  salesPlans,
  variantPrices,
  variants,
} from '../../db/schema.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import { syncCategoryPlans } from './read-model.ts';
import type { ProductInput, ProductUpdate } from './schemas.ts';

/** A refusal of the input at `field` (its path in the input), with the message shown beside that field. */
const invalid = (message: string, field: string, fieldMessage: string) =>
  fieldError('invalid_request', field, message, fieldMessage);
const conflict = (message: string, field: string) => fieldError('conflict', field, message, 'Already used');

/** Every reference the input makes exists on the site and fits: categories, plans and prices, characteristics. */
async function validateReferences(db: Database, siteId: number, input: Partial<ProductInput>) {
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

/** The plans named (the product's and its prices') exist, and each price comes in its plan's basis. */
async function checkPlansAndPriceBases(db: Database, siteId: number, input: Partial<ProductInput>) {
  const planIds = [
    ...(input.plans ?? []).map((p) => p.plan_id),
    ...(input.variants ?? []).flatMap((v) => v.prices.map((p) => p.plan_id)),
  ];
  if (!planIds.length) return;
  const found = await db
    .select({ id: salesPlans.id, pricesIncludeVat: salesPlans.pricesIncludeVat })
    .from(salesPlans)
    .where(and(eq(salesPlans.siteId, siteId), inArray(salesPlans.id, planIds)));
  const missing = [...new Set(planIds.filter((id) => !found.some((f) => f.id === id)))];
  if (missing.length)
    throw invalid(`Unknown sales plans ${missing.join(', ')}`, 'plans', 'Unknown sales plan');
  // Each price comes in its plan's basis: DIY shelf prices inc VAT (so £9.99 is what the shelf shows), trade ex VAT.
  for (const [i, variant] of (input.variants ?? []).entries()) {
    for (const [j, price] of variant.prices.entries()) {
      const includesVat = found.find((f) => f.id === price.plan_id)!.pricesIncludeVat;
      const wrong = includesVat ? price.inc_vat === undefined : price.ex_vat === undefined;
      if (wrong) {
        const basis = includesVat ? 'inc_vat' : 'ex_vat';
        throw invalid(
          `Plan ${price.plan_id} takes prices as ${basis}`,
          `variants.${i}.prices.${j}.${basis}`,
          includesVat
            ? 'This plan sells at shelf prices including VAT: send inc_vat'
            : 'This plan sells at prices excluding VAT: send ex_vat',
        );
      }
    }
  }
}

/** Every variant needs a price in every plan the product is sold in. */
function checkEveryPlanPriced(input: Partial<ProductInput>) {
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
async function checkCharacteristics(db: Database, values: ProductInput['caracteristics'] | undefined) {
  if (!values) return;
  const definitions = await db.select().from(characteristics);
  for (const [code, value] of Object.entries(values)) {
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

async function checkUnique(
  db: Database,
  siteId: number,
  input: Partial<ProductInput>,
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

/** Replaces the product's child rows for every set the input provides. */
async function writeChildren(db: Database, productId: number, input: Partial<ProductInput>) {
  if (input.category_ids) {
    await db.delete(productCategories).where(eq(productCategories.productId, productId));
    await db
      .insert(productCategories)
      .values(
        [...new Set(input.category_ids)].map((categoryId, i) => ({ productId, categoryId, isMain: i === 0 })),
      );
  }
  if (input.plans) {
    await db.delete(productPlans).where(eq(productPlans.productId, productId));
    await db.insert(productPlans).values(
      input.plans.map((p) => ({
        productId,
        planId: p.plan_id,
        promoted: p.promoted,
        position: 1000 + productId,
      })),
    );
  }
  if (input.variants) {
    await db.delete(variants).where(eq(variants.productId, productId));
    for (const [position, variant] of input.variants.entries()) {
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
      await db.insert(variantPrices).values(
        variant.prices.map((p) => ({
          variantId: row!.id,
          planId: p.plan_id,
          priceExVatPence: p.ex_vat ?? null,
          priceIncVatPence: p.inc_vat ?? null,
        })),
      );
    }
  }
  if (input.caracteristics) {
    await db.delete(productCharacteristics).where(eq(productCharacteristics.productId, productId));
    const rows = Object.entries(input.caracteristics).flatMap(
      ([code, value]): (typeof productCharacteristics.$inferInsert)[] =>
        typeof value === 'number'
          ? [{ productId, code, value: String(value), numberValue: value }]
          : [...new Set(value)].map((v) => ({ productId, code, value: v, numberValue: null })),
    );
    if (rows.length) await db.insert(productCharacteristics).values(rows);
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

export async function createProduct(db: Database, siteId: number, input: ProductInput): Promise<number> {
  const slug = input.slug ?? slugify(input.name);
  if (!slug) throw invalid('The name gives an empty slug: provide one', 'slug', 'Required');
  await validateReferences(db, siteId, input);
  await checkUnique(db, siteId, input, slug);
  return db.transaction(async (tx) => {
    const t = tx;
    const [row] = await t
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
      .returning({ id: products.id });
    await writeChildren(t, row!.id, input);
    await syncCategoryPlans(t, siteId);
    return row!.id;
  });
}

export async function updateProduct(
  db: Database,
  siteId: number,
  input: ProductUpdate,
  now: Date,
): Promise<number> {
  const [existing] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, input.id), eq(products.siteId, siteId)));
  if (!existing) throw notFound(`Product ${input.id}`);
  if (input.plans && !input.variants) {
    // New plans need prices: check the stored variants cover them.
    const priced = await db
      .select({ variantId: variants.id, planId: variantPrices.planId })
      .from(variants)
      .leftJoin(variantPrices, eq(variantPrices.variantId, variants.id))
      .where(eq(variants.productId, input.id));
    const variantIds = [...new Set(priced.map((p) => p.variantId))];
    for (const plan of input.plans) {
      if (variantIds.some((id) => !priced.some((p) => p.variantId === id && p.planId === plan.plan_id))) {
        throw invalid(
          `Variants have no price in plan ${plan.plan_id}: send variants with prices too`,
          'plans',
          'Variants not priced in this plan',
        );
      }
    }
  }
  await validateReferences(db, siteId, input);
  await checkUnique(db, siteId, input, input.slug, input.id);
  await db.transaction(async (tx) => {
    const t = tx;
    await t
      .update(products)
      .set({
        ...(input.reference !== undefined ? { reference: input.reference } : {}),
        ...(input.slug !== undefined ? { slug: input.slug } : {}),
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.short_description !== undefined ? { shortDescription: input.short_description } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.instructions !== undefined ? { instructions: input.instructions.join('\n') } : {}),
        updatedAt: now,
      })
      .where(eq(products.id, input.id));
    await writeChildren(t, input.id, input);
    await syncCategoryPlans(t, siteId);
  });
  return input.id;
}

export async function deleteProduct(db: Database, siteId: number, id: number): Promise<void> {
  const deleted = await db
    .delete(products)
    .where(and(eq(products.id, id), eq(products.siteId, siteId)))
    .returning({ id: products.id });
  if (deleted.length === 0) throw notFound(`Product ${id}`);
  await syncCategoryPlans(db, siteId);
}
