/**
 * The inbox's calls on the staff API (docs/api-contract.md "Staff: inbox"), on the UK site: the console's
 * resources `messages` (contact and jobsite support), `applications` and `training-sessions`, and the actions of a
 * submission's page (status, assignee, note, reply), each sending the version the page was read at.
 */
import type { GetListParams, RaRecord } from 'react-admin';
import { unwrap, type Api } from '../api/client.ts';
import { SITE } from '../orders/site.ts';

/** The API's group of each console resource with submissions. */
export const GROUPS = { messages: 'inbox', applications: 'applications' } as const;
export type SubmissionResource = keyof typeof GROUPS;

type Status = 'new' | 'in_progress' | 'done';
const STATUSES: readonly string[] = ['new', 'in_progress', 'done'];
const KINDS: readonly string[] = ['contact', 'construction-starts', 'application', 'training-registration'];

/** The list's filters as the API takes them: kind, status, assignee (`me`, `none` or an id). */
export function inboxFilter(filter: Record<string, unknown> = {}) {
  const { kind, status, assignee } = filter;
  return {
    ...(typeof kind === 'string' && KINDS.includes(kind)
      ? { kind: kind as 'contact' | 'construction-starts' | 'application' | 'training-registration' }
      : {}),
    ...(typeof status === 'string' && STATUSES.includes(status) ? { status: status as Status } : {}),
    ...(assignee === 'me' || assignee === 'none' ? { assignee: assignee as 'me' | 'none' } : {}),
  };
}

function paging({ pagination, sort }: GetListParams) {
  const field = (['created_at', 'id', 'status'] as const).find((name) => name === sort?.field);
  return {
    ...(pagination ? { page: pagination.page, perPage: Math.min(100, pagination.perPage) } : {}),
    ...(field ? { sort: field, order: sort?.order === 'ASC' ? ('ASC' as const) : ('DESC' as const) } : {}),
  };
}

const listAnswer = <T extends RaRecord>({ data }: { data: { items: T[]; total: number } }) => ({
  data: data.items,
  total: data.total,
});

export function inboxResources(api: Api) {
  const group = (resource: SubmissionResource) => ({
    getList: async (params: GetListParams) =>
      listAnswer(
        await unwrap(
          api.GET(`/api/v1/staff/${GROUPS[resource]}`, {
            params: { query: { ...SITE, ...inboxFilter(params.filter), ...paging(params) } },
          }),
        ),
      ),
    getOne: async (id: unknown) =>
      (
        await unwrap(
          api.GET(`/api/v1/staff/${GROUPS[resource]}/{id}`, {
            params: { path: { id: Number(id) }, query: SITE },
          }),
        )
      ).data,
  });
  return {
    messages: group('messages'),
    applications: group('applications'),
    'training-sessions': {
      getList: async () =>
        listAnswer(await unwrap(api.GET('/api/v1/staff/training-sessions', { params: { query: SITE } }))),
    },
    'training-registrations': {
      getList: async (params: GetListParams) => {
        const session = Number((params.filter ?? {}).session_id);
        return listAnswer(
          await unwrap(
            api.GET('/api/v1/staff/training-registrations', {
              params: {
                query: {
                  ...SITE,
                  ...paging(params),
                  ...(Number.isInteger(session) && session > 0 ? { session_id: session } : {}),
                },
              },
            }),
          ),
        );
      },
    },
  };
}

/** The actions of a submission's page. */
export function submissionCalls(api: Api, resource: SubmissionResource) {
  const path = (id: number) => ({ params: { path: { id }, query: SITE } });
  const base = `/api/v1/staff/${GROUPS[resource]}/{id}` as const;
  return {
    update: async (id: number, body: { version: number; status?: Status; assignee_id?: number | null }) => {
      await unwrap(api.PATCH(base, { ...path(id), body }));
    },
    addNote: async (id: number, body: string) => {
      await unwrap(api.POST(`${base}/notes`, { ...path(id), body: { body } }));
    },
    assignees: async () =>
      (await unwrap(api.GET(`/api/v1/staff/${GROUPS[resource]}/assignees`, { params: { query: SITE } }))).data
        .items,
    reply: async (id: number, subject: string, body: string) => {
      await unwrap(api.POST(`${base}/reply`, { ...path(id), body: { subject, body } }));
    },
  };
}

/** The CV of an application, shown in the browser (a PDF) or downloaded, with the session cookie. */
export const cvUrl = (id: number, disposition: 'inline' | 'attachment') =>
  `/api/v1/staff/applications/${id}/cv?${new URLSearchParams({ site_id: String(SITE.site_id), disposition })}`;

/** A session's participants as CSV for the trainer. */
export const participantsUrl = (sessionId: number) =>
  `/api/v1/staff/training-sessions/${sessionId}/participants.csv?${new URLSearchParams({ site_id: String(SITE.site_id) })}`;
