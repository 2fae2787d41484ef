/** Category reads (tree, flat list, one category) and writes. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/types.ts';
import { categories, categoryPlans, media, productCategories } from '../../db/schema.ts';
import type { ReadCache } from '../../lib/cache.ts';
import type { RequestContext } from '../../lib/context.ts';
import { DomainError, fieldError, notFound, notInPlan, versionConflict } from '../../lib/errors.ts';
import { toMediaRef } from '../../lib/media.ts';
import { recordSlugMove } from '../redirect/index.ts';
import { loadCategories, loadPlanCatalogue, syncCategoryPlans, type CategoryRow } from './read-model.ts';
import type { CategoryInput, CategoryItem, CategoryPatch, CategoryReplacement } from './schemas.ts';

/** What a category write answers: the category's id and its version after the write. */
interface Versioned {
  id: number;
  version: number;
}

interface CategoryView {
  rows: CategoryRow[];
  items: Map<number, CategoryItem>;
}

/** Every category of the site as API items, with counts for the context's plan (or all plans). */
async function categoryView(db: Database, cache: ReadCache, context: RequestContext): Promise<CategoryView> {
  const siteId = context.site.id;
  return cache.get(`catalogue:category-view:${siteId}:${context.plan?.id ?? 'all'}`, async () => {
    const rows = await loadCategories(db, cache, siteId);
    const ids = rows.map((r) => r.id);
    const [planRows, covers, catalogues] = await Promise.all([
      ids.length ? db.select().from(categoryPlans).where(inArray(categoryPlans.categoryId, ids)) : [],
      db
        .select({
          key: media.key,
          webpKey: media.webpKey,
          width: media.width,
          height: media.height,
          alt: media.alt,
        })
        .from(media)
        .where(inArray(media.key, rows.flatMap((r) => (r.coverKey ? [r.coverKey] : [])).concat(''))),
      Promise.all(
        (context.plan ? [context.plan] : context.plans).map((plan) => loadPlanCatalogue(db, cache, plan)),
      ),
    ]);
    const coverByKey = new Map(covers.map((c) => [c.key, c]));
    const items = new Map<number, CategoryItem>();
    for (const row of rows) {
      const productIds = new Set(
        catalogues.flatMap((catalogue) =>
          catalogue.products.filter((p) => p.categoryIds.has(row.id)).map((p) => p.id),
        ),
      );
      const cover = row.coverKey ? coverByKey.get(row.coverKey) : undefined;
      items.set(row.id, {
        id: row.id,
        slug: row.slug,
        name: row.name,
        description: row.description,
        parent_id: row.parentId,
        position: row.position,
        ...(cover ? { cover: toMediaRef(cover, row.name) } : {}),
        product_count: productIds.size,
        exist_in: planRows
          .filter((p) => p.categoryId === row.id)
          .map((p) => p.planId)
          .toSorted((a, b) => a - b),
      });
    }
    return { rows, items };
  });
}

const visibleIn = (context: RequestContext) => (item: CategoryItem) =>
  !context.plan || item.exist_in.includes(context.plan.id);

export async function listCategories(
  db: Database,
  cache: ReadCache,
  context: RequestContext,
  depth: '0' | '1',
) {
  const { rows, items } = await categoryView(db, cache, context);
  const visible = rows.map((r) => items.get(r.id)!).filter(visibleIn(context));
  if (depth === '1') return visible;
  return visible
    .filter((c) => c.parent_id === null)
    .map((top) => ({ ...top, children: visible.filter((c) => c.parent_id === top.id) }));
}

/** One category (by id or slug) with its children; the plan error when it is only in other plans. */
export async function getCategory(db: Database, cache: ReadCache, context: RequestContext, idOrSlug: string) {
  const { rows, items } = await categoryView(db, cache, context);
  const row = /^\d+$/.test(idOrSlug)
    ? rows.find((r) => r.id === Number(idOrSlug))
    : rows.find((r) => r.slug === idOrSlug);
  const item = row ? items.get(row.id) : undefined;
  if (!item) throw notFound(`Category ${idOrSlug}`);
  if (!visibleIn(context)(item)) {
    if (item.exist_in.length === 0) throw notFound(`Category ${idOrSlug}`);
    throw notInPlan('This category', item.exist_in);
  }
  const children = rows
    .filter((r) => r.parentId === item.id)
    .map((r) => items.get(r.id)!)
    .filter(visibleIn(context));
  return { ...item, version: row!.version, children };
}

/** Parent chain of a category, root first. */
export async function categoryAncestors(db: Database, cache: ReadCache, siteId: number, id: number) {
  const rows = await loadCategories(db, cache, siteId);
  const chain: CategoryRow[] = [];
  for (
    let c = rows.find((r) => r.id === id);
    c && !chain.includes(c);
    c = rows.find((r) => r.id === c!.parentId)
  ) {
    chain.unshift(c);
  }
  return chain;
}

async function checkParent(
  db: Database,
  siteId: number,
  parentId: number | null | undefined,
  selfId?: number,
) {
  if (parentId === null || parentId === undefined) return;
  if (parentId === selfId) {
    throw fieldError(
      'invalid_request',
      'parent_id',
      'A category cannot be its own parent',
      'Is the category itself',
    );
  }
  const [parent] = await db
    .select({ id: categories.id, parentId: categories.parentId })
    .from(categories)
    .where(and(eq(categories.id, parentId), eq(categories.siteId, siteId)));
  if (!parent)
    throw fieldError('invalid_request', 'parent_id', 'Unknown parent category', 'Unknown category');
  // The tree has two levels: top categories and their children.
  if (parent.parentId !== null) {
    throw fieldError(
      'invalid_request',
      'parent_id',
      'Categories have two levels: the parent must be a top-level category',
      'Is itself a child category',
    );
  }
}

