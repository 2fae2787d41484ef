/**
 * The staff's reading of products (issue 25; docs/api-contract.md "Staff: products"): the list with search and
 * filters (category, audience, availability, missing picture, missing document), one product as the edit screen
 * writes it (raw fields, packs with their stored prices per plan, and the version to write from), and the
 * definitions the edit screen types its fields by. Writes stay the catalogue's calls (routes.ts).
 */
import { and, asc, desc, eq, ilike, inArray, not, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/types.ts';
import {
  categories,
  characteristics,
  productCategories,
  productCharacteristics,
  productMedia,
  productPlans,
  productRelations,
  products,
  salesPlans,
  variantPrices,
  variants,
} from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { pictogramLibrary } from './pictograms.ts';
import type { StaffProductListQuery } from './staff-product-schemas.ts';

type Audience = 'pro' | 'part';
type Availability = 'both' | 'pro' | 'part' | 'none';

/*
 * The subqueries below name their tables by alias and the outer product as "product"."id" in plain SQL: inside a
 * select's fields drizzle may print a column without its table, which a subquery would then read as its own.
 */
const outerProduct = sql.raw('"product"."id"');

/** Whether the product is sold in a plan of this audience. */
const soldTo = (audience: Audience) =>
  sql`exists (select 1 from product_plan pp join sales_plan sp on sp.id = pp.plan_id
    where pp.product_id = ${outerProduct} and sp.target = ${audience})`;

const pictureCount = sql<number>`(select count(*)::int from product_media pm
  where pm.product_id = ${outerProduct} and pm.kind = 'visuel')`;

const documentCount = sql<number>`(select count(*)::int from content_entry ce
  where ce.site_id = "product"."site_id" and ce.resource = 'notice' and ce.status = 'published'
  and ce.data ->> 'product_id' = ${outerProduct}::text)`;

const packCount = sql<number>`(select count(*)::int from variant v where v.product_id = ${outerProduct})`;

const mainCategory = sql<string | null>`(select c.name from product_category pc
  join category c on c.id = pc.category_id
  where pc.product_id = ${outerProduct} and pc.is_main limit 1)`;

const packMatches = (pattern: string) =>
  sql`exists (select 1 from variant v where v.product_id = ${outerProduct}
    and (v.reference ilike ${pattern} or v.gtin ilike ${pattern}))`;

const inCategory = (categoryId: number) =>
  sql`exists (select 1 from product_category pc
    where pc.product_id = ${outerProduct} and pc.category_id = ${categoryId})`;

function availabilityCondition(availability: Availability): SQL | undefined {
  if (availability === 'both') return and(soldTo('pro'), soldTo('part'));
  if (availability === 'pro') return and(soldTo('pro'), not(soldTo('part')));
  if (availability === 'part') return and(soldTo('part'), not(soldTo('pro')));
  return and(not(soldTo('pro')), not(soldTo('part')));
}

const SORTS = {
  id: products.id,
  name: products.name,
  reference: products.reference,
  updated_at: products.updatedAt,
} as const;

/** The list's filters as one condition. */
function listCondition(siteId: number, query: StaffProductListQuery) {
  const text = query.q?.replaceAll(/[\\%_]/g, (c) => `\\${c}`);
  return and(
    eq(products.siteId, siteId),
    text
      ? or(
          ilike(products.name, `%${text}%`),
          ilike(products.reference, `%${text}%`),
          packMatches(`%${text}%`),
        )
      : undefined,
    query.category_id ? inCategory(query.category_id) : undefined,
    query.audience ? soldTo(query.audience) : undefined,
    query.availability ? availabilityCondition(query.availability) : undefined,
    query.missing_picture ? sql`${pictureCount} = 0` : undefined,
    query.missing_document ? sql`${documentCount} = 0` : undefined,
  );
}

/** The products of the site, filtered, sorted and paged. */
export async function listStaffProducts(db: Database, siteId: number, query: StaffProductListQuery) {
  const where = listCondition(siteId, query);
  const column = SORTS[query.sort];
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: products.id,
        reference: products.reference,
        name: products.name,
        slug: products.slug,
        version: products.version,
        updated_at: products.updatedAt,
        picture_count: pictureCount,
        document_count: documentCount,
        pack_count: packCount,
        sold_to_pro: sql<boolean>`${soldTo('pro')}`,
        sold_to_part: sql<boolean>`${soldTo('part')}`,
        category: mainCategory,
      })
      .from(products)
      .where(where)
      .orderBy(query.order === 'DESC' ? desc(column) : asc(column), asc(products.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(products)
      .where(where),
  ]);
  return {
    items: rows.map(({ sold_to_pro, sold_to_part, ...row }) => {
      const audiences: Audience[] = [
        ...(sold_to_pro ? ['pro' as const] : []),
        ...(sold_to_part ? ['part' as const] : []),
      ];
      return {
        ...row,
        updated_at: row.updated_at.toISOString(),
        category: row.category ?? '',
        audiences,
        availability: availabilityOf(audiences),
      };
    }),
    total: Number(total?.count ?? 0),
  };
}

function availabilityOf(audiences: Audience[]): Availability {
  if (audiences.length === 2) return 'both';
  return audiences[0] ?? 'none';
}

