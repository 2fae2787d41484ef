/** Suggest search: products, categories and pages of the plan that match the text, with totals. */
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/types.ts';
import { rowsOf } from '../../db/rows.ts';
import type { ReadCache } from '../../lib/cache.ts';
import type { SalesPlan } from '../../lib/context.ts';
import { toMediaRef, type MediaRef } from '../../lib/media.ts';
import { buildTextQuery, NAME_SIMILARITY, textCondition, textRank, type TextQuery } from './matcher.ts';
import type { suggestResponse } from './schemas.ts';

export interface RankedId {
  id: number;
  rank: number;
}

/**
 * Ids of the plan's products matching `text`, best first (cached per plan and text). Each way a product can match
 * is its own indexed lookup (full text, name similarity, reference), joined by UNION: one condition ORing them made
 * Postgres test every product of the plan, hundreds of milliseconds at SEED_SCALE=50.
 */
export function matchProductIds(
  db: Database,
  cache: ReadCache,
  plan: SalesPlan,
  text: string,
): Promise<RankedId[]> {
  return cache.get(`search:products:${plan.id}:${text}`, async () => {
    const query = await buildTextQuery(db, cache, text);
    // References ("PW-1091", "1091-05") are matched as text: the full-text parser splits them oddly.
    const reference = text.trim().replace(/[\\%_]/g, (char) => `\\${char}`);
    const byReference =
      reference.length >= 3
        ? sql`
          union select id from product where site_id = ${plan.siteId} and reference ilike ${`%${reference}%`}
          union select v.product_id from variant v where v.reference ilike ${`%${reference}%`}`
        : sql``;
    const rows = await db.transaction(async (tx) => {
      // `<%` is word_similarity(text, name) >= this threshold, answered by the name's trigram index.
      await tx.execute(
        sql`select set_config('pg_trgm.word_similarity_threshold', ${String(NAME_SIMILARITY)}, true)`,
      );
      return tx.execute(sql`
        with hits as (
          ${query.tsquery ? sql`select id from product where site_id = ${plan.siteId} and search @@ ${query.tsquery} union` : sql``}
          select id from product where site_id = ${plan.siteId} and ${query.text} <% name
          ${byReference}
        )
        select p.id, ${textRank(query, sql`p.search`, sql`p.name`)} as rank
        from hits
        join product p on p.id = hits.id and p.site_id = ${plan.siteId}
        join product_plan pp on pp.product_id = p.id and pp.plan_id = ${plan.id}
        order by rank desc, p.name
      `);
    });
    return rowsOf<{ id: number; rank: number }>(rows).map((row) => ({
      id: Number(row.id),
      rank: Number(row.rank),
    }));
  });
}

const pageCategoryName: Record<string, string> = { cms: 'Pages', actualite: 'News', job: 'Careers' };

export type SuggestResult = z.infer<typeof suggestResponse>['data'];

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

export async function suggest(
  db: Database,
  cache: ReadCache,
  plan: SalesPlan,
  text: string,
  limit: number,
): Promise<SuggestResult> {
  return cache.get(`search:suggest:${plan.id}:${limit}:${text}`, async () => {
    const query = await buildTextQuery(db, cache, text);
    const productIds = await matchProductIds(db, cache, plan, text);
    return {
      products: await suggestedProducts(db, productIds, limit),
      categories: await suggestedCategories(db, plan, query, limit),
      pages: await suggestedPages(db, plan, query, limit),
    };
  });
}

