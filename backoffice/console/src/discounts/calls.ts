/**
 * The dataProvider's calls of the `discounts` resource (the UK site's codes): the list paged, sorted, searched and
 * filtered by the back-office, one code, create, and a change that sends only the changed fields with the version
 * the code was read at. The API's field errors come back under the inputs that show them (amounts in pounds).
 */
import { HttpError, type GetListParams, type Identifier, type RaRecord } from 'react-admin';
import { unwrap, type Api, type ApiErrorDetails } from '../api/client.ts';
import { SITE } from '../orders/site.ts';
import {
  bodyOf,
  changesOf,
  formFieldOf,
  formValuesOf,
  type DiscountFormValues,
  type DiscountKind,
  type DiscountState,
  type StaffDiscount,
} from './discount-form.ts';

const SORTS = ['id', 'code', 'created_at', 'starts_at', 'ends_at', 'used'] as const;
const STATES: DiscountState[] = ['scheduled', 'active', 'expired', 'used_up', 'deactivated'];
const KINDS: DiscountKind[] = ['percentage', 'fixed_amount', 'free_product'];

function listQuery({ pagination, sort, filter }: GetListParams) {
  const field = SORTS.find((name) => name === sort?.field);
  const { q, state, kind } = (filter ?? {}) as { q?: unknown; state?: unknown; kind?: unknown };
  return {
    ...SITE,
    ...(pagination ? { page: pagination.page, perPage: pagination.perPage } : {}),
    ...(field ? { sort: field, order: sort?.order === 'ASC' ? ('ASC' as const) : ('DESC' as const) } : {}),
    ...(typeof q === 'string' && q.trim() !== '' ? { q: q.trim() } : {}),
    ...(STATES.includes(state as DiscountState) ? { state: state as DiscountState } : {}),
    ...(KINDS.includes(kind as DiscountKind) ? { kind: kind as DiscountKind } : {}),
  };
}

/** The same error, its field errors keyed by the form's inputs. */
async function withFormFields<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    const details = error instanceof HttpError ? (error.body as ApiErrorDetails | undefined) : undefined;
    if (!details?.errors || !(error instanceof HttpError)) throw error;
    const errors = Object.fromEntries(
      Object.entries(details.errors).map(([field, message]) => [formFieldOf(field), message]),
    );
    throw new HttpError(error.message, error.status, { ...details, errors });
  }
}

/** A code as the form reads it: the API's fields and the amounts in pounds. */
const recordOf = (discount: StaffDiscount): RaRecord => ({ ...discount, ...formValuesOf(discount) });

export function discountCalls(api: Api) {
  const path = (id: Identifier) => ({ path: { id: Number(id) }, query: SITE });
  return {
    discounts: {
      getList: async (params: GetListParams) => {
        const { data } = await unwrap(
          api.GET('/api/v1/staff/discounts', { params: { query: listQuery(params) } }),
        );
        return { data: data.items as RaRecord[], total: data.total };
      },
      getOne: async (id: Identifier) =>
        recordOf((await unwrap(api.GET('/api/v1/staff/discounts/{id}', { params: path(id) }))).data),
      create: async (data: Record<string, unknown>) =>
        recordOf(
          (
            await withFormFields(
              unwrap(
                api.POST('/api/v1/staff/discounts', {
                  params: { query: SITE },
                  body: bodyOf(data as DiscountFormValues),
                }),
              ),
            )
          ).data,
        ),
      update: async (id: Identifier, data: Record<string, unknown>, previous: RaRecord) => {
        const before = previous as unknown as StaffDiscount;
        const changes = changesOf(data as DiscountFormValues, before);
        const { data: changed } = await withFormFields(
          unwrap(
            api.PATCH('/api/v1/staff/discounts/{id}', {
              params: path(id),
              body: { ...changes, version: before.version },
            }),
          ),
        );
        return recordOf(changed);
      },
    },
  };
}

/** Deactivate or activate a code (the buttons of the list and of the code's page). */
export async function switchDiscount(api: Api, id: Identifier, verb: 'activate' | 'deactivate') {
  const params = { params: { path: { id: Number(id) }, query: SITE } };
  return verb === 'activate'
    ? (await unwrap(api.POST('/api/v1/staff/discounts/{id}/activate', params))).data
    : (await unwrap(api.POST('/api/v1/staff/discounts/{id}/deactivate', params))).data;
}
