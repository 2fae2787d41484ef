/**
 * Suggest search and the product search of listings and facets, answered from the in-memory search index
 * (indexes.ts): products, categories and pages of the plan that match the text, with totals.
 */
import type { z } from 'zod';
import type { Database } from '../../db/types.ts';
import type { ReadCache } from '../../lib/cache.ts';
import type { SalesPlan } from '../../lib/context.ts';
import { searchIndexes } from './indexes.ts';
import type { SiteIndex } from './site-index.ts';
import type { suggestResponse } from './schemas.ts';

export interface RankedId {
  id: number;
  rank: number;
}

/** The site's index; an answer read from one that content has moved past is marked provisional (not cached). */
async function indexFor(db: Database, cache: ReadCache, plan: SalesPlan): Promise<SiteIndex> {
  const { index, stale } = await searchIndexes(db, cache).current(plan.siteId);
  if (stale) cache.markProvisional();
  return index;
}

/**
 * Ids of the plan's products matching `text`, best first (cached per plan and text: a results page asks for its
 * listing and its facets with the same text). Products the plan does not sell are left out, as the plan's
 * catalogue leaves them out, so a suggestion's total is the results page's count.
 */
export function matchProductIds(
  db: Database,
  cache: ReadCache,
  plan: SalesPlan,
  text: string,
): Promise<RankedId[]> {
  return cache.get(`search:products:${plan.id}:${text}`, async () => {
    const index = await indexFor(db, cache, plan);
    return index
      .searchProducts(text, (id) => index.productById.get(id)!.planIds.has(plan.id))
      .map((hit) => ({ id: hit.id, rank: hit.score }));
  });
}

const pageCategoryName: Record<string, string> = { cms: 'Pages', actualite: 'News', job: 'Careers' };

export type SuggestResult = z.infer<typeof suggestResponse>['data'];

export async function suggest(
  db: Database,
  cache: ReadCache,
  plan: SalesPlan,
  text: string,
  limit: number,
): Promise<SuggestResult> {
  const productIds = await matchProductIds(db, cache, plan, text);
  const index = await indexFor(db, cache, plan);
  const categories = index.searchCategories(text, (c) => c.planIds.has(plan.id));
  const pages = index.searchPages(text, (p) => p.audiences.includes(plan.target));
  return {
    products: {
      total: productIds.length,
      items: productIds.slice(0, limit).flatMap(({ id }) => {
        const product = index.productById.get(id);
        // A product of a newer index than this one (the two reads straddled a rebuild) is left out.
        return product
          ? [
              {
                id,
                slug: product.slug,
                name: product.name,
                reference: product.reference,
                category_name: product.categoryName,
                cover: product.cover,
              },
            ]
          : [];
      }),
    },
    categories: {
      total: categories.length,
      items: categories.slice(0, limit).map((c) => ({
        id: c.id,
        slug: c.slug,
        name: c.name,
        category_name: c.parentName,
        ...(c.cover ? { cover: c.cover } : {}),
      })),
    },
    pages: {
      total: pages.length,
      items: pages.slice(0, limit).map((p) => ({
        id: p.id,
        slug: p.slug,
        title: p.title,
        content: excerpt(p.text, 160),
        type: p.type,
        category_name: pageCategoryName[p.type] ?? 'Pages',
      })),
    },
  };
}

/** At most `max` characters, cut at a word boundary with an ellipsis. */
export function excerpt(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).trimEnd()}…`;
}
