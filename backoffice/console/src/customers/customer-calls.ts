/**
 * The customer screens' calls of the staff API (issue 24): the list and page for react-admin's data provider, and
 * the page's actions, each one call. The export is a plain link (the browser downloads it with the session cookie).
 */
import type { GetListParams, RaRecord } from 'react-admin';
import { unwrap, type Api } from '../api/client.ts';
import { SITE } from '../orders/site.ts';

export const CUSTOMER_SORTS = ['created_at', 'email', 'last_name', 'company'] as const;

const flag = (value: unknown) =>
  typeof value === 'boolean' ? (value ? ('true' as const) : ('false' as const)) : undefined;

/** The list's filters as the API takes them: a search, the audience, trade approved, disabled. */
export function customerFilter(filter: Record<string, unknown> | undefined) {
  const { q, audience, trade_approved: trade, disabled } = filter ?? {};
  return {
    ...(typeof q === 'string' && q.trim() !== '' ? { q: q.trim() } : {}),
    ...(audience === 'pro' || audience === 'part' ? { audience: audience as 'pro' | 'part' } : {}),
    ...(flag(trade) ? { trade_approved: flag(trade) } : {}),
    ...(flag(disabled) ? { disabled: flag(disabled) } : {}),
  };
}

/** The download of everything held about the customer (UK GDPR). */
export const exportUrl = (id: number) =>
  `/api/v1/staff/customers/${id}/export?${new URLSearchParams({ site_id: String(SITE.site_id) })}`;

export function customerResource(api: Api) {
  return {
    getList: async (params: GetListParams) => {
      const sort = CUSTOMER_SORTS.find((name) => name === params.sort?.field);
      const { data } = await unwrap(
        api.GET('/api/v1/staff/customers', {
          params: {
            query: {
              ...SITE,
              ...customerFilter(params.filter),
              ...(params.pagination
                ? { page: params.pagination.page, perPage: params.pagination.perPage }
                : {}),
              ...(sort
                ? { sort, order: params.sort?.order === 'ASC' ? ('ASC' as const) : ('DESC' as const) }
                : {}),
            },
          },
        }),
      );
      return { data: data.items as RaRecord[], total: data.total };
    },
    getOne: async (id: RaRecord['id']) =>
      (
        await unwrap(
          api.GET('/api/v1/staff/customers/{id}', { params: { path: { id: Number(id) }, query: SITE } }),
        )
      ).data as RaRecord,
  };
}

export function customerCalls(api: Api) {
  const path = (id: number) => ({ params: { path: { id }, query: SITE } });
  return {
    endSessions: async (id: number) => {
      await unwrap(api.POST('/api/v1/staff/customers/{id}/sessions/end', path(id)));
    },
    disable: async (id: number) => {
      await unwrap(api.POST('/api/v1/staff/customers/{id}/disable', path(id)));
    },
    enable: async (id: number) => {
      await unwrap(api.POST('/api/v1/staff/customers/{id}/enable', path(id)));
    },
    resendVerification: async (id: number) => {
      await unwrap(api.POST('/api/v1/staff/customers/{id}/verification-email', path(id)));
    },
    passwordReset: async (id: number) => {
      await unwrap(api.POST('/api/v1/staff/customers/{id}/password-reset', path(id)));
    },
    erase: async (id: number, email: string) => {
      await unwrap(api.POST('/api/v1/staff/customers/{id}/erase', { ...path(id), body: { email } }));
    },
  };
}