/** The first `limit` of the matching products, with their main category and first visual. */
async function suggestedProducts(
  db: Database,
  productIds: RankedId[],
  limit: number,
): Promise<SuggestResult['products']> {
  const shownIds = productIds.slice(0, limit).map((p) => p.id);
  const productRows = shownIds.length
    ? rowsOf<
        {
          id: number;
          slug: string;
          name: string;
          reference: string;
          category_name: string | null;
        } & MediaColumns
      >(
        await db.execute(sql`
          select p.id, p.slug, p.name, p.reference, c.name as category_name,
                 m.key as media_key, m.webp_key, m.width, m.height, m.alt
          from product p
          left join product_category pc on pc.product_id = p.id and pc.is_main
          left join category c on c.id = pc.category_id
          left join lateral (
            select pm.media_key from product_media pm where pm.product_id = p.id and pm.kind = 'visuel'
            order by pm.position limit 1
          ) v on true
          left join media m on m.key = v.media_key
          where p.id in (${sql.join(
            shownIds.map((id) => sql`${id}`),
            sql`, `,
          )})
        `),
      )
    : [];
  const byId = new Map(productRows.map((row) => [Number(row.id), row]));
  return {
    total: productIds.length,
    items: shownIds.flatMap((id) => {
      const row = byId.get(id);
      return row
        ? [
            {
              id,
              slug: row.slug,
              name: row.name,
              reference: row.reference,
              category_name: row.category_name ?? '',
              cover: mediaOf(row, row.name),
            },
          ]
        : [];
    }),
  };
}

/** The plan's categories matching the text, best first, with their parent's name and cover. */
async function suggestedCategories(
  db: Database,
  plan: SalesPlan,
  query: TextQuery,
  limit: number,
): Promise<SuggestResult['categories']> {
  const categoryRows = rowsOf<
    { id: number; slug: string; name: string; parent_name: string | null; total: number } & MediaColumns
  >(
    await db.execute(sql`
      select c.id, c.slug, c.name, parent.name as parent_name, count(*) over ()::int as total,
             m.key as media_key, m.webp_key, m.width, m.height, m.alt
      from category c
      join category_plan cp on cp.category_id = c.id and cp.plan_id = ${plan.id}
      left join category parent on parent.id = c.parent_id
      left join media m on m.key = c.cover_key
      where c.site_id = ${plan.siteId} and ${textCondition(query, sql`c.search`, sql`c.name`)}
      order by ${textRank(query, sql`c.search`, sql`c.name`)} desc, c.position
      limit ${limit}
    `),
  );
  return {
    total: Number(categoryRows[0]?.total ?? 0),
    items: categoryRows.map((row) => {
      const cover = mediaOf(row, row.name);
      return {
        id: Number(row.id),
        slug: row.slug,
        name: row.name,
        category_name: row.parent_name ?? '',
        ...(cover ? { cover } : {}),
      };
    }),
  };
}

/** The audience's published pages (information, news, careers) matching the text, with an excerpt. */
async function suggestedPages(
  db: Database,
  plan: SalesPlan,
  query: TextQuery,
  limit: number,
): Promise<SuggestResult['pages']> {
  const pageRows = rowsOf<{
    id: number;
    slug: string;
    title: string;
    type: string;
    search_text: string;
    total: number;
  }>(
    await db.execute(sql`
      select e.id, e.slug, e.title, e.type, e.search_text, count(*) over ()::int as total
      from content_entry e
      where e.site_id = ${plan.siteId} and e.resource = 'page' and e.status = 'published'
        and e.type in ('cms', 'actualite', 'job') and ${plan.target} = any(e.audiences)
        and ${textCondition(query, sql`e.search`, sql`e.title`)}
      order by ${textRank(query, sql`e.search`, sql`e.title`)} desc, e.published_at desc nulls last
      limit ${limit}
    `),
  );
  return {
    total: Number(pageRows[0]?.total ?? 0),
    items: pageRows.map((row) => ({
      id: Number(row.id),
      slug: row.slug ?? '',
      title: row.title,
      content: excerpt(row.search_text, 160),
      type: row.type,
      category_name: pageCategoryName[row.type] ?? 'Pages',
    })),
  };
}

/** At most `max` characters, cut at a word boundary with an ellipsis. */
export function excerpt(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).trimEnd()}…`;
}