const slugTaken = () =>
  fieldError('conflict', 'slug', 'A category with this slug already exists', 'Already used');

async function slugFree(db: Database, siteId: number, slug: string, selfId?: number) {
  const [existing] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.siteId, siteId), eq(categories.slug, slug)));
  if (existing && existing.id !== selfId) throw slugTaken();
}

export async function createCategory(db: Database, siteId: number, input: CategoryInput): Promise<Versioned> {
  await checkParent(db, siteId, input.parent_id);
  await slugFree(db, siteId, input.slug);
  const [row] = await db
    .insert(categories)
    .values({
      siteId,
      slug: input.slug,
      name: input.name,
      description: input.description,
      parentId: input.parent_id,
      position: input.position,
    })
    .returning({ id: categories.id, version: categories.version });
  return row!;
}

/** The stored version of the category; 404 when the site has no such category. */
async function storedCategoryVersion(db: Executor, siteId: number, id: number): Promise<number> {
  const [row] = await db
    .select({ version: categories.version })
    .from(categories)
    .where(and(eq(categories.id, id), eq(categories.siteId, siteId)));
  if (!row) throw notFound(`Category ${id}`);
  return row.version;
}

/**
 * Moves the category to its next version if it is still at `expected` (whatever it is when undefined): one
 * conditional update, first in the write's transaction, so of two writes from the same version exactly one wins.
 * Otherwise the 409 naming the stored version (or the 404), which rolls the write back.
 */
async function bumpCategoryVersion(
  tx: Executor,
  siteId: number,
  id: number,
  expected: number | undefined,
): Promise<number> {
  const [row] = await tx
    .update(categories)
    .set({ version: sql`${categories.version} + 1` })
    .where(
      and(
        eq(categories.id, id),
        eq(categories.siteId, siteId),
        expected === undefined ? undefined : eq(categories.version, expected),
      ),
    )
    .returning({ version: categories.version });
  if (row) return row.version;
  throw versionConflict(`Category ${id}`, expected, await storedCategoryVersion(tx, siteId, id));
}

/** A category that has children cannot become a child (the tree has two levels). */
async function checkNewParent(db: Database, siteId: number, id: number, parentId: number | null | undefined) {
  if (parentId === undefined || parentId === null) return;
  await checkParent(db, siteId, parentId, id);
  const [child] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.parentId, id))
    .limit(1);
  if (child) {
    throw fieldError(
      'invalid_request',
      'parent_id',
      'A category with children cannot become a child',
      'Category has children',
    );
  }
}

/** Writes the fields given (all of them for a full replace), from `version` when given. */
async function writeCategory(
  db: Database,
  siteId: number,
  id: number,
  version: number | undefined,
  fields: Partial<CategoryInput>,
): Promise<Versioned> {
  await storedCategoryVersion(db, siteId, id);
  await checkNewParent(db, siteId, id, fields.parent_id);
  const [before] = await db.select({ slug: categories.slug }).from(categories).where(eq(categories.id, id));
  if (fields.slug !== undefined) await slugFree(db, siteId, fields.slug, id);
  const columns = {
    ...(fields.slug !== undefined ? { slug: fields.slug } : {}),
    ...(fields.name !== undefined ? { name: fields.name } : {}),
    ...(fields.description !== undefined ? { description: fields.description } : {}),
    ...(fields.parent_id !== undefined ? { parentId: fields.parent_id } : {}),
    ...(fields.position !== undefined ? { position: fields.position } : {}),
  };
  return db.transaction(async (tx) => {
    const next = await bumpCategoryVersion(tx, siteId, id, version);
    if (Object.keys(columns).length) await tx.update(categories).set(columns).where(eq(categories.id, id));
    await recordSlugMove(tx, 'category', before?.slug, fields.slug);
    await syncCategoryPlans(tx, siteId);
    return { id, version: next };
  });
}

/** `PUT /category`: replaces every field of the category, from `version` when given. */
export async function replaceCategory(db: Database, siteId: number, input: CategoryReplacement) {
  const { id, version, ...fields } = input;
  return writeCategory(db, siteId, id, version, fields);
}

/** `PATCH /category/{id}`: changes only the fields named, from `version`. */
export async function patchCategory(db: Database, siteId: number, id: number, patch: CategoryPatch) {
  const { version, ...fields } = patch;
  return writeCategory(db, siteId, id, version, fields);
}

/** Deletes an empty category; one with products or children answers 409 so nothing is orphaned. */
export async function deleteCategory(db: Database, siteId: number, id: number) {
  const [existing] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.id, id), eq(categories.siteId, siteId)));
  if (!existing) throw notFound(`Category ${id}`);
  const [usage] = await db
    .select({
      children: sql<number>`(select count(*)::int from category c where c.parent_id = ${id})`,
      products: sql<number>`(select count(*)::int from ${productCategories} pc where pc.category_id = ${id})`,
    })
    .from(categories)
    .where(eq(categories.id, id));
  if (usage && (Number(usage.children) > 0 || Number(usage.products) > 0)) {
    throw new DomainError(
      'conflict',
      'Only an empty category can be deleted: move its products and subcategories first',
    );
  }
  await db.delete(categories).where(eq(categories.id, id));
}
