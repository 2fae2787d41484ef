/**
 * The dataProvider's calls of the content lists (`content:read`): pages (with news and careers), how-to folders and
 * FAQ entries, drafts included, searched by title, filtered by status (and a page's type), sorted and paged by the
 * back-office. The editors and the history make their own calls (content-api.ts).
 */
import type { GetListParams, RaRecord } from 'react-admin';
import { contentApi, type ListQuery } from './content-api.ts';

/** The console's content resources and the API's resource each lists. */
export const CONTENT_RESOURCES = {
  'content-pages': 'page',
  'content-folders': 'folder',
  'content-faq': 'faq',
} as const;

const SORTS = ['id', 'title', 'updated_at', 'status', 'publish_at'] as const;

export function contentListQuery({ pagination, sort, filter }: GetListParams): ListQuery {
  const field = SORTS.find((name) => name === sort?.field);
  const { q, status, type } = (filter ?? {}) as Record<string, unknown>;
  return {
    ...(pagination ? { page: pagination.page, perPage: Math.min(100, pagination.perPage) } : {}),
    ...(field ? { sort: field, order: sort?.order === 'DESC' ? ('DESC' as const) : ('ASC' as const) } : {}),
    ...(typeof q === 'string' && q.trim() !== '' ? { q: q.trim() } : {}),
    ...(status === 'draft' || status === 'published' ? { status } : {}),
    ...(typeof type === 'string' && /^[a-z0-9-]{1,100}$/.test(type) ? { type } : {}),
  };
}

export function contentCalls() {
  return Object.fromEntries(
    Object.entries(CONTENT_RESOURCES).map(([name, resource]) => [
      name,
      {
        getList: async (params: GetListParams) => {
          const { items, total } = await contentApi.list(resource, contentListQuery(params));
          return { data: items as unknown as RaRecord[], total };
        },
      },
    ]),
  );
}
