/**
 * The catalogue of one sales plan as the API serves it, built from a handful of queries and kept in the read
 * cache until the next write. Listings, facets and the selector guide filter this in memory: a filler maker's
 * range is a few hundred products at most, and PGlite answers one query at a time, so one load per plan beats a
 * query per request. Text matching stays in Postgres (search module).
 */
import { lineFromGross, lineFromNet } from '@plasterwick/shop-rules/money';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/types.ts';
import {
  categories,
  characteristics,
  media,
  productCategories,
  productCharacteristics,
  productMedia,
  productPlans,
  products,
  variantPrices,
  variants,
} from '../../db/schema.ts';
import type { ReadCache } from '../../lib/cache.ts';
import type { SalesPlan } from '../../lib/context.ts';
import { toMediaRef } from '../../lib/media.ts';
import type { z } from 'zod';
import type { caracteristicSchema, priceSchema, productSummarySchema, variantSchema } from './schemas.ts';

export type Price = z.infer<typeof priceSchema>;
export type ProductSummary = z.infer<typeof productSummarySchema>;
type Variant = z.infer<typeof variantSchema>;
type Caracteristic = z.infer<typeof caracteristicSchema>;

export interface CatalogueProduct {
  id: number;
  name: string;
  position: number;
  createdAt: number;
  /** Cheapest variant price in the plan, pence ex VAT. */
  minPrice: number;
  promoted: boolean;
  /** Place of the name in the catalogue's collated (en-GB) order, so listings sort by name with integer compares. */
  nameRank: number;
  /** Every category the product is in, with their ancestors (a category filter includes descendants). */
  categoryIds: Set<number>;
  /** Raw characteristic values by code. */
  values: Map<string, Set<string>>;
  summary: ProductSummary;
}

export interface CategoryRow {
  id: number;
  parentId: number | null;
  slug: string;
  name: string;
  description: string;
  position: number;
  coverKey: string | null;
  version: number;
}

export interface CharacteristicDefinition {
  code: string;
  label: string;
  kind: 'enum' | 'number';
  unit: string | null;
  facet: boolean;
  position: number;
  options: { value: string; label: string }[];
}

export interface PlanCatalogue {
  plan: SalesPlan;
  products: CatalogueProduct[];
  byId: Map<number, CatalogueProduct>;
  bySlug: Map<string, CatalogueProduct>;
  categories: CategoryRow[];
  /** The categories in facet order: each top-level category followed by its children. */
  categoriesTopFirst: CategoryRow[];
  characteristics: CharacteristicDefinition[];
}

/**
 * Price object of the contract from a stored price: ex VAT (trade) or the shelf price inc VAT (DIY), the other
 * basis derived with the one rounding rule (VAT rounded to the penny, half up).
 */
export function priceOf(stored: StoredPrice, plan: SalesPlan): Price {
  const unit =
    stored.exVat !== null
      ? lineFromNet(stored.exVat, 1, plan.vatRateBp)
      : lineFromGross(stored.incVat, 1, plan.vatRateBp);
  return {
    ex_vat: unit.ex,
    inc_vat: unit.inc,
    vat_rate: plan.vatRateBp / 100,
    currency: plan.currencyCode,
  };
}

/** A `variant_price` row's amount: exactly one basis is stored (a CHECK says so). */
export type StoredPrice = { exVat: number; incVat: null } | { exVat: null; incVat: number };

function storedPrice(exVat: number | null, incVat: number | null): StoredPrice | null {
  if (exVat !== null) return { exVat, incVat: null };
  if (incVat !== null) return { exVat: null, incVat };
  return null;
}

const group = <T, K>(rows: T[], key: (row: T) => K) => {
  const map = new Map<K, T[]>();
  for (const row of rows) map.set(key(row), [...(map.get(key(row)) ?? []), row]);
  return map;
};

