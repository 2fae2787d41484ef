/**
 * The staff content calls of the draft-capable editors and the history screen (docs/api-contract.md, issue 26's
 * lifecycle API): the list with drafts, one entry's editor view, create, patch from a version, publish, unpublish,
 * schedule, a signed preview link, the history and a restore. Every call names the UK site (`site_id`) and answers
 * the API's `{ data }`; a refusal is react-admin's HttpError (api/client.ts), a stale version `version_conflict`.
 */
import { SITE_ID } from '@plasterwick/shop-rules/constants';
import { toHttpError } from '../api/client.ts';

export type ContentStatus = 'draft' | 'published';

/** A row of the staff list (drafts included). */
export interface ContentRow {
  id: number;
  title: string;
  slug: string | null;
  type: string | null;
  status: ContentStatus;
  has_draft: boolean;
  publish_at: string | null;
  unpublish_at: string | null;
  version: number;
  updated_at: string;
  audiences: string[];
}

/** The editor's view of one entry: `item` is what the editor edits (its pending draft when there is one). */
export interface ContentView<Item = Record<string, unknown>> {
  id: number;
  resource: string;
  status: ContentStatus;
  has_draft: boolean;
  publish_at: string | null;
  unpublish_at: string | null;
  version: number;
  updated_at: string;
  item: Item;
  live: Item | null;
}

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

export interface HistoryEntry {
  version: number;
  at: string;
  actor_name: string | null;
  action: string;
  status: string | null;
  changes: FieldChange[];
}

export interface ListQuery {
  page?: number;
  perPage?: number;
  sort?: string;
  order?: 'ASC' | 'DESC';
  q?: string;
  status?: string;
  type?: string;
}

const BASE = '/api/v1/staff/content';

function address(path: string, query: Record<string, string | number | undefined> = {}): string {
  const params = new URLSearchParams({ site_id: String(SITE_ID) });
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return `${BASE}${path}?${params}`;
}

async function call<T>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON (a proxy's page): the status says what happened.
  }
  if (!response.ok) throw toHttpError(response, parsed);
  return (parsed as { data: T }).data;
}

const one = (resource: string, id: number, rest = '') =>
  `/${encodeURIComponent(resource)}/${encodeURIComponent(String(id))}${rest}`;

export const contentApi = {
  list: (resource: string, query: ListQuery) =>
    call<{ items: ContentRow[]; total: number }>(
      'GET',
      address(`/${encodeURIComponent(resource)}`, { ...query }),
    ),
  get: <Item>(resource: string, id: number) => call<ContentView<Item>>('GET', address(one(resource, id))),
  create: <Item>(resource: string, body: Record<string, unknown>) =>
    call<ContentView<Item>>('POST', address(`/${encodeURIComponent(resource)}`), body),
  patch: <Item>(resource: string, id: number, version: number, fields: Record<string, unknown>) =>
    call<ContentView<Item>>('PATCH', address(one(resource, id)), { ...fields, version }),
  publish: <Item>(resource: string, id: number, version: number) =>
    call<ContentView<Item>>('POST', address(one(resource, id, '/publish')), { version }),
  unpublish: <Item>(resource: string, id: number, version: number) =>
    call<ContentView<Item>>('POST', address(one(resource, id, '/unpublish')), { version }),
  schedule: <Item>(
    resource: string,
    id: number,
    version: number,
    times: { publish_at: string | null; unpublish_at: string | null },
  ) => call<ContentView<Item>>('PUT', address(one(resource, id, '/schedule')), { version, ...times }),
  previewLink: (resource: string, id: number) =>
    call<{ url: string; expires_at: string }>('POST', address(one(resource, id, '/preview-link'))),
  history: (resource: string, id: number) =>
    call<{ items: HistoryEntry[] }>('GET', address(one(resource, id, '/history'))),
  restore: <Item>(resource: string, id: number, version: number, fromVersion: number) =>
    call<ContentView<Item>>('POST', address(one(resource, id, '/restore')), {
      version,
      from_version: fromVersion,
    }),
};
