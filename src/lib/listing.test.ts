import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ApiIndex from './api/index.ts';
import type { ApiClient, ProductQuery } from './api/index.ts';
import type { Facet } from './api/types.ts';
import { loadListing } from './listing.ts';

type ApiModule = typeof ApiIndex;

const api = vi.hoisted(() => ({
  listProducts: vi.fn(),
  listFacets: vi.fn(),
}));
vi.mock('./api/index.ts', async (original) => ({
  ...(await original<ApiModule>()),
  listProducts: api.listProducts,
  listFacets: api.listFacets,
}));

const FACETS: Facet[] = [
  {
    kind: 'list',
    technicalName: 'categories',
    label: 'Categories',
    options: [
      { value: '1', label: 'Fillers', count: 18 },
      { value: '7', label: 'Knives', count: 3 },
      { value: '8', label: 'Boards', count: 2 },
    ],
  },
  { kind: 'range', technicalName: 'price', label: 'Price', min: 300, max: 1200 },
];
const client = {} as ApiClient;

beforeEach(() => {
  api.listFacets.mockResolvedValue(FACETS);
  api.listProducts.mockResolvedValue({ items: [], total: 5, page: 1, perPage: 12 });
});

describe('loadListing', () => {
  it("offers only the category page's sub-categories in the Categories facet", async () => {
    const listing = await loadListing(
      client,
      { query: { categories: [6] }, categoryOptions: [7, 8] },
      { filters: [], page: 1 },
    );
    const categories = listing!.facets.find((facet) => facet.technicalName === 'categories');
    expect(categories?.links.map((link) => `${link.label} (${link.count})`)).toEqual([
      'Knives (3)',
      'Boards (2)',
    ]);
  });

  it('shows a custom price range as a chip that removes it, keeping the sort', async () => {
    const listing = await loadListing(
      client,
      { query: {} },
      { filters: [{ key: 'price', values: ['3-5', '10'] }], page: 1, sort: 'name' },
    );
    expect(listing!.active).toEqual([
      { label: 'Price: 3,50 £ – 10 £', params: { filters: [], page: 1, sort: 'name' } },
    ]);
    expect(
      listing!.facets.find((facet) => facet.technicalName === 'price')?.links.some((l) => l.selected),
    ).toBe(false);
  });

  it('asks the back-office for the order of ?sort=, relevance by default', async () => {
    const orders = async (sort?: 'price-desc' | 'name') => {
      api.listProducts.mockClear();
      await loadListing(client, { query: {} }, { filters: [], page: 1, sort });
      return (api.listProducts.mock.calls[0]?.[1] as ProductQuery).orderBy;
    };
    expect(await orders()).toBe('relevance');
    expect(await orders('price-desc')).toBe('price_desc');
    expect(await orders('name')).toBe('name_asc');
  });

  it('asks for the facets once without a filter, twice with one (base facets, then within the filter)', async () => {
    api.listFacets.mockClear();
    await loadListing(client, { query: { text: 'filler' } }, { filters: [], page: 1, sort: 'name' });
    expect(api.listFacets).toHaveBeenCalledTimes(1);

    api.listFacets.mockClear();
    await loadListing(
      client,
      { query: { text: 'filler' } },
      { filters: [{ key: 'categories', values: ['7'] }], page: 1 },
    );
    expect(api.listFacets).toHaveBeenCalledTimes(2);
    expect((api.listFacets.mock.calls[1]?.[1] as ProductQuery).categories).toEqual([7]);
  });
});
