/**
 * What the search index is built from: one site's products (with their packs' references and GTINs, categories and
 * the plans that sell them), categories and published pages, read in a handful of queries. The index answers
 * suggest on its own, so each document also carries what a suggestion shows.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/types.ts';
import { rowsOf } from '../../db/rows.ts';
import { toMediaRef, type MediaRef } from '../../lib/media.ts';

export interface ProductDocument {
  id: number;
  slug: string;
  name: string;
  reference: string;
  shortDescription: string;
  description: string;
  /** Names of every category the product is in. */
  categoryNames: string;
  /** The main category's name, for the suggestion. */
  categoryName: string;
  cover: MediaRef | null;
  /** References of the product and its packs. */
  references: string[];
  gtins: string[];
  /** The plans the product is sold in (in the plan, with a price there: the plan catalogue's rule). */
  planIds: Set<number>;
}

export interface CategoryDocument {
  id: number;
  slug: string;
  name: string;
  description: string;
  parentName: string;
  position: number;
  cover: MediaRef | undefined;
  planIds: Set<number>;
}

export interface PageDocument {
  id: number;
  slug: string;
  title: string;
  type: string;
  text: string;
  audiences: string[];
  publishedAt: number;
}

export interface SiteDocuments {
  products: ProductDocument[];
  categories: CategoryDocument[];
  pages: PageDocument[];
}

interface MediaColumns {
  media_key: string | null;
  webp_key: string | null;
  width: number | null;
  height: number | null;
  alt: string | null;
}

const mediaOf = (row: MediaColumns, title: string): MediaRef | null =>
  row.media_key
    ? toMediaRef(
        {
          key: row.media_key,
          webpKey: row.webp_key,
          width: row.width,
          height: row.height,
          alt: row.alt ?? title,
        },
        title,
      )
    : null;

/** Rows grouped by their product. */
function byProduct<T extends { product_id: number }>(rows: T[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(Number(row.product_id));
    if (group) group.push(row);
    else groups.set(Number(row.product_id), [row]);
  }
  return groups;
}

/** Reads one site's searchable documents. Queries run one after another: PGlite answers one at a time anyway. */
export async function loadSiteDocuments(db: Database, siteId: number): Promise<SiteDocuments> {
  return {
    products: await loadProducts(db, siteId),
    categories: await loadCategories(db, siteId),
    pages: await loadPages(db, siteId),
  };
}

async function loadProducts(db: Database, siteId: number): Promise<ProductDocument[]> {
  const productRows = rowsOf<
    {
      id: number;
      slug: string;
      name: string;
      reference: string;
      short_description: string;
      description: string;
    } & MediaColumns
  >(
    await db.execute(sql`
      select p.id, p.slug, p.name, p.reference, p.short_description, p.description,
             m.key as media_key, m.webp_key, m.width, m.height, m.alt
      from product p
      left join lateral (
        select pm.media_key from product_media pm where pm.product_id = p.id and pm.kind = 'visuel'
        order by pm.position, pm.media_key limit 1
      ) v on true
      left join media m on m.key = v.media_key
      where p.site_id = ${siteId}
    `),
  );
  const packRows = rowsOf<{ product_id: number; reference: string; gtin: string | null }>(
    await db.execute(sql`
      select v.product_id, v.reference, v.gtin from variant v
      join product p on p.id = v.product_id and p.site_id = ${siteId}
    `),
  );
  // Main category first, then by id: the plan catalogue's choice of the category a product is shown under.
  const categoryLinkRows = rowsOf<{ product_id: number; name: string }>(
    await db.execute(sql`
      select pc.product_id, c.name from product_category pc
      join category c on c.id = pc.category_id and c.site_id = ${siteId}
      order by pc.product_id, pc.is_main desc, pc.category_id
    `),
  );
  const planRows = rowsOf<{ product_id: number; plan_id: number }>(
    await db.execute(sql`
      select distinct pp.product_id, pp.plan_id from product_plan pp
      join product p on p.id = pp.product_id and p.site_id = ${siteId}
      join variant v on v.product_id = pp.product_id
      join variant_price vp on vp.variant_id = v.id and vp.plan_id = pp.plan_id
        and (vp.price_ex_vat_pence is not null or vp.price_inc_vat_pence is not null)
    `),
  );
  const packsOf = byProduct(packRows);
  const categoriesOf = byProduct(categoryLinkRows);
  const plansOf = byProduct(planRows);
  return productRows.map((row): ProductDocument => {
    const id = Number(row.id);
    const packs = packsOf.get(id) ?? [];
    const categoryNames = (categoriesOf.get(id) ?? []).map((c) => c.name);
    return {
      id,
      slug: row.slug,
      name: row.name,
      reference: row.reference,
      shortDescription: row.short_description,
      description: row.description,
      categoryNames: categoryNames.join(' '),
      categoryName: categoryNames[0] ?? '',
      cover: mediaOf(row, row.name),
      references: [row.reference, ...packs.map((p) => p.reference)],
      gtins: packs.flatMap((p) => (p.gtin ? [p.gtin] : [])),
      planIds: new Set((plansOf.get(id) ?? []).map((p) => Number(p.plan_id))),
    };
  });
}

