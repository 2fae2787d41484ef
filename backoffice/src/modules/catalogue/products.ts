/** Product reads: listing, facets, selector guide, detail and barcode scan. */
import { gtin14 } from '@plasterwick/shop-rules/barcode';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/types.ts';
import { contentEntries, productRelations, products, variants } from '../../db/schema.ts';
import type { ReadCache } from '../../lib/cache.ts';
import type { SalesPlan } from '../../lib/context.ts';
import { DomainError, notFound, notInPlan } from '../../lib/errors.ts';
import { guideQuestions } from '../../db/schema.ts';
import { matchProductIds } from '../search/index.ts';
import {
  loadPlanCatalogue,
  productPlanIds,
  type CatalogueProduct,
  type PlanCatalogue,
  type ProductSummary,
} from './read-model.ts';
import type { FiltersQuery, ProductListQuery } from './schemas.ts';

export interface ProductFilters {
  promoted?: boolean;
  categories?: number[];
  price?: { min?: number; max?: number };
  text?: string;
  caracteristics?: Record<string, string[]>;
}

type FilterName = 'categories' | 'price' | 'text' | 'promoted' | `caracteristics.${string}`;

/** Whether a product passes every filter. */
type Matcher = (product: CatalogueProduct) => boolean;

async function buildMatcher(
  db: Database,
  cache: ReadCache,
  catalogue: PlanCatalogue,
  filters: ProductFilters,
): Promise<{
  matches: Matcher;
  /** The one filter a product fails; null when it passes them all, undefined when it fails more than one. */
  onlyFailure: (product: CatalogueProduct) => FilterName | null | undefined;
  rank: Map<number, number> | undefined;
  candidates: CatalogueProduct[];
}> {
  const known = new Set(catalogue.characteristics.map((c) => c.code));
  const unknown = Object.keys(filters.caracteristics ?? {}).filter((code) => !known.has(code));
  if (unknown.length) {
    throw new DomainError('invalid_request', `Unknown characteristic ${unknown.join(', ')}`, {
      fields: unknown.map((code) => ({
        field: `query.caracteristics.${code}`,
        message: 'Unknown characteristic',
      })),
    });
  }
  const text = filters.text?.trim();
  const ranked = text ? await matchProductIds(db, cache, catalogue.plan, text) : undefined;
  const rank = ranked ? new Map(ranked.map((r, i) => [r.id, i])) : undefined;
  const { categories, price, promoted } = filters;
  const wanted = Object.entries(filters.caracteristics ?? {}).filter(([, values]) => values.length > 0);
  const tests: [FilterName, (product: CatalogueProduct) => boolean][] = [];
  if (promoted) tests.push(['promoted', (p) => p.promoted]);
  if (rank) tests.push(['text', (p) => rank.has(p.id)]);
  if (categories?.length) tests.push(['categories', (p) => categories.some((id) => p.categoryIds.has(id))]);
  if (price) {
    const { min = -Infinity, max = Infinity } = price;
    tests.push(['price', (p) => p.minPrice >= min && p.minPrice <= max]);
  }
  for (const [code, values] of wanted) {
    tests.push([
      `caracteristics.${code}`,
      (p) => {
        const own = p.values.get(code);
        return own !== undefined && values.some((value) => own.has(value));
      },
    ]);
  }
  const matches: Matcher = (product) => tests.every(([, test]) => test(product));
  const onlyFailure = (product: CatalogueProduct): FilterName | null | undefined => {
    let failed: FilterName | null = null;
    for (const [name, test] of tests) {
      if (test(product)) continue;
      if (failed !== null) return undefined;
      failed = name;
    }
    return failed;
  };
  // A text filter is never ignored (no facet counts text), so only the products matching it need testing.
  const candidates = ranked ? ranked.flatMap((r) => catalogue.byId.get(r.id) ?? []) : catalogue.products;
  return { matches, onlyFailure, rank, candidates };
}

