/**
 * Data of a category page (static, or on demand when the URL carries filter segments): the category, its
 * parents for the breadcrumb, sub-categories, and the product listing. `/category` with no slug is "Our fillers":
 * every product of the plan under the top-level ranges.
 */
import { apiFor, buildSite, getEntityParents } from './api/index.ts';
import type { Category, EntityParent, Site } from './api/types.ts';
import type { Audience } from './config.ts';
import { loadListing, type Listing } from './listing.ts';
import type { ListingParams } from './routing.ts';
import { flatCategories } from './static-paths.ts';

export interface CategoryPageData {
  category: Category | null;
  parents: EntityParent[];
  children: Category[];
  listing: Listing;
}

export type CategoryLookup =
  | { kind: 'found'; data: CategoryPageData }
  | { kind: 'not-found' }
  /** The category exists only in the other audience's plan (spec §4 plan switch → 301). */
  | { kind: 'other-audience'; audience: Audience };

export async function loadCategoryPage(
  audience: Audience,
  slug: string,
  params: ListingParams,
  site: Site = buildSite(),
): Promise<CategoryLookup> {
  const api = apiFor(audience, site);
  const categories = await flatCategories(audience, { site });
  const category = slug ? categories.find((c) => c.slug === slug) : null;
  if (category === undefined) {
    const other: Audience = audience === 'pro' ? 'part' : 'pro';
    const elsewhere = (await flatCategories(other, { site })).some((c) => c.slug === slug);
    return elsewhere ? { kind: 'other-audience', audience: other } : { kind: 'not-found' };
  }
  const children = categories
    .filter((c) => c.parentId === (category?.id ?? null) && c.productCount > 0)
    .sort((a, b) => a.position - b.position);
  const [parentsOrSelf, listing] = await Promise.all([
    category ? getEntityParents(api, 'category', category.slug) : Promise.resolve([]),
    loadListing(
      api,
      category
        ? { query: { categories: [category.id] }, categoryOptions: children.map((child) => child.id) }
        : { query: { categories: [] } },
      params,
    ),
  ]);
  if (!listing) return { kind: 'not-found' };
  // The back-office lists a category's ancestors; drop the category itself if it is included.
  const parents = parentsOrSelf.filter((p) => !(p.entityType === 'category' && p.slug === category?.slug));
  return { kind: 'found', data: { category, parents, children, listing } };
}
