/**
 * react-admin's dataProvider on the staff API. Each console resource maps to its calls, typed from the OpenAPI
 * document; lists take `page`, `perPage`, `sort`, `order` and filters, and answer `{ items, total }`. Writes to a
 * versioned record send the version it was read at, so a stale form is refused (409) instead of overwriting.
 */
import type { DataProvider, GetListParams, Identifier, RaRecord } from 'react-admin';
import { unwrap, type Api } from './api/client.ts';
import type { Role } from './api/types.ts';
import { ROLES } from './access.ts';
import { auditCalls } from './audit/calls.ts';
import { buildCalls } from './builds/calls.ts';
import { categoryCalls } from './catalogue/categories/calls.ts';
import { contentCalls } from './content/calls.ts';
import { redirectCalls } from './catalogue/redirects/calls.ts';
import { customerResource } from './customers/customer-calls.ts';
import { discountCalls } from './discounts/calls.ts';
import { orderFilter, ORDER_SORTS } from './orders/order-filter.ts';
import { productCalls } from './catalogue/products/calls.ts';
import { SITE } from './orders/site.ts';
import { inboxResources } from './inbox/inbox-calls.ts';
import { tokenCalls } from './tokens/calls.ts';
import { tradeResources } from './trade/trade-calls.ts';

interface ResourceCalls {
  getList?(params: GetListParams): Promise<{ data: RaRecord[]; total: number }>;
  getOne?(id: Identifier): Promise<RaRecord>;
  create?(data: Record<string, unknown>): Promise<RaRecord>;
  update?(id: Identifier, data: Record<string, unknown>, previous: RaRecord): Promise<RaRecord>;
  delete?(id: Identifier): Promise<void>;
}

/**
 * A list's paging and sorting as the staff API takes them. A column the API cannot sort by is not asked for (it
 * would answer 400): the list keeps the API's own order.
 */
function listQuery<Sort extends string>({ pagination, sort }: GetListParams, sortable: readonly Sort[]) {
  const field = sortable.find((name) => name === sort?.field);
  return {
    ...(pagination ? { page: pagination.page, perPage: pagination.perPage } : {}),
    ...(field ? { sort: field, order: sort?.order === 'DESC' ? ('DESC' as const) : ('ASC' as const) } : {}),
  };
}

/** The people list's filters: a search of names and addresses, a role, whether active. */
function peopleFilter({ filter }: GetListParams) {
  const { q, role, active } = (filter ?? {}) as { q?: unknown; role?: unknown; active?: unknown };
  return {
    ...(typeof q === 'string' && q.trim() !== '' ? { q: q.trim() } : {}),
    ...(ROLES.includes(role as Role) ? { role: role as Role } : {}),
    ...(typeof active === 'boolean' ? { active: active ? ('true' as const) : ('false' as const) } : {}),
  };
}

function listAnswer<T extends RaRecord>({ data }: { data: { items: T[]; total: number } }) {
  return { data: data.items, total: data.total };
}

function resources(api: Api): Record<string, ResourceCalls> {
  return {
    ...inboxResources(api),
    ...productCalls(api),
    ...buildCalls(api),
    people: {
      getList: async (params) =>
        listAnswer(
          await unwrap(
            api.GET('/api/v1/staff/people', {
              params: {
                query: {
                  ...peopleFilter(params),
                  ...listQuery(params, [
                    'id',
                    'name',
                    'email',
                    'role',
                    'created_at',
                    'last_sign_in_at',
                  ] as const),
                },
              },
            }),
          ),
        ),
      getOne: async (id) =>
        (await unwrap(api.GET('/api/v1/staff/people/{id}', { params: { path: { id: Number(id) } } }))).data,
      // Only what the form changes, with the version the person was read at.
      update: async (id, data, previous) =>
        (
          await unwrap(
            api.PATCH('/api/v1/staff/people/{id}', {
              params: { path: { id: Number(id) } },
              body: {
                role: data.role as Role,
                active: Boolean(data.active),
                version: Number(previous.version),
              },
            }),
          )
        ).data,
    },
    invitations: {
      getList: async (params) =>
        listAnswer(
          await unwrap(
            api.GET('/api/v1/staff/invitations', {
              params: {
                query: listQuery(params, ['id', 'email', 'role', 'created_at', 'expires_at'] as const),
              },
            }),
          ),
        ),
      create: async (data) =>
        (
          await unwrap(
            api.POST('/api/v1/staff/invitations', {
              body: { email: String(data.email ?? ''), role: data.role as Role },
            }),
          )
        ).data,
      delete: async (id) => {
        await unwrap(api.DELETE('/api/v1/staff/invitations/{id}', { params: { path: { id: Number(id) } } }));
      },
    },
    orders: {
      getList: async (params) =>
        listAnswer(
          await unwrap(
            api.GET('/api/v1/staff/orders', {
              params: { query: { ...orderFilter(params.filter), ...listQuery(params, ORDER_SORTS) } },
            }),
          ),
        ),
      getOne: async (id) =>
        (
          await unwrap(
            api.GET('/api/v1/staff/orders/{id}', { params: { path: { id: Number(id) }, query: SITE } }),
          )
        ).data,
    },
    invoices: {
      // Open or overdue: the list is of on-account orders not yet paid, whose amount is still owed.
      getList: async (params) => {
        const { state } = (params.filter ?? {}) as { state?: unknown };
        const { page, perPage } = listQuery(params, [] as const);
        return listAnswer(
          await unwrap(
            api.GET('/api/v1/staff/invoices', {
              params: { query: { ...SITE, state: state === 'overdue' ? 'overdue' : 'open', page, perPage } },
            }),
          ),
        );
      },
    },
    customers: customerResource(api),
    ...tradeResources(api),
    sessions: {
      getList: async () => listAnswer(await unwrap(api.GET('/api/v1/staff/me/sessions'))),
      delete: async (id) => {
        await unwrap(api.DELETE('/api/v1/staff/me/sessions/{id}', { params: { path: { id: Number(id) } } }));
      },
    },
    ...discountCalls(api),
    ...tokenCalls(api),
    ...auditCalls(api),
    ...categoryCalls(api),
    ...redirectCalls(api),
    ...contentCalls(),
  };
}

export function createDataProvider(api: Api): DataProvider {
  const calls = resources(api);
  function call<K extends keyof ResourceCalls>(resource: string, name: K): NonNullable<ResourceCalls[K]> {
    const found = calls[resource]?.[name];
    if (!found) throw new Error(`The console cannot ${name} ${resource}`);
    return found as NonNullable<ResourceCalls[K]>;
  }
  const unsupported = (what: string) => () => Promise.reject(new Error(`The console does not ${what}`));
  return {
    getList: async (resource, params) => call(resource, 'getList')(params),
    getOne: async (resource, { id }) => ({ data: await call(resource, 'getOne')(id) }),
    getMany: unsupported('read several records at once'),
    getManyReference: unsupported('list references'),
    create: async (resource, { data }) => ({ data: await call(resource, 'create')(data) }),
    update: async (resource, { id, data, previousData }) => ({
      data: await call(resource, 'update')(id, data, previousData),
    }),
    updateMany: unsupported('change several records at once'),
    delete: async (resource, { id, previousData }) => {
      await call(resource, 'delete')(id);
      return { data: previousData ?? { id } };
    },
    deleteMany: unsupported('delete several records at once'),
  } as DataProvider;
}