export async function listProducts(db: Database, cache: ReadCache, plan: SalesPlan, query: ProductListQuery) {
  const catalogue = await loadPlanCatalogue(db, cache, plan);
  const { matches, rank, candidates } = await buildMatcher(db, cache, catalogue, query);
  const found = candidates.filter((p) => matches(p));
  // Names are compared by their rank in the catalogue's collated order: a collator per comparison cost
  // milliseconds per request at SEED_SCALE=50.
  const byPrice = (a: CatalogueProduct, b: CatalogueProduct, direction: 1 | -1) =>
    direction * (a.minPrice - b.minPrice) || a.nameRank - b.nameRank;
  const sorters: Record<ProductListQuery['orderBy'], (a: CatalogueProduct, b: CatalogueProduct) => number> = {
    relevance: (a, b) =>
      rank
        ? rank.get(a.id)! - rank.get(b.id)!
        : Number(b.promoted) - Number(a.promoted) || a.position - b.position,
    name_asc: (a, b) => a.nameRank - b.nameRank,
    name_desc: (a, b) => b.nameRank - a.nameRank,
    price_asc: (a, b) => byPrice(a, b, 1),
    price_desc: (a, b) => byPrice(a, b, -1),
    newest: (a, b) => b.createdAt - a.createdAt || b.id - a.id,
  };
  const sorted = found.toSorted(sorters[query.orderBy]);
  const start = (query.page - 1) * query.perPage;
  return {
    items: sorted.slice(start, start + query.perPage).map((p) => p.summary),
    total: sorted.length,
    page: query.page,
    perPage: query.perPage,
  };
}

/** How many of `products` carry each key. */
function countBy<K>(
  products: CatalogueProduct[],
  keys: (product: CatalogueProduct) => Iterable<K>,
): Map<K, number> {
  const counts = new Map<K, number>();
  for (const product of products)
    for (const key of keys(product)) counts.set(key, (counts.get(key) ?? 0) + 1);
  return counts;
}

interface FacetData {
  value: string;
  label: string;
  count: number;
}

export async function productFacets(db: Database, cache: ReadCache, plan: SalesPlan, query: FiltersQuery) {
  const catalogue = await loadPlanCatalogue(db, cache, plan);
  const { onlyFailure, candidates } = await buildMatcher(db, cache, catalogue, query);
  // One pass sorts the products into those passing every filter and those failing just one: a facet counts the
  // first and those failing only its own filter (a pass per facet cost milliseconds at SEED_SCALE=50).
  const passing: CatalogueProduct[] = [];
  const failingOnly = new Map<FilterName, CatalogueProduct[]>();
  for (const product of candidates) {
    const failed = onlyFailure(product);
    if (failed === null) passing.push(product);
    else if (failed !== undefined) {
      const others = failingOnly.get(failed);
      if (others) others.push(product);
      else failingOnly.set(failed, [product]);
    }
  }
  const ignoring = (filter: FilterName) => [...passing, ...(failingOnly.get(filter) ?? [])];
  const result: Record<
    string,
    { technical_name: string; label: string; type: 'list' | 'range'; data: FacetData[] }
  > = {};

  // Counts in one pass over the matching products (a pass per category or option cost milliseconds at scale).
  const categoryCounts = countBy(ignoring('categories'), (p) => p.categoryIds);
  const selectedCategories = new Set(query.categories ?? []);
  result.categories = {
    technical_name: 'categories',
    label: 'Categories',
    type: 'list',
    data: catalogue.categoriesTopFirst
      .map((c) => ({ value: String(c.id), label: c.name, count: categoryCounts.get(c.id) ?? 0 }))
      .filter((d) => d.count > 0 || selectedCategories.has(Number(d.value))),
  };

  for (const definition of catalogue.characteristics) {
    if (definition.kind !== 'enum' || !definition.facet) continue;
    const counts = countBy(
      ignoring(`caracteristics.${definition.code}`),
      (p) => p.values.get(definition.code) ?? [],
    );
    const selected = new Set(query.caracteristics?.[definition.code] ?? []);
    result[definition.code] = {
      technical_name: definition.code,
      label: definition.label,
      type: 'list',
      data: definition.options
        .map((o) => ({ value: o.value, label: o.label, count: counts.get(o.value) ?? 0 }))
        .filter((d) => d.count > 0 || selected.has(d.value)),
    };
  }

  const prices = ignoring('price').map((p) => p.minPrice);
  result.price = {
    technical_name: 'price',
    label: 'Price',
    type: 'range',
    data: [
      { value: 'min', label: 'Minimum', count: prices.length ? Math.min(...prices) : 0 },
      { value: 'max', label: 'Maximum', count: prices.length ? Math.max(...prices) : 0 },
    ],
  };
  return result;
}

