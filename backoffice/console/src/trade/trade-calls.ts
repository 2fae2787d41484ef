/**
 * The trade screens' calls (issue 24), each one call of the staff API on the UK site: the application queue and one
 * application, approving with terms and declining with a reason; the approved accounts with their credit and hold,
 * one account's statement, hold and release. `tradeResources` plugs the lists and pages into the data provider.
 */
import type { GetListParams, Identifier, RaRecord } from 'react-admin';
import { unwrap, type Api } from '../api/client.ts';
import { SITE } from '../orders/site.ts';
import type { ApprovalBody } from './types.ts';

const STATUSES = ['pending', 'approved', 'declined'] as const;
type Status = (typeof STATUSES)[number];

function paging({ pagination }: GetListParams) {
  return pagination ? { page: pagination.page, perPage: Math.min(100, pagination.perPage) } : {};
}

function sorting<Sort extends string>({ sort }: GetListParams, sortable: readonly Sort[]) {
  const field = sortable.find((name) => name === sort?.field);
  return field ? { sort: field, order: sort?.order === 'ASC' ? ('ASC' as const) : ('DESC' as const) } : {};
}

/** The application queue's filter: a status (pending by default in the list). */
export function applicationFilter(filter: unknown): { status?: Status } {
  const status = (filter as { status?: unknown } | undefined)?.status;
  return STATUSES.includes(status as Status) ? { status: status as Status } : {};
}

/** The accounts list's filters: a search of e-mail and company, whether on hold. */
export function accountFilter(filter: unknown): { q?: string; on_hold?: 'true' | 'false' } {
  const { q, on_hold: onHold } = (filter ?? {}) as { q?: unknown; on_hold?: unknown };
  return {
    ...(typeof q === 'string' && q.trim() !== '' ? { q: q.trim() } : {}),
    ...(onHold === 'true' || onHold === 'false' ? { on_hold: onHold } : {}),
  };
}

export function tradeCalls(api: Api) {
  const path = (id: number) => ({ params: { path: { id }, query: SITE } });
  return {
    approve: async (id: number, body: ApprovalBody) =>
      (await unwrap(api.POST('/api/v1/staff/trade-applications/{id}/approve', { ...path(id), body }))).data,
    decline: async (id: number, reason: string, version?: number) =>
      (
        await unwrap(
          api.POST('/api/v1/staff/trade-applications/{id}/decline', {
            ...path(id),
            body: { reason, ...(version ? { version } : {}) },
          }),
        )
      ).data,
    hold: async (id: number) =>
      (await unwrap(api.POST('/api/v1/staff/customers/{id}/trade/hold', path(id)))).data,
    release: async (id: number) =>
      (await unwrap(api.POST('/api/v1/staff/customers/{id}/trade/release', path(id)))).data,
  };
}

interface ResourceCalls {
  getList(params: GetListParams): Promise<{ data: RaRecord[]; total: number }>;
  getOne(id: Identifier): Promise<RaRecord>;
}

const listAnswer = <T extends RaRecord>({ data }: { data: { items: T[]; total: number } }) => ({
  data: data.items,
  total: data.total,
});

export function tradeResources(api: Api): Record<'trade-applications' | 'trade-accounts', ResourceCalls> {
  return {
    'trade-applications': {
      getList: async (params) =>
        listAnswer(
          await unwrap(
            api.GET('/api/v1/staff/trade-applications', {
              params: {
                query: {
                  ...SITE,
                  ...applicationFilter(params.filter),
                  ...paging(params),
                  ...sorting(params, ['created_at', 'company', 'status'] as const),
                },
              },
            }),
          ),
        ),
      getOne: async (id) =>
        (
          await unwrap(
            api.GET('/api/v1/staff/trade-applications/{id}', {
              params: { path: { id: Number(id) }, query: SITE },
            }),
          )
        ).data,
    },
    'trade-accounts': {
      getList: async (params) =>
        listAnswer(
          await unwrap(
            api.GET('/api/v1/staff/trade-accounts', {
              params: {
                query: {
                  ...SITE,
                  ...accountFilter(params.filter),
                  ...paging(params),
                  ...sorting(params, ['email', 'company', 'credit_limit_pence'] as const),
                },
              },
            }),
          ),
        ),
      getOne: async (id) =>
        (
          await unwrap(
            api.GET('/api/v1/staff/customers/{id}/trade/statement', {
              params: { path: { id: Number(id) }, query: SITE },
            }),
          )
        ).data,
    },
  };
}
