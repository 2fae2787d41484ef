/** Every public URL of the shop (for the static build and sitemaps) and entity resolution for breadcrumbs. */
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/types.ts';
import {
  categories,
  categoryPlans,
  contentEntries,
  productCategories,
  productPlans,
  products,
} from '../../db/schema.ts';
import type { ReadCache } from '../../lib/cache.ts';
import { requirePlan, type RequestContext } from '../../lib/context.ts';
import { categoryAncestors, getCategory, getProduct } from '../catalogue/index.ts';
import { findEntry, loadLookup } from '../content/index.ts';
import { resources } from '../content/index.ts';
import type { entitySchema } from './schemas.ts';

/** The entity behind a URL: a product, a category, a page or a folder, as their own calls answer them. */
export type EntityItem = z.infer<typeof entitySchema>;

export interface UrlItem {
  entity_type: 'product' | 'category' | 'page' | 'folder';
  id: number;
  slug: string;
  type?: 'cms' | 'actualite' | 'job';
  exist_in: number[];
  updated_at: string;
}

const group = <T>(rows: T[], key: (row: T) => number) => {
  const map = new Map<number, T[]>();
  for (const row of rows) map.set(key(row), [...(map.get(key(row)) ?? []), row]);
  return map;
};

export function listUrls(db: Database, cache: ReadCache, context: RequestContext): Promise<UrlItem[]> {
  const siteId = context.site.id;
  return cache.get(`url:list:${siteId}:${context.plan?.id ?? 'all'}`, async () => {
    const sources = await loadUrlSources(db, siteId);
    const planOfTarget = new Map(context.plans.map((p) => [p.target as string, p.id]));
    const items: UrlItem[] = [
      ...productUrls(sources),
      ...categoryUrls(sources),
      ...sources.entries.map((entry) => entryUrl(entry, planOfTarget)),
    ];
    // Entities in no plan have no public URL.
    return items.filter(
      (item) =>
        item.slug && item.exist_in.length > 0 && (!context.plan || item.exist_in.includes(context.plan.id)),
    );
  });
}

/** Everything a URL is made from: products, categories, their plans and links, published pages and folders. */
async function loadUrlSources(db: Database, siteId: number) {
  const [productRows, planRows, categoryRows, categoryPlanRows, links, entries] = await Promise.all([
    db
      .select({ id: products.id, slug: products.slug, updatedAt: products.updatedAt })
      .from(products)
      .where(eq(products.siteId, siteId)),
    db.select({ productId: productPlans.productId, planId: productPlans.planId }).from(productPlans),
    db
      .select({ id: categories.id, slug: categories.slug, parentId: categories.parentId })
      .from(categories)
      .where(eq(categories.siteId, siteId)),
    db.select().from(categoryPlans),
    db
      .select({ productId: productCategories.productId, categoryId: productCategories.categoryId })
      .from(productCategories),
    db
      .select({
        id: contentEntries.id,
        resource: contentEntries.resource,
        slug: contentEntries.slug,
        type: contentEntries.type,
        audiences: contentEntries.audiences,
        updatedAt: contentEntries.updatedAt,
      })
      .from(contentEntries)
      .where(
        and(
          eq(contentEntries.siteId, siteId),
          inArray(contentEntries.resource, ['page', 'folder']),
          eq(contentEntries.status, 'published'),
        ),
      ),
  ]);
  return { productRows, planRows, categoryRows, categoryPlanRows, links, entries };
}

type UrlSources = Awaited<ReturnType<typeof loadUrlSources>>;

const planIdsOf = (rows: { planId: number }[] | undefined) =>
  (rows ?? []).map((r) => r.planId).toSorted((a, b) => a - b);

function productUrls({ productRows, planRows }: UrlSources): UrlItem[] {
  const plansOfProduct = group(planRows, (r) => r.productId);
  return productRows.map((p) => ({
    entity_type: 'product' as const,
    id: p.id,
    slug: p.slug,
    exist_in: planIdsOf(plansOfProduct.get(p.id)),
    updated_at: p.updatedAt.toISOString(),
  }));
}

