/**
 * The console's calls of the builds (`/api/v1/staff/builds…`, issue 26): the list and one build (`content:read`), the
 * status the dashboard shows, and a rollback (`content:publish`).
 */
import type { GetListParams, Identifier } from 'react-admin';
import { unwrap, type Api } from '../api/client.ts';
import type { paths } from '../api/schema';

export type Build =
  paths['/api/v1/staff/builds/{id}']['get']['responses'][200]['content']['application/json']['data'];
export type BuildStatus =
  paths['/api/v1/staff/builds/current']['get']['responses'][200]['content']['application/json']['data'];

const SORTS = ['started_at', 'id'] as const;

function listQuery({ pagination, sort }: GetListParams) {
  const field = SORTS.find((name) => name === sort?.field);
  return {
    ...(pagination ? { page: pagination.page, perPage: Math.min(100, pagination.perPage) } : {}),
    ...(field ? { sort: field, order: sort?.order === 'ASC' ? ('ASC' as const) : ('DESC' as const) } : {}),
  };
}

export function buildCalls(api: Api) {
  return {
    builds: {
      getList: async (params: GetListParams) => {
        const { data } = await unwrap(
          api.GET('/api/v1/staff/builds', { params: { query: listQuery(params) } }),
        );
        return { data: data.items, total: data.total };
      },
      getOne: async (id: Identifier) =>
        (await unwrap(api.GET('/api/v1/staff/builds/{id}', { params: { path: { id: String(id) } } }))).data,
    },
  };
}

export async function buildStatus(api: Api): Promise<BuildStatus> {
  return (await unwrap(api.GET('/api/v1/staff/builds/current'))).data;
}

export async function rollBack(api: Api, id: string): Promise<Build> {
  return (await unwrap(api.POST('/api/v1/staff/builds/{id}/rollback', { params: { path: { id } } }))).data;
}