async function loadCategories(db: Database, siteId: number): Promise<CategoryDocument[]> {
  const categoryRows = rowsOf<
    {
      id: number;
      slug: string;
      name: string;
      description: string;
      parent_name: string | null;
      position: number;
      plan_ids: number[] | string | null;
    } & MediaColumns
  >(
    await db.execute(sql`
      select c.id, c.slug, c.name, c.description, parent.name as parent_name, c.position,
             (select array_agg(cp.plan_id) from category_plan cp where cp.category_id = c.id) as plan_ids,
             m.key as media_key, m.webp_key, m.width, m.height, m.alt
      from category c
      left join category parent on parent.id = c.parent_id
      left join media m on m.key = c.cover_key
      where c.site_id = ${siteId}
    `),
  );
  return categoryRows.map((row): CategoryDocument => {
    const cover = mediaOf(row, row.name) ?? undefined;
    return {
      id: Number(row.id),
      slug: row.slug,
      name: row.name,
      description: row.description,
      parentName: row.parent_name ?? '',
      position: Number(row.position),
      cover,
      planIds: new Set(intArray(row.plan_ids)),
    };
  });
}

async function loadPages(db: Database, siteId: number): Promise<PageDocument[]> {
  const pageRows = rowsOf<{
    id: number;
    slug: string | null;
    title: string;
    type: string;
    search_text: string;
    audiences: string[] | string;
    published_at: Date | string | null;
  }>(
    await db.execute(sql`
      select e.id, e.slug, e.title, e.type, e.search_text, e.audiences, e.published_at
      from content_entry e
      where e.site_id = ${siteId} and e.resource = 'page' and e.status = 'published'
        and e.type in ('cms', 'actualite', 'job')
    `),
  );
  return pageRows.map((row): PageDocument => ({
    id: Number(row.id),
    slug: row.slug ?? '',
    title: row.title,
    type: row.type,
    text: row.search_text,
    audiences: textArray(row.audiences),
    publishedAt: row.published_at === null ? 0 : new Date(row.published_at).getTime(),
  }));
}

/**
 * A Postgres array column as a list: the server driver parses arrays, PGlite's raw `execute` may hand some back as
 * their text form (`{1,2}`).
 */
function textArray(value: string[] | string | null): string[] {
  if (value === null) return [];
  if (Array.isArray(value)) return value;
  return value
    .replace(/^\{|\}$/g, '')
    .split(',')
    .filter(Boolean);
}

function intArray(value: number[] | string | null): number[] {
  if (value === null) return [];
  return (Array.isArray(value) ? value : textArray(value)).map(Number);
}
