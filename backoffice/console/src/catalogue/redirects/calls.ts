/**
 * The dataProvider's calls of the `redirects` resource (`content:write`): the list searched (either address),
 * paged and sorted by the back-office, one redirect, create, a change sending only the changed fields with the
 * version it was read at, and delete. The shop answers each with a 301.
 */
import type { GetListParams, Identifier, RaRecord } from 'react-admin';
import { unwrap, type Api } from '../../api/client.ts';
import { SITE } from '../../orders/site.ts';

export interface StaffRedirect {
  id: number;
  from: string;
  to: string;
  status: number;
  version: number;
}

const SORTS = ['id', 'from', 'to'] as const;

function listQuery({ pagination, sort, filter }: GetListParams) {
  const field = SORTS.find((name) => name === sort?.field);
  const { q } = (filter ?? {}) as { q?: unknown };
  return {
    ...SITE,
    ...(pagination ? { page: pagination.page, perPage: Math.min(100, pagination.perPage) } : {}),
    ...(field ? { sort: field, order: sort?.order === 'DESC' ? ('DESC' as const) : ('ASC' as const) } : {}),
    ...(typeof q === 'string' && q.trim() !== '' ? { q: q.trim() } : {}),
  };
}

/** The fields of the form that differ from the redirect as read. */
export function redirectChanges(data: Record<string, unknown>, before: StaffRedirect) {
  const from = String(data.from ?? '').trim();
  const to = String(data.to ?? '').trim();
  return {
    ...(from !== before.from ? { from } : {}),
    ...(to !== before.to ? { to } : {}),
  };
}

export function redirectCalls(api: Api) {
  const path = (id: Identifier) => ({ path: { id: Number(id) }, query: SITE });
  return {
    redirects: {
      getList: async (params: GetListParams) => {
        const { data } = await unwrap(
          api.GET('/api/v1/staff/redirects', { params: { query: listQuery(params) } }),
        );
        return { data: data.items as RaRecord[], total: data.total };
      },
      getOne: async (id: Identifier) =>
        (await unwrap(api.GET('/api/v1/staff/redirects/{id}', { params: path(id) }))).data as RaRecord,
      create: async (data: Record<string, unknown>) =>
        (
          await unwrap(
            api.POST('/api/v1/staff/redirects', {
              params: { query: SITE },
              body: { from: String(data.from ?? '').trim(), to: String(data.to ?? '').trim() },
            }),
          )
        ).data as RaRecord,
      update: async (id: Identifier, data: Record<string, unknown>, previous: RaRecord) => {
        const before = previous as unknown as StaffRedirect;
        return (
          await unwrap(
            api.PATCH('/api/v1/staff/redirects/{id}', {
              params: path(id),
              body: { ...redirectChanges(data, before), version: before.version },
            }),
          )
        ).data as RaRecord;
      },
      delete: async (id: Identifier) => {
        await unwrap(api.DELETE('/api/v1/staff/redirects/{id}', { params: path(id) }));
      },
    },
  };
}