/** A category page changes when one of its products (or its subcategories' products) changes. */
function categoryUrls({ productRows, categoryRows, categoryPlanRows, links }: UrlSources): UrlItem[] {
  const plansOfCategory = group(categoryPlanRows, (r) => r.categoryId);
  const updatedOfProduct = new Map(productRows.map((p) => [p.id, p.updatedAt.getTime()]));
  const parentOf = new Map(categoryRows.map((c) => [c.id, c.parentId]));
  const categoryUpdated = new Map<number, number>();
  for (const link of links) {
    const time = updatedOfProduct.get(link.productId);
    if (time === undefined) continue;
    for (let id: number | null | undefined = link.categoryId; id; id = parentOf.get(id)) {
      categoryUpdated.set(id, Math.max(categoryUpdated.get(id) ?? 0, time));
    }
  }
  const fallback = Math.max(0, ...updatedOfProduct.values());
  return categoryRows.map((c) => ({
    entity_type: 'category' as const,
    id: c.id,
    slug: c.slug,
    exist_in: planIdsOf(plansOfCategory.get(c.id)),
    updated_at: new Date(categoryUpdated.get(c.id) ?? fallback).toISOString(),
  }));
}

/** A published page or folder: in the plans of its audiences. */
function entryUrl(entry: UrlSources['entries'][number], planOfTarget: Map<string, number>): UrlItem {
  return {
    entity_type: entry.resource === 'folder' ? 'folder' : 'page',
    id: entry.id,
    slug: entry.slug ?? '',
    ...(entry.resource === 'page' &&
    (entry.type === 'cms' || entry.type === 'actualite' || entry.type === 'job')
      ? { type: entry.type }
      : {}),
    exist_in: entry.audiences
      .flatMap((a) => (planOfTarget.has(a) ? [planOfTarget.get(a)!] : []))
      .toSorted((a, b) => a - b),
    updated_at: entry.updatedAt.toISOString(),
  };
}

export interface Parent {
  entity_type: 'category' | 'page' | 'route';
  id: number;
  slug: string;
  name: string;
  type?: string;
}

const routeParents: Record<string, Parent> = {
  actualite: { entity_type: 'route', id: 0, slug: 'news', name: 'News' },
  job: { entity_type: 'route', id: 0, slug: 'careers', name: 'Careers' },
  folder: { entity_type: 'route', id: 0, slug: 'folder', name: 'How-to guides' },
};

export async function resolveEntity(
  db: Database,
  cache: ReadCache,
  context: RequestContext,
  entityType: 'page' | 'product' | 'category' | 'folder',
  slug: string,
): Promise<{ item: EntityItem; parents: Parent[] }> {
  const siteId = context.site.id;
  const asParent = (c: { id: number; slug: string; name: string }): Parent => ({
    entity_type: 'category',
    id: c.id,
    slug: c.slug,
    name: c.name,
  });
  switch (entityType) {
    case 'product': {
      const product = await getProduct(db, cache, requirePlan(context), slug);
      const main = product.categories[0];
      const parents = main ? (await categoryAncestors(db, cache, siteId, main.id)).map(asParent) : [];
      return { item: product, parents };
    }
    case 'category': {
      const category = await getCategory(db, cache, context, slug);
      const parents = (await categoryAncestors(db, cache, siteId, category.id))
        .filter((c) => c.id !== category.id)
        .map(asParent);
      return { item: category, parents };
    }
    case 'folder': {
      const row = await findEntry(db, 'folder', slug, { siteId, audience: context.plan?.target });
      return {
        item: resources.folder.toItem(row, await loadLookup(db, cache, siteId)),
        parents: [routeParents.folder!],
      };
    }
    case 'page': {
      const row = await findEntry(db, 'page', slug, { siteId, audience: context.plan?.target });
      const item = resources.page.toItem(row, await loadLookup(db, cache, siteId));
      const route = routeParents[row.type ?? ''];
      if (route) return { item, parents: [route] };
      const parents: Parent[] = [];
      // Walk up parent pages (published ones only), guarding against cycles.
      for (let parentId = row.parentId; parentId && parents.length < 10;) {
        const [parent] = await db
          .select()
          .from(contentEntries)
          .where(
            and(
              eq(contentEntries.id, parentId),
              eq(contentEntries.resource, 'page'),
              eq(contentEntries.status, 'published'),
            ),
          );
        if (!parent || parents.some((p) => p.id === parent.id)) break;
        parents.unshift({
          entity_type: 'page',
          id: parent.id,
          slug: parent.slug ?? '',
          name: parent.title,
          type: parent.type ?? 'cms',
        });
        parentId = parent.parentId;
      }
      return { item, parents };
    }
  }
}