/** Selector guide: each question's options among products matching the answers to the earlier questions. */
export async function guideFilters(
  db: Database,
  cache: ReadCache,
  plan: SalesPlan,
  answers: Record<string, string[]>,
) {
  const catalogue = await loadPlanCatalogue(db, cache, plan);
  const questions = await cache.get(`catalogue:guide:${plan.target}`, () =>
    db
      .select()
      .from(guideQuestions)
      .where(eq(guideQuestions.target, plan.target))
      .orderBy(asc(guideQuestions.position)),
  );
  const definitions = new Map(catalogue.characteristics.map((d) => [d.code, d]));
  // Only products that answer every question take part, so a path of answers never ends without options.
  let pool = catalogue.products.filter((p) => questions.every((q) => p.values.get(q.code)?.size));
  return questions.map((question) => {
    const options = definitions.get(question.code)?.options ?? [];
    const data = options
      .map((o) => ({
        value: o.value,
        label: o.label,
        count: pool.filter((p) => p.values.get(question.code)?.has(o.value)).length,
      }))
      .filter((d) => d.count > 0);
    const answer = answers[question.code];
    if (answer?.length)
      pool = pool.filter((p) => answer.some((value) => p.values.get(question.code)?.has(value)));
    return { technical_name: question.code, label: question.label, position: question.position, data };
  });
}

/** Full product by numeric id or slug; the plan error when it exists only in other plans. */
export async function getProduct(db: Database, cache: ReadCache, plan: SalesPlan, idOrSlug: string) {
  const catalogue = await loadPlanCatalogue(db, cache, plan);
  const found = /^\d+$/.test(idOrSlug)
    ? catalogue.byId.get(Number(idOrSlug))
    : catalogue.bySlug.get(idOrSlug);
  if (!found) {
    const elsewhere = await productPlanIds(db, plan.siteId, idOrSlug);
    if (!elsewhere) throw notFound(`Product ${idOrSlug}`);
    throw notInPlan('This product', elsewhere.planIds);
  }
  return cache.get(`catalogue:product:${plan.id}:${found.id}`, async () => {
    const [row] = await db
      .select({
        description: products.description,
        instructions: products.instructions,
        version: products.version,
      })
      .from(products)
      .where(eq(products.id, found.id));
    // Deleted since the plan's catalogue was cached.
    if (!row) throw notFound(`Product ${idOrSlug}`);
    const [relatedRows, documentRows] = await Promise.all([
      db
        .select({ id: productRelations.relatedId })
        .from(productRelations)
        .where(eq(productRelations.productId, found.id))
        .orderBy(asc(productRelations.position)),
      db
        .select({
          id: contentEntries.id,
          title: contentEntries.title,
          type: contentEntries.type,
          data: contentEntries.data,
        })
        .from(contentEntries)
        .where(
          and(
            eq(contentEntries.siteId, plan.siteId),
            eq(contentEntries.resource, 'notice'),
            eq(contentEntries.status, 'published'),
            sql`${contentEntries.data} ->> 'product_id' = ${String(found.id)}`,
            sql`${plan.target} = any(${contentEntries.audiences})`,
          ),
        )
        .orderBy(asc(contentEntries.position), asc(contentEntries.id)),
    ]);
    return {
      ...found.summary,
      description: row.description,
      instructions: row.instructions
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
      documents: documentRows.flatMap((d) => {
        const file = d.data.file as { url?: unknown; size_bytes?: unknown } | undefined;
        if (typeof file?.url !== 'string') return [];
        const size = Number.isInteger(file.size_bytes) ? (file.size_bytes as number) : null;
        return [{ id: d.id, title: d.title, type: d.type ?? 'document', url: file.url, size_bytes: size }];
      }),
      // Related products of other plans are left out: they would lead to the plan error.
      related: relatedRows.flatMap((r) => {
        const related = catalogue.byId.get(r.id);
        return related ? [related.summary] : [];
      }),
      version: row.version,
    };
  });
}

/** Barcode lookup: the code is left-padded to 14 digits and matched against variant GTINs. */
export async function scanProduct(
  db: Database,
  cache: ReadCache,
  plan: SalesPlan,
  code: string,
): Promise<{
  product: ProductSummary | null;
  item: ProductSummary['variants'][number] | null;
  error: string | null;
}> {
  const gtin = gtin14(code);
  const catalogue = await loadPlanCatalogue(db, cache, plan);
  for (const product of catalogue.products) {
    const item = product.summary.variants.find((v) => v.gtin === gtin);
    if (item) return { product: product.summary, item, error: null };
  }
  const [elsewhere] = await db
    .select({ productId: variants.productId })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(and(eq(variants.gtin, gtin), eq(products.siteId, plan.siteId)));
  if (elsewhere) {
    const plans = await productPlanIds(db, plan.siteId, String(elsewhere.productId));
    if (plans?.planIds.length) throw notInPlan('This product', plans.planIds);
  }
  return { product: null, item: null, error: 'no_results' };
}
