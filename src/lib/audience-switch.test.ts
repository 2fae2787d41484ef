import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Api from './api/index.ts';
import type { Facet } from './api/types.ts';
import {
  knownFilters,
  otherAudienceTargets,
  productSwitchTarget,
  switchListingParams,
} from './audience-switch.ts';
import type { Listing } from './listing.ts';

// The other audience's catalogue: its facets, and how many pages a listing has there.
const catalogue = vi.hoisted(() => ({ facets: [] as Facet[], pageCount: 1 as number | null }));
vi.mock('./api/index.ts', async (original) => ({
  ...(await original<typeof Api>()),
  listFacets: vi.fn(async () => catalogue.facets),
}));
vi.mock('./listing.ts', () => ({
  loadListing: vi.fn(async () =>
    catalogue.pageCount === null ? null : ({ pageCount: catalogue.pageCount } as Listing),
  ),
}));

const facets: Facet[] = [
  {
    kind: 'list',
    technicalName: 'format',
    label: 'Format',
    options: [
      { value: 'powder', label: 'Powder', count: 4 },
      { value: 'Ready mixed', label: 'Ready mixed', count: 0 },
    ],
  },
  { kind: 'range', technicalName: 'price', label: 'Price', min: 300, max: 2_000 },
];

describe('knownFilters', () => {
  it('keeps the filters the other audience has, value by value', () => {
    expect(
      knownFilters(
        [
          { key: 'format', values: ['powder', 'tube', 'ready-mixed'] },
          { key: 'job', values: ['skimming'] },
          { key: 'price', values: ['3', '10-5'] },
        ],
        facets,
      ),
    ).toEqual([
      { key: 'format', values: ['powder', 'ready-mixed'] },
      { key: 'price', values: ['3', '10-5'] },
    ]);
  });

  it('drops a filter none of whose values exist there, and a malformed range', () => {
    expect(knownFilters([{ key: 'format', values: ['tube'] }], facets)).toEqual([]);
    expect(knownFilters([{ key: 'price', values: ['3'] }], facets)).toEqual([]);
    expect(knownFilters([{ key: 'price', values: ['3', 'ten'] }], facets)).toEqual([]);
  });
});

describe('switchListingParams', () => {
  const api = {} as Api.ApiClient;
  const base = { query: { categories: [1] } };

  beforeEach(() => {
    catalogue.facets = facets;
    catalogue.pageCount = 2;
  });

  it('keeps a listing the other audience has as it is', async () => {
    const params = { filters: [{ key: 'format', values: ['powder'] }], page: 2 };
    expect(await switchListingParams(api, base, params)).toEqual({ params, reason: undefined });
    expect(await switchListingParams(api, base, { filters: [], page: 1 })).toEqual({
      params: { filters: [], page: 1 },
    });
  });

  it('drops the filter values it lacks', async () => {
    const params = {
      filters: [
        { key: 'job', values: ['skimming'] },
        { key: 'format', values: ['powder'] },
      ],
      page: 1,
    };
    expect(await switchListingParams(api, base, params)).toEqual({
      params: { filters: [{ key: 'format', values: ['powder'] }], page: 1 },
      reason: 'filters',
    });
  });

  it('clamps the page to its last page', async () => {
    expect(await switchListingParams(api, base, { filters: [], page: 4 })).toEqual({
      params: { filters: [], page: 2 },
      reason: 'page',
    });
    catalogue.pageCount = 1;
    expect(
      await switchListingParams(api, base, { filters: [{ key: 'job', values: ['x'] }], page: 3 }),
    ).toEqual({
      params: { filters: [], page: 1 },
      reason: 'filters',
    });
  });

  it('falls back to the unfiltered listing when the filtered one does not resolve there', async () => {
    catalogue.pageCount = null;
    const params = { filters: [{ key: 'format', values: ['powder'] }], page: 2 };
    expect(await switchListingParams(api, base, params)).toEqual({
      params: { filters: [], page: 1 },
      reason: 'filters',
    });
  });
});

describe('productSwitchTarget', () => {
  const proOnly = { slug: 'trade-filler', categorySlug: 'fillers', audiences: ['pro' as const] };

  it('keeps the product where it is sold', () => {
    expect(productSwitchTarget({ ...proOnly, audiences: ['pro', 'part'] }, 'part', [])).toBe(
      '/diy-filler/product/trade-filler',
    );
  });

  it("leads to that audience's page of the main category, with the reason", () => {
    expect(productSwitchTarget(proOnly, 'part', ['tools', 'fillers'])).toBe(
      '/diy-filler/category/fillers?switched=product',
    );
    expect(productSwitchTarget({ ...proOnly, audiences: ['part'] }, 'pro', ['fillers'])).toBe(
      '/professional-filler/category/fillers?switched=product',
    );
  });

  it("leads to that audience's home when the category is missing there too", () => {
    expect(productSwitchTarget(proOnly, 'part', ['tools'])).toBe('/diy-filler?switched=product_home');
    expect(productSwitchTarget({ ...proOnly, audiences: ['part'], categorySlug: '' }, 'pro', [''])).toBe(
      '/?switched=product_home',
    );
  });
});

describe('otherAudienceTargets', () => {
  it('names a target for every audience but the current one', async () => {
    expect(await otherAudienceTargets('pro', (other) => `/${other}`)).toEqual({ part: '/part' });
    expect(await otherAudienceTargets('part', async (other) => `/${other}`)).toEqual({ pro: '/pro' });
  });
});
