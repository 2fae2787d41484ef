/**
 * The dataProvider's calls of the `tokens` resource (owners): machine tokens listed with their last use, created
 * (the answer carries the token's value, shown once) and revoked.
 */
import type { GetListParams, Identifier, RaRecord } from 'react-admin';
import { unwrap, type Api } from '../api/client.ts';
import type { paths } from '../api/schema';

type Json<Answer> = Answer extends { content: { 'application/json': infer Body } } ? Body : never;
export type MachineToken = Json<
  paths['/api/v1/staff/tokens']['get']['responses'][200]
>['data']['items'][number];
export type CreatedToken = Json<paths['/api/v1/staff/tokens']['post']['responses'][201]>['data'];
type TokenBody = NonNullable<
  paths['/api/v1/staff/tokens']['post']['requestBody']
>['content']['application/json'];

const SORTS = ['id', 'name', 'created_at', 'last_used_at', 'expires_at'] as const;

export function tokenCalls(api: Api) {
  return {
    tokens: {
      getList: async ({ pagination, sort }: GetListParams) => {
        const field = SORTS.find((name) => name === sort?.field);
        const { data } = await unwrap(
          api.GET('/api/v1/staff/tokens', {
            params: {
              query: {
                ...(pagination ? { page: pagination.page, perPage: pagination.perPage } : {}),
                ...(field
                  ? { sort: field, order: sort?.order === 'ASC' ? ('ASC' as const) : ('DESC' as const) }
                  : {}),
              },
            },
          }),
        );
        return { data: data.items as RaRecord[], total: data.total };
      },
      create: async (data: Record<string, unknown>) => {
        const body: TokenBody = {
          name: String(data.name ?? ''),
          scope: data.scope as TokenBody['scope'],
          ...(typeof data.expires_at === 'string' && data.expires_at !== ''
            ? { expires_at: data.expires_at }
            : {}),
        };
        return (await unwrap(api.POST('/api/v1/staff/tokens', { body }))).data as RaRecord;
      },
      delete: async (id: Identifier) => {
        await unwrap(api.DELETE('/api/v1/staff/tokens/{id}', { params: { path: { id: Number(id) } } }));
      },
    },
  };
}
