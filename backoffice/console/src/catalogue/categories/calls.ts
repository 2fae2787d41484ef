/**
 * The dataProvider's calls of the `categories` resource: every category with its version (the tree is small, so
 * the list is never paged), one category, create, a change that sends only the changed fields with the version the
 * category was read at (a new slug leaves a 301 from the old addresses, made by the back-office), delete of an
 * empty one, and the move (new parent, new place) the tree screen makes.
 */
import type { GetListParams, Identifier, RaRecord } from 'react-admin';
import { unwrap, type Api } from '../../api/client.ts';
import { SITE } from '../../orders/site.ts';

export interface StaffCategory {
  id: number;
  slug: string;
  name: string;
  description: string;
  parent_id: number | null;
  position: number;
  version: number;
}

const FIELDS = ['name', 'slug', 'description'] as const;

/** The fields of the form that differ from the category as read. */
export function changedFields(data: Record<string, unknown>, before: StaffCategory) {
  const changes: Partial<Record<(typeof FIELDS)[number], string>> = {};
  for (const field of FIELDS) {
    const value =
      typeof data[field] === 'string' ? (data[field] as string) : field === 'description' ? '' : undefined;
    if (value !== undefined && value !== before[field])
      changes[field] = field === 'description' ? value : value.trim();
  }
  return changes;
}

export async function listCategories(api: Api): Promise<StaffCategory[]> {
  return (await unwrap(api.GET('/api/v1/staff/categories', { params: { query: SITE } }))).data.items;
}

async function oneCategory(api: Api, id: Identifier): Promise<StaffCategory> {
  const found = (await listCategories(api)).find((c) => c.id === Number(id));
  if (!found) throw new Error(`Category ${id} not found`);
  return found;
}

/** Moves a category under `parentId` (null: top level) to index `position` among its new siblings. */
export async function moveCategory(
  api: Api,
  category: StaffCategory,
  parentId: number | null,
  position: number,
) {
  return (
    await unwrap(
      api.POST('/api/v1/staff/categories/{id}/move', {
        params: { path: { id: category.id }, query: SITE },
        body: { version: category.version, parent_id: parentId, position },
      }),
    )
  ).data;
}

export function categoryCalls(api: Api) {
  return {
    categories: {
      getList: async (_params: GetListParams) => {
        const items = await listCategories(api);
        return { data: items as RaRecord[], total: items.length };
      },
      getOne: async (id: Identifier) => (await oneCategory(api, id)) as RaRecord,
      create: async (data: Record<string, unknown>) => {
        const parentId = typeof data.parent_id === 'number' ? data.parent_id : null;
        // Last among its siblings.
        const position = (await listCategories(api)).filter((c) => c.parent_id === parentId).length;
        const { data: made } = await unwrap(
          api.POST('/api/v1/category', {
            params: { query: SITE },
            body: {
              name: String(data.name ?? '').trim(),
              slug: String(data.slug ?? '').trim(),
              description: String(data.description ?? ''),
              parent_id: parentId,
              position,
            },
          }),
        );
        return (await oneCategory(api, made.id)) as RaRecord;
      },
      update: async (id: Identifier, data: Record<string, unknown>, previous: RaRecord) => {
        const before = previous as unknown as StaffCategory;
        await unwrap(
          api.PATCH('/api/v1/category/{id}', {
            params: { path: { id: Number(id) }, query: SITE },
            body: { ...changedFields(data, before), version: before.version },
          }),
        );
        return (await oneCategory(api, id)) as RaRecord;
      },
      delete: async (id: Identifier) => {
        await unwrap(api.DELETE('/api/v1/category', { params: { query: SITE }, body: { id: Number(id) } }));
      },
    },
  };
}
