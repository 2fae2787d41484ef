/**
 * Product listings (category, search results, selector-guide results): resolves the URL's filter segments
 * against the facets the back-office offers, loads one page of products and the facets, and builds facet links.
 * Returns null when the URL does not describe a listing that exists (the page answers 404).
 */
import type { ApiClient, ProductQuery } from './api/index.ts';
import { BackofficeError, listFacets, listProducts } from './api/index.ts';
import type { Facet, ProductPage } from './api/types.ts';
import { LISTING_PAGE_SIZE } from './config.ts';
import { formatPrice } from './format.ts';
import {
  decodeNumberValue,
  encodeFilterValue,
  encodeNumberValue,
  matchFilterValue,
  DEFAULT_SORT,
  toggleFilterValue,
  type ListingParams,
  type SortOrder,
} from './routing.ts';

export interface FacetLink {
  label: string;
  count?: number;
  selected: boolean;
  params: ListingParams;
}

export interface FacetView {
  technicalName: string;
  label: string;
  links: FacetLink[];
}

export interface Listing {
  products: ProductPage;
  facets: FacetView[];
  params: ListingParams;
  pageCount: number;
  /** Active filters as "Label: value" chips, each with the params that remove it. */
  active: { label: string; params: ListingParams }[];
}

export interface ListingBase {
  /** Restricts every query (category page, search text, guide answers). */
  query: Omit<ProductQuery, 'page' | 'perPage' | 'orderBy'>;
  /**
   * The only categories the Categories facet offers: a category page offers its sub-categories (whose counts,
   * all within the page's category, are then the counts within it). Absent: every category.
   */
  categoryOptions?: readonly number[];
}

/** The back-office order of each `?sort=` value. */
const ORDER_BY: Record<SortOrder, NonNullable<ProductQuery['orderBy']>> = {
  relevance: 'relevance',
  name: 'name_asc',
  'price-asc': 'price_asc',
  'price-desc': 'price_desc',
};

const PRICE_KEY = 'price';
const CATEGORIES_KEY = 'categories';

/** Product query for the resolved filters on top of the base query. */
function buildQuery(base: ListingBase, resolved: Map<string, string[]>, params: ListingParams): ProductQuery {
  const caracteristics: Record<string, string | string[]> = { ...(base.query.caracteristics ?? {}) };
  const categories = [...(base.query.categories ?? [])];
  let price: ProductQuery['price'];
  for (const [key, values] of resolved) {
    if (key === PRICE_KEY) {
      const [min, max] = values.map(Number);
      price = { min, max };
    } else if (key === CATEGORIES_KEY) {
      categories.splice(0, categories.length, ...values.map(Number));
    } else {
      caracteristics[key] = values;
    }
  }
  return {
    ...base.query,
    categories,
    caracteristics,
    price,
    orderBy: ORDER_BY[params.sort ?? DEFAULT_SORT],
    page: params.page,
    perPage: LISTING_PAGE_SIZE,
  };
}

/** Price bands offered as links: up to 3 equal bands between the facet's bounds, in whole pounds. */
function priceBands(facet: Extract<Facet, { kind: 'range' }>): { min: number; max: number }[] {
  const low = Math.floor(facet.min / 100);
  const high = Math.ceil(facet.max / 100);
  if (high <= low) return [];
  const step = Math.max(1, Math.ceil((high - low) / 3));
  const bands: { min: number; max: number }[] = [];
  for (let from = low; from < high; from += step) bands.push({ min: from, max: Math.min(high, from + step) });
  return bands;
}

/** Null when the URL's filters do not resolve or the back-office refuses the query (4xx): the page is a 404. */
export async function loadListing(
  api: ApiClient,
  base: ListingBase,
  params: ListingParams,
): Promise<Listing | null> {
  try {
    return await resolveListing(api, base, params);
  } catch (error) {
    if (error instanceof BackofficeError && error.statusCode >= 400 && error.statusCode < 500) return null;
    throw error;
  }
}

async function resolveListing(
  api: ApiClient,
  base: ListingBase,
  params: ListingParams,
): Promise<Listing | null> {
  const baseFacets = await listFacets(api, base.query);
  const resolved = new Map<string, string[]>();
  for (const filter of params.filters) {
    const facet = baseFacets.find((f) => f.technicalName === filter.key);
    if (!facet) return null;
    if (facet.kind === 'range') {
      const bounds = filter.values.map(decodeNumberValue);
      if (bounds.length !== 2 || bounds.some((b) => b === undefined)) return null;
      resolved.set(
        PRICE_KEY,
        bounds.map((pounds) => String(Math.round(pounds! * 100))),
      );
      continue;
    }
    const values = filter.values.map((value) =>
      matchFilterValue(
        value,
        facet.options.map((option) => option.value),
      ),
    );
    if (values.some((value) => value === undefined)) return null;
    resolved.set(filter.key, values as string[]);
  }

  const query = buildQuery(base, resolved, params);
  const { page: _page, perPage: _perPage, orderBy: _orderBy, ...facetQuery } = query;
  // Without a filter the facets of the query are the base facets already in hand: not asked twice.
  const [products, facets] = await Promise.all([
    listProducts(api, query),
    resolved.size === 0 ? baseFacets : listFacets(api, facetQuery),
  ]);
  const pageCount = Math.max(1, Math.ceil(products.total / LISTING_PAGE_SIZE));
  if (params.page > pageCount) return null;

  const active: Listing['active'] = [];
  const views: FacetView[] = facets.flatMap((facet): FacetView[] => {
    const selected = params.filters.find((filter) => filter.key === facet.technicalName)?.values ?? [];
    if (facet.kind === 'range') {
      const others = params.filters.filter((filter) => filter.key !== facet.technicalName);
      // Any range in the URL (a band link or one typed in, `PRICE__3-5__10`) is a chip that removes it.
      const [min, max] = selected.map(decodeNumberValue);
      if (min !== undefined && max !== undefined) {
        active.push({
          label: `${facet.label}: ${formatPrice(min * 100)} – ${formatPrice(max * 100)}`,
          params: { filters: others, page: 1, sort: params.sort },
        });
      }
      const links = priceBands(facet).map((band): FacetLink => {
        const values = [encodeNumberValue(band.min), encodeNumberValue(band.max)];
        const isSelected = selected.join('__') === values.join('__');
        return {
          label: `${formatPrice(band.min * 100)} – ${formatPrice(band.max * 100)}`,
          selected: isSelected,
          params: {
            filters: isSelected ? others : [...others, { key: facet.technicalName, values }],
            page: 1,
            sort: params.sort,
          },
        };
      });
      return links.length > 0 ? [{ technicalName: facet.technicalName, label: facet.label, links }] : [];
    }
    const offered =
      facet.technicalName === CATEGORIES_KEY && base.categoryOptions
        ? facet.options.filter((option) => base.categoryOptions!.includes(Number(option.value)))
        : facet.options;
    const links = offered
      .filter((option) => option.count > 0 || selected.includes(encodeFilterValue(option.value)))
      .map((option): FacetLink => {
        const value = encodeFilterValue(option.value);
        return {
          label: option.label,
          count: option.count,
          selected: selected.includes(value),
          params: toggleFilterValue(params, facet.technicalName, value),
        };
      });
    for (const link of links.filter((l) => l.selected))
      active.push({ label: `${facet.label}: ${link.label}`, params: link.params });
    return links.length > 0 ? [{ technicalName: facet.technicalName, label: facet.label, links }] : [];
  });

  return { products, facets: views, params, pageCount, active };
}
