/**
 * The dataProvider's calls of the `audit` resource (owners): the audit trail paged by the back-office, filtered by
 * person, action, entity and UK days; the same filters make the CSV export's address.
 */
import type { GetListParams, RaRecord } from 'react-admin';
import { unwrap, type Api } from '../api/client.ts';
import type { paths } from '../api/schema';
import { ukInstant } from '../discounts/discount-form.ts';

type Json<Answer> = Answer extends { content: { 'application/json': infer Body } } ? Body : never;
type AuditAnswer = Extract<Json<paths['/api/v1/staff/audit']['get']['responses'][200]>, { data: unknown }>;
export type AuditEvent = AuditAnswer['data']['items'][number];
type AuditQuery = NonNullable<paths['/api/v1/staff/audit']['get']['parameters']['query']>;

const SORTS = ['id', 'at', 'action', 'entity'] as const;

/** The day after a UK calendar day (`2027-06-30` → `2027-07-01`). */
function nextDay(day: string): string {
  const next = new Date(`${day}T12:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/** The list's filters as the API takes them: a person's id, an action and entity as typed, UK days inclusive. */
export function auditFilter(filter: Record<string, unknown> | undefined): Partial<AuditQuery> {
  const { person, action, entity, from, to } = (filter ?? {}) as Record<string, unknown>;
  const text = (value: unknown) =>
    typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  const day = (value: unknown) =>
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;
  const fromDay = day(from);
  const toDay = day(to);
  const personId = Number(person);
  const query: Partial<AuditQuery> = {};
  if (Number.isInteger(personId) && personId > 0) query.person = personId;
  if (text(action)) query.action = text(action);
  if (text(entity)) query.entity = text(entity);
  const start = fromDay ? ukInstant(fromDay) : undefined;
  const end = toDay ? ukInstant(nextDay(toDay)) : undefined;
  if (start) query.from = start;
  if (end) query.to = end;
  return query;
}

/** The address of the filtered trail as a CSV file (a plain link: the browser downloads it with the session). */
export function auditExportUrl(filter: Record<string, unknown> | undefined): string {
  const query = new URLSearchParams({ format: 'csv' });
  for (const [key, value] of Object.entries(auditFilter(filter))) query.set(key, String(value));
  return `/api/v1/staff/audit?${query}`;
}

export function auditCalls(api: Api) {
  return {
    audit: {
      getList: async ({ pagination, sort, filter }: GetListParams) => {
        const field = SORTS.find((name) => name === sort?.field);
        const answer = await unwrap(
          api.GET('/api/v1/staff/audit', {
            params: {
              query: {
                ...auditFilter(filter),
                ...(pagination ? { page: pagination.page, perPage: pagination.perPage } : {}),
                ...(field
                  ? { sort: field, order: sort?.order === 'ASC' ? ('ASC' as const) : ('DESC' as const) }
                  : {}),
              },
            },
          }),
        );
        const { data } = answer as AuditAnswer;
        return { data: data.items as RaRecord[], total: data.total };
      },
    },
  };
}
