/** The stockists screen's calls: a search near a postcode or town, one stockist with its version, create, change. */
import { unwrap, type Api } from '../api/client.ts';
import { SITE } from '../orders/site.ts';
import type { StaffStockist, stockistChanges, stockistCreate } from './stockists.ts';

/** Stockists within 50 km of a postcode (full, district or area) or a town, nearest first. */
export async function searchStockists(api: Api, near: string): Promise<StaffStockist[]> {
  const place = near.trim();
  const postcodeLike = /^[A-Za-z]{1,2}\d/.test(place) || /^[A-Za-z]{1,2}$/.test(place);
  const { data } = await unwrap(
    api.GET('/api/v1/store-locator', {
      params: {
        query: {
          ...SITE,
          ...(postcodeLike ? { postcode: place } : { town: place }),
          radius: 50,
          perPage: 100,
        },
      },
    }),
  );
  // The search answers no versions: each write reads the stockist first.
  return data.items as unknown as StaffStockist[];
}

export async function oneStockist(api: Api, id: number): Promise<StaffStockist> {
  const { data } = await unwrap(
    api.GET('/api/v1/store-locator/{id}', { params: { path: { id }, query: SITE } }),
  );
  return data as StaffStockist;
}

export async function createStockist(
  api: Api,
  body: ReturnType<typeof stockistCreate>,
): Promise<StaffStockist> {
  return (await unwrap(api.POST('/api/v1/store-locator', { params: { query: SITE }, body })))
    .data as StaffStockist;
}

export async function changeStockist(
  api: Api,
  stockist: StaffStockist,
  changes: ReturnType<typeof stockistChanges>,
): Promise<StaffStockist> {
  const { data } = await unwrap(
    api.PATCH('/api/v1/store-locator/{id}', {
      params: { path: { id: stockist.id }, query: SITE },
      body: { ...changes, version: stockist.version },
    }),
  );
  return data as StaffStockist;
}