/** The rows of one product's children: categories, plans, characteristics, relations, packs and their prices. */
async function productRows(db: Database, id: number) {
  const [categoryRows, planRows, characteristicRows, relatedRows, packRows, pictogramRows, counts] =
    await Promise.all([
      db
        .select({ id: productCategories.categoryId, isMain: productCategories.isMain })
        .from(productCategories)
        .where(eq(productCategories.productId, id))
        .orderBy(desc(productCategories.isMain), asc(productCategories.categoryId)),
      db
        .select({ plan_id: productPlans.planId, promoted: productPlans.promoted, target: salesPlans.target })
        .from(productPlans)
        .innerJoin(salesPlans, eq(salesPlans.id, productPlans.planId))
        .where(eq(productPlans.productId, id))
        .orderBy(asc(productPlans.planId)),
      db
        .select({
          code: productCharacteristics.code,
          value: productCharacteristics.value,
          number: productCharacteristics.numberValue,
          kind: characteristics.kind,
        })
        .from(productCharacteristics)
        .innerJoin(characteristics, eq(characteristics.code, productCharacteristics.code))
        .where(eq(productCharacteristics.productId, id))
        .orderBy(asc(productCharacteristics.code), asc(productCharacteristics.value)),
      db
        .select({ id: products.id, name: products.name, reference: products.reference })
        .from(productRelations)
        .innerJoin(products, eq(products.id, productRelations.relatedId))
        .where(eq(productRelations.productId, id))
        .orderBy(asc(productRelations.position)),
      db
        .select({
          id: variants.id,
          reference: variants.reference,
          label: variants.label,
          gtin: variants.gtin,
          quantity: variants.quantity,
          unit: variants.unit,
        })
        .from(variants)
        .where(eq(variants.productId, id))
        .orderBy(asc(variants.position), asc(variants.id)),
      db
        .select({ title: productMedia.title, key: productMedia.mediaKey })
        .from(productMedia)
        .where(and(eq(productMedia.productId, id), eq(productMedia.kind, 'PICTO')))
        .orderBy(asc(productMedia.position)),
      db
        .select({ pictures: pictureCount, documents: documentCount })
        .from(products)
        .where(eq(products.id, id)),
    ]);
  const prices = packRows.length
    ? await db
        .select({
          variantId: variantPrices.variantId,
          plan_id: variantPrices.planId,
          ex_vat: variantPrices.priceExVatPence,
          inc_vat: variantPrices.priceIncVatPence,
        })
        .from(variantPrices)
        .where(
          inArray(
            variantPrices.variantId,
            packRows.map((p) => p.id),
          ),
        )
        .orderBy(asc(variantPrices.planId))
    : [];
  return { categoryRows, planRows, characteristicRows, relatedRows, packRows, pictogramRows, counts, prices };
}

/** One product as the edit screen writes it, at its version. */
export async function staffProduct(db: Database, siteId: number, id: number) {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), eq(products.siteId, siteId)));
  if (!row) throw notFound(`Product ${id}`);
  const { categoryRows, planRows, characteristicRows, relatedRows, packRows, pictogramRows, counts, prices } =
    await productRows(db, id);
  const caracteristics: Record<string, number | string[]> = {};
  for (const c of characteristicRows) {
    if (c.kind === 'number') caracteristics[c.code] = c.number ?? Number(c.value);
    else caracteristics[c.code] = [...((caracteristics[c.code] as string[] | undefined) ?? []), c.value];
  }
  return {
    id: row.id,
    version: row.version,
    reference: row.reference,
    slug: row.slug,
    name: row.name,
    short_description: row.shortDescription,
    description: row.description,
    instructions: row.instructions
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    category_ids: categoryRows.map((c) => c.id),
    plans: planRows,
    caracteristics,
    related: relatedRows,
    packs: packRows.map(({ id: variantId, ...pack }) => ({
      ...pack,
      prices: prices
        .filter((p) => p.variantId === variantId)
        .map(({ plan_id, ex_vat, inc_vat }) => ({
          plan_id,
          ...(ex_vat !== null ? { ex_vat } : {}),
          ...(inc_vat !== null ? { inc_vat } : {}),
        })),
    })),
    pictograms: pictogramRows.map((p) => p.title),
    pictogram_keys: pictogramRows.map((p) => p.key),
    picture_count: Number(counts[0]?.pictures ?? 0),
    document_count: Number(counts[0]?.documents ?? 0),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * What the edit screen types its fields by: the characteristics with units, the plans, the categories, the
 * pictogram library.
 */
export async function productDefinitions(db: Database, siteId: number) {
  const [characteristicRows, planRows, categoryRows, pictograms] = await Promise.all([
    db
      .select({
        code: characteristics.code,
        label: characteristics.label,
        kind: characteristics.kind,
        unit: characteristics.unit,
        options: characteristics.options,
      })
      .from(characteristics)
      .orderBy(asc(characteristics.position), asc(characteristics.code)),
    db
      .select({
        id: salesPlans.id,
        target: salesPlans.target,
        label: salesPlans.label,
        prices_include_vat: salesPlans.pricesIncludeVat,
        vat_rate_bp: salesPlans.vatRateBp,
      })
      .from(salesPlans)
      .where(eq(salesPlans.siteId, siteId))
      .orderBy(asc(salesPlans.id)),
    db
      .select({ id: categories.id, name: categories.name, parent_id: categories.parentId })
      .from(categories)
      .where(eq(categories.siteId, siteId))
      .orderBy(asc(categories.position), asc(categories.id)),
    pictogramLibrary(db, siteId),
  ]);
  return { characteristics: characteristicRows, plans: planRows, categories: categoryRows, pictograms };
}
