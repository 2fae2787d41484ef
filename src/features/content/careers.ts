/**
 * Careers filters (spec §2/§9: up to 4 filter segments on /{target}/careers). A segment is `KEY__value1__value2`
 * with KEY one of CONTRACT, LOCATION, DEPARTMENT, EXPERIENCE and each value the slug of a job field; values of one
 * key are alternatives (OR), keys combine (AND). Jobs are few, so they are filtered here rather than by the API:
 * that also gives each option its count.
 */
import type { JobDetails as Job } from '../../lib/api/types.ts';
import { MAX_CAREERS_FILTERS } from '../../lib/config.ts';
import {
  encodeFilterValue,
  formatListingSegments,
  isPageSegment,
  parseListingSegments,
  type FilterSegment,
} from '../../lib/routing.ts';

export const CAREERS_FIELDS = ['contract', 'location', 'department', 'experience'] as const;
export type CareersField = (typeof CAREERS_FIELDS)[number];

/** Selected value slugs per field; absent field = no filter. */
export type CareersFilters = Partial<Record<CareersField, string[]>>;

/** A job field value as it appears in filter segments ("Entry level" → `entry-level`). */
export const careersValueSlug = encodeFilterValue;

/**
 * Reads the filter segments after /careers/ (`CONTRACT__permanent/LOCATION__leeds__manchester`). `undefined`
 * when the path is not a careers listing: bad syntax, an unknown key, a page segment (the list is not paged) or
 * more than MAX_CAREERS_FILTERS segments. The route answers 404 then.
 */
export function parseCareersPath(path: string | undefined): CareersFilters | undefined {
  const segments = (path ?? '').split('/').filter((segment) => segment !== '');
  if (segments.length > MAX_CAREERS_FILTERS || segments.some(isPageSegment)) return undefined;
  const params = parseListingSegments(segments);
  if (!params) return undefined;
  return careersFiltersFromSegments(params.filters);
}

/** Parsed segments (lower-case keys, as the routing helpers give them) → filters; unknown key → `undefined`. */
export function careersFiltersFromSegments(segments: readonly FilterSegment[]): CareersFilters | undefined {
  const filters: CareersFilters = {};
  for (const segment of segments) {
    const field = CAREERS_FIELDS.find((name) => name === segment.key);
    if (!field || segment.values.length === 0) return undefined;
    filters[field] = [...new Set([...(filters[field] ?? []), ...segment.values])];
  }
  return filters;
}

/** Segments of `filters` in canonical order (field order of CAREERS_FIELDS, values sorted). */
export function careersSegments(filters: CareersFilters): string[] {
  return formatListingSegments({
    filters: CAREERS_FIELDS.flatMap((field) => {
      const values = filters[field];
      return values && values.length > 0 ? [{ key: field, values: [...values].sort() }] : [];
    }),
  });
}

function matchesField(job: Job, field: CareersField, values: readonly string[] | undefined): boolean {
  return !values || values.length === 0 || values.includes(careersValueSlug(job[field]));
}

export function filterJobs<T extends { job?: Job }>(pages: readonly T[], filters: CareersFilters): T[] {
  return pages.filter(
    (page) =>
      page.job && CAREERS_FIELDS.every((field) => matchesField(page.job as Job, field, filters[field])),
  );
}

export interface CareersOption {
  value: string;
  label: string;
  /** Jobs this option would show, given the other fields' filters. */
  count: number;
  selected: boolean;
  /** Filters after toggling this option. */
  toggled: CareersFilters;
}

export interface CareersFacet {
  field: CareersField;
  options: CareersOption[];
}

function toggle(filters: CareersFilters, field: CareersField, value: string): CareersFilters {
  const current = filters[field] ?? [];
  const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  const result: CareersFilters = { ...filters };
  if (next.length > 0) result[field] = next;
  else delete result[field];
  return result;
}

/** Options of each field, counted against the other fields' filters (like listing facets). */
export function careersFacets<T extends { job?: Job }>(
  pages: readonly T[],
  filters: CareersFilters,
): CareersFacet[] {
  return CAREERS_FIELDS.map((field) => {
    const others = pages.filter(
      (page) =>
        page.job &&
        CAREERS_FIELDS.every(
          (other) => other === field || matchesField(page.job as Job, other, filters[other]),
        ),
    );
    const options = new Map<string, CareersOption>();
    for (const page of pages) {
      if (!page.job) continue;
      const value = careersValueSlug(page.job[field]);
      if (!options.has(value)) {
        options.set(value, {
          value,
          label: page.job[field],
          count: 0,
          selected: filters[field]?.includes(value) ?? false,
          toggled: toggle(filters, field, value),
        });
      }
    }
    for (const page of others) {
      const option = options.get(careersValueSlug((page.job as Job)[field]));
      if (option) option.count += 1;
    }
    return { field, options: [...options.values()].sort((a, b) => a.label.localeCompare(b.label, 'en-GB')) };
  });
}

/**
 * Every value of `filters` in field order with the label a vacancy gives it; a value no vacancy carries any more
 * (a bookmarked search) keeps the text of the URL, so titles still say what was asked for.
 */
export function selectedValues(
  facets: readonly CareersFacet[],
  filters: CareersFilters,
): { field: CareersField; value: string; label: string }[] {
  return CAREERS_FIELDS.flatMap((field) =>
    (filters[field] ?? []).map((value) => ({
      field,
      value,
      label:
        facets.find((facet) => facet.field === field)?.options.find((o) => o.value === value)?.label ?? value,
    })),
  );
}
