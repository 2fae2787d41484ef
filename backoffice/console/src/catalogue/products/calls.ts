/**
 * The dataProvider's calls of the `products` resource: the list paged, sorted, searched and filtered by the
 * back-office (category, audience, availability, missing picture, missing document). The edit screen makes its own
 * calls (ProductEdit.tsx): its saves are item by item, each from the version read.
 */
import type { GetListParams, RaRecord } from 'react-admin';
import { unwrap, type Api } from '../../api/client.ts';
import { SITE } from '../../orders/site.ts';

const SORTS = ['id', 'name', 'reference', 'updated_at'] as const;
const AUDIENCES = ['pro', 'part'] as const;
const AVAILABILITIES = ['both', 'pro', 'part', 'none'] as const;

const oneOf = <T extends string>(list: readonly T[], value: unknown): value is T => list.includes(value as T);

export function productQuery({ pagination, sort, filter }: GetListParams) {
  const field = SORTS.find((name) => name === sort?.field);
  const { q, category_id, audience, availability, missing_picture, missing_document } = (filter ??
    {}) as Record<string, unknown>;
  return {
    ...SITE,
    ...(pagination ? { page: pagination.page, perPage: pagination.perPage } : {}),
    ...(field ? { sort: field, order: sort?.order === 'DESC' ? ('DESC' as const) : ('ASC' as const) } : {}),
    ...(typeof q === 'string' && q.trim() !== '' ? { q: q.trim() } : {}),
    ...(Number.isInteger(Number(category_id)) && Number(category_id) > 0
      ? { category_id: Number(category_id) }
      : {}),
    ...(oneOf(AUDIENCES, audience) ? { audience } : {}),
    ...(oneOf(AVAILABILITIES, availability) ? { availability } : {}),
    ...(missing_picture === true ? { missing_picture: 'true' as const } : {}),
    ...(missing_document === true ? { missing_document: 'true' as const } : {}),
  };
}

export function productCalls(api: Api) {
  return {
    products: {
      getList: async (params: GetListParams) => {
        const { data } = await unwrap(
          api.GET('/api/v1/staff/products', { params: { query: productQuery(params) } }),
        );
        return { data: data.items as RaRecord[], total: data.total };
      },
      getOne: async (id: string | number) =>
        (
          await unwrap(
            api.GET('/api/v1/staff/products/{id}', { params: { path: { id: Number(id) }, query: SITE } }),
          )
        ).data as RaRecord,
    },
  };
}
