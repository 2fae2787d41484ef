/**
 * Careers filters (spec §2/§9: up to 4 filter segments on /{target}/careers). A segment is `KEY__value1__value2`
 * with KEY one of CONTRACT, LOCATION, DEPARTMENT, EXPERIENCE and each value the slug of a job field; values of one
 * key are alternatives (OR), keys combine (AND). Jobs are few, so they are filtered here rather than by the API:
 * that also gives each option its count.
 */
import type { Job } from '../../lib/api/content/types.ts';

export const CAREERS_FIELDS = ['contract', 'location', 'department', 'experience'] as const;
export type CareersField = (typeof CAREERS_FIELDS)[number];

/** Selected value slugs per field; absent field = no filter. */
export type CareersFilters = Partial<Record<CareersField, string[]>>;

/** A filter segment already split by the routing helpers: its KEY and its values. */
export interface FilterSegment {
  key: string;
  values: string[];
}

/** Lower-case slug of a job field value, as it appears in filter segments ("Fixed-term" → `fixed-term`). */
export function careersValueSlug(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * Turns parsed segments into filters. `undefined` when a key is unknown or repeated, or a segment has no value:
 * such a URL names no page, so the route answers 404.
 */
export function careersFiltersFromSegments(segments: readonly FilterSegment[]): CareersFilters | undefined {
  const filters: CareersFilters = {};
  for (const segment of segments) {
    const field = CAREERS_FIELDS.find((name) => name.toUpperCase() === segment.key);
    if (!field || filters[field] || segment.values.length === 0) return undefined;
    filters[field] = [...new Set(segment.values)];
  }
  return filters;
}

/** Segments of `filters` in canonical order (field order of CAREERS_FIELDS, values sorted). */
export function careersSegments(filters: CareersFilters): string[] {
  return CAREERS_FIELDS.flatMap((field) => {
    const values = filters[field];
    return values && values.length > 0 ? [[field.toUpperCase(), ...[...values].sort()].join('__')] : [];
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

/** Labels of the selected options ("Permanent, Manchester"), for titles. */
export function selectedLabels(facets: readonly CareersFacet[]): string[] {
  return facets.flatMap((facet) =>
    facet.options.filter((option) => option.selected).map((option) => option.label),
  );
}
