/**
 * Targets of the header's audience switch: the current page in the other audience, and never a URL that answers
 * 404 there or 301s back. Listings keep only the filter values the other audience has and clamp `_p__N` to its
 * last page; a product not sold there leads to that audience's page of its main category (or its home); a
 * category missing there leads to its home. Each detour carries a reason the landing page shows
 * (`withSwitchNotice`). Static pages get their targets at build time, on-demand pages at request time.
 */
import { apiFor, listFacets, listGuideQuestions, type ApiClient } from './api/index.ts';
import type { Facet, ProductSummary, Site } from './api/types.ts';
import { AUDIENCES, type Audience } from './config.ts';
import { loadListing, type ListingBase } from './listing.ts';
import { paths, switchAudiencePath, withSwitchNotice, type SwitchReason } from './paths.ts';
import {
  audienceFromSegment,
  decodeNumberValue,
  matchFilterValue,
  parseListingSegments,
  splitCategoryPath,
  type FilterSegment,
  type ListingParams,
} from './routing.ts';
import { readGuideAnswers } from './selector-guide.ts';
import { flatCategories } from './static-paths.ts';

/** The switch's target in each audience but `current` (the layout's `alternates`). */
export async function otherAudienceTargets(
  current: Audience,
  target: (other: Audience) => string | Promise<string>,
): Promise<Partial<Record<Audience, string>>> {
  const others = AUDIENCES.filter((audience) => audience !== current);
  const targets = await Promise.all(others.map(target));
  return Object.fromEntries(others.map((other, i) => [other, targets[i]]));
}

/** The filters of a listing URL that resolve against `facets`: unknown keys and values are left out. */
export function knownFilters(filters: readonly FilterSegment[], facets: readonly Facet[]): FilterSegment[] {
  return filters.flatMap((filter): FilterSegment[] => {
    const facet = facets.find((f) => f.technicalName === filter.key);
    if (!facet) return [];
    if (facet.kind === 'range') {
      const bounds = filter.values.map(decodeNumberValue);
      return bounds.length === 2 && bounds.every((b) => b !== undefined) ? [filter] : [];
    }
    const options = facet.options.map((option) => option.value);
    const values = filter.values.filter((value) => matchFilterValue(value, options) !== undefined);
    return values.length > 0 ? [{ key: filter.key, values }] : [];
  });
}