export function loadCategories(db: Database, cache: ReadCache, siteId: number): Promise<CategoryRow[]> {
  return cache.get(`catalogue:categories:${siteId}`, () =>
    db
      .select({
        id: categories.id,
        parentId: categories.parentId,
        slug: categories.slug,
        name: categories.name,
        description: categories.description,
        position: categories.position,
        coverKey: categories.coverKey,
        version: categories.version,
      })
      .from(categories)
      .where(eq(categories.siteId, siteId))
      .orderBy(asc(categories.position), asc(categories.id)),
  );
}

export function loadCharacteristics(db: Database, cache: ReadCache): Promise<CharacteristicDefinition[]> {
  return cache.get('catalogue:characteristics', () =>
    db.select().from(characteristics).orderBy(asc(characteristics.position), asc(characteristics.code)),
  );
}

/** A pack sold in a plan as the database has it now (`currentPacks`). */
export interface CurrentPack {
  productId: number;
  productSlug: string;
  productName: string;
  variantId: number;
  label: string;
  quantity: number;
  unit: Variant['unit'];
  price: Price;
}

/**
 * The packs `references` names that are sold in the plan now, with their price there, read from the database (never
 * the cache): a completion reads them under the cart's lock, so a change committed through another back-office,
 * whose cache may be a moment behind, is charged at once. A pack missing from the answer is not sold in the plan.
 */
