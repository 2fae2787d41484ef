/**
 * The category tree as staff arrange it (issue 25): every category of the site with its version, and a move that
 * puts a category under a new parent (or at the top) at a place among its new siblings, in one transaction. The
 * siblings left and joined are numbered again 0, 1, 2…; each category whose parent or place changed moves to its
 * next version. A category cannot move under itself or one of its subcategories, and the tree keeps its two levels.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/types.ts';
import { categories } from '../../db/schema.ts';
import { DomainError, fieldError, notFound, versionConflict } from '../../lib/errors.ts';
import { syncCategoryPlans } from './read-model.ts';

export interface StaffCategory {
  id: number;
  slug: string;
  name: string;
  description: string;
  parent_id: number | null;
  position: number;
  version: number;
}

/** Every category of the site, parents before their children, each level in its order. */
export async function listStaffCategories(db: Executor, siteId: number): Promise<StaffCategory[]> {
  const rows = await db
    .select()
    .from(categories)
    .where(eq(categories.siteId, siteId))
    .orderBy(asc(categories.position), asc(categories.id));
  const item = (r: (typeof rows)[number]): StaffCategory => ({
    id: r.id,
    slug: r.slug,
    name: r.name,
    description: r.description,
    parent_id: r.parentId,
    position: r.position,
    version: r.version,
  });
  const tops = rows.filter((r) => r.parentId === null || !rows.some((p) => p.id === r.parentId));
  return tops.flatMap((top) => [item(top), ...rows.filter((r) => r.parentId === top.id).map(item)]);
}

export interface CategoryMove {
  version: number;
  parent_id: number | null;
  position: number;
}

/** Moves category `id` under `parent_id` (null: the top level) to index `position` among its new siblings. */
export async function moveCategory(
  tx: Executor,
  siteId: number,
  id: number,
  move: CategoryMove,
): Promise<{ id: number; version: number }> {
  const site = eq(categories.siteId, siteId);
  const all = await tx.select().from(categories).where(site).for('update');
  const self = all.find((c) => c.id === id);
  if (!self) throw notFound(`Category ${id}`);
  if (self.version !== move.version) throw versionConflict(`Category ${id}`, move.version, self.version);
  const parentId = move.parent_id;
  if (parentId !== null) {
    const parent = all.find((c) => c.id === parentId);
    if (!parent)
      throw fieldError('invalid_request', 'parent_id', 'Unknown parent category', 'Unknown category');
    // No cycles: walk up from the new parent; meeting the category means it would sit under itself.
    const seen = new Set<number>();
    for (
      let c: typeof parent | undefined = parent;
      c && !seen.has(c.id);
      c = all.find((p) => p.id === c!.parentId)
    ) {
      if (c.id === id) {
        throw new DomainError('conflict', 'A category cannot move under itself or one of its subcategories', {
          fields: [{ field: 'parent_id', message: 'Is the category itself or one of its subcategories' }],
        });
      }
      seen.add(c.id);
    }
    if (parent.parentId !== null) {
      throw fieldError(
        'invalid_request',
        'parent_id',
        'Categories have two levels: the parent must be a top-level category',
        'Is itself a child category',
      );
    }
    if (all.some((c) => c.parentId === id)) {
      throw fieldError(
        'invalid_request',
        'parent_id',
        'A category with subcategories cannot become a subcategory: move them first',
        'Category has subcategories',
      );
    }
  }
  const siblingsOf = (parent: number | null) =>
    all
      .filter((c) => c.parentId === parent && c.id !== id)
      .toSorted((a, b) => a.position - b.position || a.id - b.id);
  const joined = siblingsOf(parentId);
  const index = Math.min(Math.max(0, move.position), joined.length);
  joined.splice(index, 0, { ...self, parentId });
  const lists = self.parentId === parentId ? [joined] : [joined, siblingsOf(self.parentId)];
  for (const list of lists) {
    for (const [position, c] of list.entries()) {
      const moved = c.id === id;
      if (!moved && c.position === position) continue;
      await tx
        .update(categories)
        .set({
          position,
          ...(moved ? { parentId } : {}),
          version: sql`${categories.version} + 1`,
        })
        .where(and(eq(categories.id, c.id), site, moved ? eq(categories.version, move.version) : undefined));
    }
  }
  await syncCategoryPlans(tx, siteId);
  const [after] = await tx
    .select({ version: categories.version })
    .from(categories)
    .where(and(eq(categories.id, id), site));
  return { id, version: after!.version };
}