function sameFilters(a: readonly FilterSegment[], b: readonly FilterSegment[]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export interface SwitchedListing {
  params: ListingParams;
  reason?: SwitchReason;
}

/** The listing params the other audience can show for `params`: known filters only, page clamped. */
export async function switchListingParams(
  api: ApiClient,
  base: ListingBase,
  params: ListingParams,
): Promise<SwitchedListing> {
  if (params.filters.length === 0 && params.page === 1) return { params };
  const filters = knownFilters(params.filters, await listFacets(api, base.query));
  const dropped = !sameFilters(filters, params.filters);
  // Values its facets offer resolve there, and page 1 of a listing that resolves always exists.
  if (params.page === 1) return { params: { filters, page: 1 }, reason: dropped ? 'filters' : undefined };
  const firstPage = await loadListing(api, base, { filters, page: 1 });
  // Known values the back-office still refuses together: the unfiltered listing always exists.
  if (!firstPage) return { params: { filters: [], page: 1 }, reason: 'filters' };
  const page = Math.min(params.page, firstPage.pageCount);
  const reason = dropped ? 'filters' : page < params.page ? 'page' : undefined;
  return { params: { filters, page }, reason };
}

/**
 * Where the switch leads from a product page: the same product where it is sold, else that audience's page of
 * its main category, else that audience's home. `categorySlugs` are the other audience's categories.
 */
export function productSwitchTarget(
  product: Pick<ProductSummary, 'slug' | 'categorySlug' | 'audiences'>,
  to: Audience,
  categorySlugs: readonly string[],
): string {
  if (product.audiences.includes(to)) return paths.product(to, product.slug);
  if (product.categorySlug && categorySlugs.includes(product.categorySlug))
    return withSwitchNotice(paths.category(to, product.categorySlug), 'product');
  return withSwitchNotice(paths.home(to), 'product_home');
}

/** The switch's target for a product page (the page knows its product). */
export async function productSwitchPath(
  product: Pick<ProductSummary, 'slug' | 'categorySlug' | 'audiences'>,
  to: Audience,
  site: Site,
): Promise<string> {
  if (product.audiences.includes(to)) return paths.product(to, product.slug);
  const categories = await flatCategories(to, { site });
  return productSwitchTarget(
    product,
    to,
    categories.map((category) => category.slug),
  );
}

async function categorySwitchPath(rest: string, to: Audience, site: Site): Promise<string | undefined> {
  const { slug, segments } = splitCategoryPath(rest);
  const params = parseListingSegments(segments);
  if (!params) return undefined;
  const category = slug ? (await flatCategories(to, { site })).find((c) => c.slug === slug) : null;
  if (category === undefined) return withSwitchNotice(paths.home(to), 'category');
  const base = { query: { categories: category ? [category.id] : [] } };
  const target = await switchListingParams(apiFor(to, site), base, params);
  return withSwitchNotice(paths.category(to, slug, target.params), target.reason);
}

async function resultsSwitchPath(parts: string[], to: Audience, site: Site): Promise<string | undefined> {
  const [encoded = '', ...segments] = parts;
  let search: string;
  try {
    search = decodeURIComponent(encoded).trim();
  } catch {
    return undefined;
  }
  const params = search ? parseListingSegments(segments, { search }) : null;
  if (!params) return undefined;
  const base = { query: { text: search, orderBy: 'relevance' as const } };
  const target = await switchListingParams(apiFor(to, site), base, params);
  return withSwitchNotice(paths.results(to, search, target.params), target.reason);
}

/** Guide results: the same answers where that audience's guide asks them and has products for them. */
async function guideSwitchPath(parts: string[], to: Audience, site: Site): Promise<string | undefined> {
  const [segment = '', ...segments] = parts;
  const read = readGuideAnswers(segment);
  const params = parseListingSegments(segments);
  if (!read || !params) return undefined;
  const api = apiFor(to, site);
  const questions = await listGuideQuestions(api);
  const asked = Object.keys(read.answers).every((key) => questions.some((q) => q.technicalName === key));
  const base = { query: { caracteristics: read.answers } };
  if (!asked || !(await loadListing(api, base, { filters: [], page: 1 })))
    return withSwitchNotice(paths.selectorGuide(to), 'guide');
  const target = await switchListingParams(api, base, params);
  return withSwitchNotice(paths.selectorGuideResults(to, read.answers, target.params), target.reason);
}

/**
 * The switch's target for `pathname` (the current page, without a trailing slash) in audience `to`: listings
 * (category, search results) are checked against that audience's catalogue; any other page swaps the segment
 * (pages that exist in one audience only pass their own targets to the layout). Listing URLs the current
 * audience does not have either (its own 404 pages) just swap the segment.
 */
export async function audienceSwitchPath(pathname: string, to: Audience, site: Site): Promise<string> {
  const parts = pathname.split('/').filter((part) => part !== '');
  const [segment, section, ...rest] = parts;
  const from = audienceFromSegment(segment);
  let target: string | undefined;
  if (from && from !== to && section === 'category')
    target = await categorySwitchPath(rest.join('/'), to, site);
  if (from && from !== to && section === 'results' && rest.length > 0)
    target = await resultsSwitchPath(rest, to, site);
  if (from && from !== to && section === 'choice-guide' && rest.length > 0)
    target = await guideSwitchPath(rest, to, site);
  return target ?? switchAudiencePath(pathname, to);
}