export async function currentPacks(
  db: Executor,
  plan: SalesPlan,
  references: string[],
): Promise<Map<string, CurrentPack>> {
  if (references.length === 0) return new Map();
  const rows = await db
    .select({
      reference: variants.reference,
      productId: products.id,
      productSlug: products.slug,
      productName: products.name,
      variantId: variants.id,
      label: variants.label,
      quantity: variants.quantity,
      unit: variants.unit,
      exVat: variantPrices.priceExVatPence,
      incVat: variantPrices.priceIncVatPence,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .innerJoin(productPlans, and(eq(productPlans.productId, products.id), eq(productPlans.planId, plan.id)))
    .innerJoin(
      variantPrices,
      and(eq(variantPrices.variantId, variants.id), eq(variantPrices.planId, plan.id)),
    )
    .where(and(eq(products.siteId, plan.siteId), inArray(variants.reference, references)));
  return new Map(
    rows.flatMap(({ reference, exVat, incVat, ...pack }) => {
      const stored = storedPrice(exVat, incVat);
      return stored ? [[reference, { ...pack, price: priceOf(stored, plan) }] as const] : [];
    }),
  );
}

/** The plan's catalogue (cached until the next write). */
export function loadPlanCatalogue(db: Database, cache: ReadCache, plan: SalesPlan): Promise<PlanCatalogue> {
  return cache.get(`catalogue:plan:${plan.id}`, () => buildPlanCatalogue(db, cache, plan));
}

async function buildPlanCatalogue(db: Database, cache: ReadCache, plan: SalesPlan): Promise<PlanCatalogue> {
  const [categoryRows, definitions] = await Promise.all([
    loadCategories(db, cache, plan.siteId),
    loadCharacteristics(db, cache),
  ]);
  const productRows = await loadPlanProducts(db, plan);
  const ids = productRows.map((row) => row.id);
  const details = ids.length ? await loadProductDetails(db, plan, ids) : undefined;
  const categories = indexCategories(categoryRows);
  const definitionOf = new Map(definitions.map((d) => [d.code, d]));
  const list = details
    ? productRows.flatMap((row) => {
        const product = toCatalogueProduct(row, details, { plan, categories, definitionOf });
        return product ? [product] : [];
      })
    : [];
  rankByName(list);
  return {
    plan,
    products: list,
    byId: new Map(list.map((p) => [p.id, p])),
    bySlug: new Map(list.map((p) => [p.summary.slug, p])),
    categories: categoryRows,
    categoriesTopFirst: categoryRows
      .filter((c) => c.parentId === null)
      .flatMap((top) => [top, ...categoryRows.filter((c) => c.parentId === top.id)]),
    characteristics: definitions,
  };
}

/** The plan's products in listing order (position in the plan, then id). */
function loadPlanProducts(db: Database, plan: SalesPlan) {
  return db
    .select({
      id: products.id,
      reference: products.reference,
      slug: products.slug,
      name: products.name,
      shortDescription: products.shortDescription,
      createdAt: products.createdAt,
      promoted: productPlans.promoted,
      position: productPlans.position,
    })
    .from(products)
    .innerJoin(productPlans, and(eq(productPlans.productId, products.id), eq(productPlans.planId, plan.id)))
    .where(eq(products.siteId, plan.siteId))
    .orderBy(asc(productPlans.position), asc(products.id));
}

type ProductRow = Awaited<ReturnType<typeof loadPlanProducts>>[number];

/** What the products `ids` hold beyond their own row, grouped by product: plans, categories, variants, values, media. */
async function loadProductDetails(db: Database, plan: SalesPlan, ids: number[]) {
  const [planRows, categoryLinks, variantRows, valueRows, mediaRows] = await Promise.all([
    db.select().from(productPlans).where(inArray(productPlans.productId, ids)),
    db
      .select({
        productId: productCategories.productId,
        categoryId: productCategories.categoryId,
        isMain: productCategories.isMain,
      })
      .from(productCategories)
      .where(inArray(productCategories.productId, ids)),
    loadVariants(db, plan, ids),
    db
      .select()
      .from(productCharacteristics)
      .where(inArray(productCharacteristics.productId, ids))
      .orderBy(asc(productCharacteristics.code), asc(productCharacteristics.value)),
    loadProductMedia(db, ids),
  ]);
  return {
    plansOf: group(planRows, (r) => r.productId),
    linksOf: group(categoryLinks, (r) => r.productId),
    variantsOf: group(variantRows, (r) => r.productId),
    valuesOf: group(valueRows, (r) => r.productId),
    mediaOf: group(mediaRows, (r) => r.productId),
  };
}

type ProductDetails = Awaited<ReturnType<typeof loadProductDetails>>;

/** The variants of the products, with their price in the plan (if any) and their pack shot. */
function loadVariants(db: Database, plan: SalesPlan, ids: number[]) {
  return db
    .select({
      id: variants.id,
      productId: variants.productId,
      reference: variants.reference,
      label: variants.label,
      gtin: variants.gtin,
      quantity: variants.quantity,
      unit: variants.unit,
      priceExVat: variantPrices.priceExVatPence,
      priceIncVat: variantPrices.priceIncVatPence,
      mediaKey: media.key,
      mediaWebpKey: media.webpKey,
      mediaWidth: media.width,
      mediaHeight: media.height,
      mediaAlt: media.alt,
    })
    .from(variants)
    .leftJoin(variantPrices, and(eq(variantPrices.variantId, variants.id), eq(variantPrices.planId, plan.id)))
    .leftJoin(media, eq(media.key, variants.mediaKey))
    .where(inArray(variants.productId, ids))
    .orderBy(asc(variants.position), asc(variants.id));
}

type VariantRow = Awaited<ReturnType<typeof loadVariants>>[number];

/** The products' pictures (visuals, pictograms, settings), in order. */
function loadProductMedia(db: Database, ids: number[]) {
  return db
    .select({
      productId: productMedia.productId,
      kind: productMedia.kind,
      title: productMedia.title,
      key: media.key,
      webpKey: media.webpKey,
      width: media.width,
      height: media.height,
      alt: media.alt,
    })
    .from(productMedia)
    .innerJoin(media, eq(media.key, productMedia.mediaKey))
    .where(inArray(productMedia.productId, ids))
    .orderBy(asc(productMedia.position), asc(productMedia.mediaKey));
}

type ValueRow = typeof productCharacteristics.$inferSelect;

interface CategoryIndex {
  byId: Map<number, CategoryRow>;
  /** The category and its ancestors, nearest first. */
  ancestorsOf(id: number): number[];
}

function indexCategories(rows: CategoryRow[]): CategoryIndex {
  const byId = new Map(rows.map((c) => [c.id, c]));
  const ancestorsOf = (id: number): number[] => {
    const chain: number[] = [];
    for (
      let c = byId.get(id);
      c && !chain.includes(c.id);
      c = c.parentId ? byId.get(c.parentId) : undefined
    ) {
      chain.push(c.id);
    }
    return chain;
  };
  return { byId, ancestorsOf };
}

/** One product as the plan's catalogue holds it, or undefined when it has no price in the plan. */
function toCatalogueProduct(
  row: ProductRow,
  details: ProductDetails,
  catalogue: {
    plan: SalesPlan;
    categories: CategoryIndex;
    definitionOf: Map<string, CharacteristicDefinition>;
  },
): CatalogueProduct | undefined {
  const { plan, categories } = catalogue;
  const links = (details.linksOf.get(row.id) ?? []).toSorted(
    (a, b) => Number(b.isMain) - Number(a.isMain) || a.categoryId - b.categoryId,
  );
  const main = links[0] ? categories.byId.get(links[0].categoryId) : undefined;
  const productVariants = variantsInPlan(details.variantsOf.get(row.id) ?? [], plan);
  const cheapest = productVariants.reduce<Variant | null>(
    (min, v) => (min === null || v.price.ex_vat < min.price.ex_vat ? v : min),
    null,
  );
  // A product with no price in the plan cannot be sold there: it is left out of the plan's catalogue.
  if (cheapest === null) return undefined;
  const { values, caracteristics } = characteristicsOf(
    details.valuesOf.get(row.id) ?? [],
    catalogue.definitionOf,
  );
  const productMediaRows = details.mediaOf.get(row.id) ?? [];
  const refs = (kind: string) =>
    productMediaRows.filter((m) => m.kind === kind).map((m) => toMediaRef(m, m.title));
  const visuel = refs('visuel');
  return {
    id: row.id,
    name: row.name,
    position: row.position,
    createdAt: row.createdAt.getTime(),
    minPrice: cheapest.price.ex_vat,
    promoted: row.promoted,
    nameRank: 0,
    categoryIds: new Set(links.flatMap((link) => categories.ancestorsOf(link.categoryId))),
    values,
    summary: {
      id: row.id,
      name: row.name,
      slug: row.slug,
      reference: row.reference,
      short_description: row.shortDescription,
      category_name: main?.name ?? '',
      category_slug: main?.slug ?? '',
      categories: links.flatMap((link) => {
        const c = categories.byId.get(link.categoryId);
        return c ? [{ id: c.id, name: c.name, slug: c.slug }] : [];
      }),
      promoted: row.promoted,
      price: cheapest.price,
      cover: visuel[0] ?? null,
      medias: {
        visuel,
        PICTO: refs('PICTO').map((m) => ({ title: m.title, url: m.url, webp: m.webp })),
        AMBIANCE: refs('AMBIANCE'),
      },
      caracteristics,
      variants: productVariants,
      exist_in: (details.plansOf.get(row.id) ?? []).map((p) => p.planId).toSorted((a, b) => a - b),
    },
  };
}

/** The variants priced in the plan, as the API answers them (a variant without a price there is left out). */
function variantsInPlan(rows: VariantRow[], plan: SalesPlan): Variant[] {
  return rows.flatMap((v) => {
    const stored = storedPrice(v.priceExVat, v.priceIncVat);
    if (!stored) return [];
    return [
      {
        id: v.id,
        reference: v.reference,
        label: v.label,
        gtin: v.gtin,
        quantity: v.quantity,
        unit: v.unit,
        price: priceOf(stored, plan),
        media:
          v.mediaKey === null
            ? null
            : toMediaRef({
                key: v.mediaKey,
                webpKey: v.mediaWebpKey,
                width: v.mediaWidth,
                height: v.mediaHeight,
                alt: v.mediaAlt ?? '',
              }),
      },
    ];
  });
}

/** A product's characteristic values by code (for the filters) and as the API answers them (labels, units). */
function characteristicsOf(rows: ValueRow[], definitionOf: Map<string, CharacteristicDefinition>) {
  const values = new Map<string, Set<string>>();
  const caracteristics: Record<string, Caracteristic> = {};
  for (const [code, codeRows] of group(rows, (r) => r.code)) {
    const definition = definitionOf.get(code);
    if (!definition) continue;
    values.set(code, new Set(codeRows.map((r) => r.value)));
    if (definition.kind === 'number') {
      const number = codeRows[0]!.numberValue ?? Number(codeRows[0]!.value);
      caracteristics[code] = {
        label: definition.label,
        value: String(number),
        values: [String(number)],
        ...(definition.unit ? { unit: definition.unit } : {}),
        number,
      };
    } else {
      const ordered = definition.options.filter((o) => values.get(code)!.has(o.value));
      const unknown = codeRows.map((r) => r.value).filter((v) => !ordered.some((o) => o.value === v));
      caracteristics[code] = {
        label: definition.label,
        value: [...ordered.map((o) => o.label), ...unknown].join(', '),
        values: [...ordered.map((o) => o.value), ...unknown],
      };
    }
  }
  return { values, caracteristics };
}

/** Sets each product's `nameRank`: its place in the collated (en-GB) order of names. */
function rankByName(list: CatalogueProduct[]) {
  const collator = new Intl.Collator('en-GB', { sensitivity: 'base', numeric: true });
  // Names the collator finds equal share a rank, so ties keep the listing's own order as before.
  let previous: CatalogueProduct | undefined;
  let rank = 0;
  for (const product of list.toSorted((a, b) => collator.compare(a.name, b.name))) {
    if (previous && collator.compare(previous.name, product.name) !== 0) rank += 1;
    product.nameRank = rank;
    previous = product;
  }
}

/** Plan ids a product exists in (for the plan error), or undefined when there is no such product. */
export async function productPlanIds(db: Database, siteId: number, idOrSlug: string) {
  const numeric = /^\d+$/.test(idOrSlug);
  // Ids beyond the integer column's range cannot exist (and would make Postgres reject the query).
  if (numeric && Number(idOrSlug) > 2_147_483_647) return undefined;
  const key = numeric ? eq(products.id, Number(idOrSlug)) : eq(products.slug, idOrSlug);
  const rows = await db
    .select({ id: products.id, planId: productPlans.planId })
    .from(products)
    .leftJoin(productPlans, eq(productPlans.productId, products.id))
    .where(and(eq(products.siteId, siteId), key));
  if (rows.length === 0) return undefined;
  return {
    id: rows[0]!.id,
    planIds: rows.flatMap((r) => (r.planId === null ? [] : [r.planId])).toSorted((a, b) => a - b),
  };
}

/** Recomputes which plans each category is visible in: a category is in a plan iff it or a descendant has products there. */
export async function syncCategoryPlans(db: Database, siteId: number): Promise<void> {
  await db.execute(sql`
    delete from category_plan where category_id in (select id from category where site_id = ${siteId})
  `);
  await db.execute(sql`
    insert into category_plan (category_id, plan_id)
    with recursive up(category_id, plan_id) as (
      select pc.category_id, pp.plan_id
      from product_category pc
      join product_plan pp on pp.product_id = pc.product_id
      join category c on c.id = pc.category_id and c.site_id = ${siteId}
      union
      select c.parent_id, up.plan_id from up join category c on c.id = up.category_id where c.parent_id is not null
    )
    select distinct category_id, plan_id from up
  `);
}
