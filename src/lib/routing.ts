/**
 * Pure route logic of spec §2: audience segments, filter segments (`TYPE__value1__value2`) and the page segment
 * (`_p__N`) of listing routes (results, selector-guide results, category). No I/O: shared by build, SSR and islands.
 */
import { AUDIENCES, MAX_FILTER_SEGMENTS, TARGET_SEGMENTS, type Audience } from './config.ts';

/** The audience whose segment is `segment`, if any. */
export function audienceFromSegment(segment: string | undefined): Audience | undefined {
  return AUDIENCES.find((audience) => TARGET_SEGMENTS[audience] === segment);
}

export function segmentOf(audience: Audience): string {
  return TARGET_SEGMENTS[audience];
}

/** One filter segment: a technical name (lowercase) and its values as they appear in URLs. */
export interface FilterSegment {
  key: string;
  values: string[];
}

/** Sort orders of a listing's `?sort=` parameter; relevance (the back-office's order) is the default. */
export const SORT_ORDERS = ['relevance', 'name', 'price-asc', 'price-desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
export const DEFAULT_SORT: SortOrder = 'relevance';

export interface ListingParams {
  filters: FilterSegment[];
  /** 1-based page number. */
  page: number;
  /** Absent means relevance. */
  sort?: SortOrder;
}

/** The `sort` query value as a sort order; anything unknown (or absent) is relevance, never an error. */
export function parseSort(value: string | null | undefined): SortOrder {
  return SORT_ORDERS.find((order) => order === value) ?? DEFAULT_SORT;
}

/**
 * True for a category listing asked in another order than relevance: the static page of that URL is in the
 * relevance order, so the server renders it on demand instead (results and guide results always are).
 */
export function needsOnDemandSort(pathname: string, search: URLSearchParams): boolean {
  return /^\/[^/]+\/category\/./.test(pathname) && parseSort(search.get('sort')) !== DEFAULT_SORT;
}

const PAGE_SEGMENT = /^_p__([1-9]\d{0,5})$/;
const FILTER_KEY = /^[A-Z](?:[A-Z0-9]|_(?=[A-Z0-9]))*$/;
const FILTER_VALUE = /^[a-z0-9-]+(?:_[a-z0-9-]+)*$/;
/** Filter keys the spec tells us to ignore (spec §2: parameters named p or r). */
const IGNORED_KEYS = new Set(['p', 'r']);

/**
 * A value as it appears in a filter segment: lowercase, accents stripped, spaces and decimal points as dashes,
 * anything else that could break the segment dropped. Several values can share an encoding (`1.5` and `1 5`),
 * which is why `matchFilterValue` resolves segments against the facet's real values.
 */
export function encodeFilterValue(value: string): string {
  return value
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[\s.]+/g, '-')
    .replace(/[^a-z0-9_-]/g, '')
    .replace(/_{2,}/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** The real value among `candidates` that `segmentValue` stands for. */
export function matchFilterValue(segmentValue: string, candidates: readonly string[]): string | undefined {
  return candidates.find((candidate) => encodeFilterValue(candidate) === segmentValue);
}

/** Reads a numeric filter value (dashes stand for decimal points): `12-5` → 12.5. */
export function decodeNumberValue(segmentValue: string): number | undefined {
  if (!/^\d+(-\d+)?$/.test(segmentValue)) return undefined;
  return Number(segmentValue.replace('-', '.'));
}

export function encodeNumberValue(value: number): string {
  return encodeFilterValue(String(value));
}

export function isPageSegment(segment: string): boolean {
  return PAGE_SEGMENT.test(segment);
}

/** True for `KEY__value…` segments (syntax only). */
export function isFilterSegment(segment: string): boolean {
  const [key, ...values] = segment.split('__');
  return (
    key !== undefined &&
    FILTER_KEY.test(key) &&
    values.length > 0 &&
    values.every((v) => FILTER_VALUE.test(v))
  );
}

/** A search term as a filter key: any case, words joined by underscores (`Joint filler` → `joint_filler`). */
function searchTermKey(search: string): string {
  return encodeFilterValue(search.trim()).replace(/[-_]+/g, '_');
}

/**
 * Parses the optional trailing segments of a listing route: up to 10 filter segments then an optional page
 * segment. Returns null when the URL is not a valid listing URL (the caller answers 404). Filters named p or
 * r, or named like the search term (in any case, several words as one key), are ignored; repeated keys are
 * merged. `sort` is the `?sort=` query value (unknown values mean relevance).
 */
export function parseListingSegments(
  segments: readonly string[],
  options: { search?: string; sort?: string | null } = {},
): ListingParams | null {
  const parts = segments.filter((segment) => segment !== '');
  let page = 1;
  const last = parts.at(-1);
  const pageMatch = last === undefined ? null : PAGE_SEGMENT.exec(last);
  if (pageMatch) {
    page = Number(pageMatch[1]);
    parts.pop();
  }
  if (parts.length > MAX_FILTER_SEGMENTS) return null;
  const ignoredSearch = options.search === undefined ? undefined : searchTermKey(options.search);
  const filters: FilterSegment[] = [];
  for (const part of parts) {
    if (!isFilterSegment(part)) return null;
    const [rawKey = '', ...values] = part.split('__');
    const key = rawKey.toLowerCase();
    if (IGNORED_KEYS.has(key) || key === ignoredSearch) continue;
    const existing = filters.find((filter) => filter.key === key);
    if (existing) existing.values.push(...values.filter((value) => !existing.values.includes(value)));
    else filters.push({ key, values: [...new Set(values)] });
  }
  const sort = parseSort(options.sort);
  return sort === DEFAULT_SORT ? { filters, page } : { filters, page, sort };
}

/** The trailing segments of a listing URL; page 1 has no page segment, filters without values are dropped. */
export function formatListingSegments(params: Partial<ListingParams>): string[] {
  const segments = (params.filters ?? [])
    .map((filter) => ({ key: filter.key, values: filter.values.filter((value) => FILTER_VALUE.test(value)) }))
    .filter((filter) => filter.values.length > 0 && FILTER_KEY.test(filter.key.toUpperCase()))
    .map((filter) => [filter.key.toUpperCase(), ...filter.values].join('__'));
  if (params.page !== undefined && params.page > 1) segments.push(`_p__${params.page}`);
  return segments;
}

/** Splits a category rest path into the category slug and its listing segments. */
export function splitCategoryPath(path: string | undefined): { slug: string; segments: string[] } {
  const parts = (path ?? '').split('/').filter((part) => part !== '');
  const firstListing = parts.findIndex((part) => isPageSegment(part) || /^[A-Z_]/.test(part));
  const slugParts = firstListing === -1 ? parts : parts.slice(0, firstListing);
  const segments = firstListing === -1 ? [] : parts.slice(firstListing);
  return { slug: slugParts.join('/'), segments };
}

/** Toggles one value of a filter, for facet links. Returns new params on page 1. */
export function toggleFilterValue(params: ListingParams, key: string, value: string): ListingParams {
  const filters = params.filters.map((filter) => ({ ...filter, values: [...filter.values] }));
  const filter = filters.find((f) => f.key === key);
  if (!filter) filters.push({ key, values: [value] });
  else if (filter.values.includes(value)) filter.values = filter.values.filter((v) => v !== value);
  else filter.values.push(value);
  return { filters: filters.filter((f) => f.values.length > 0), page: 1, sort: params.sort };
}
