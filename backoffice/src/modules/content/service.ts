/** Reads and writes of generic CMS resources in `content_entry`, driven by the registry in resources.ts. */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { contentEntries } from '../../db/schema.ts';
import type { ReadCache } from '../../lib/cache.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import {
  resources,
  type ContentRow,
  type IndexFilters,
  type Lookup,
  type ResourceName,
} from './resources.ts';

export async function loadLookup(db: Database, cache: ReadCache, siteId: number): Promise<Lookup> {
  return cache.get(`content-lookup:${siteId}`, async () => {
    const rows = await db
      .select()
      .from(contentEntries)
      .where(and(eq(contentEntries.siteId, siteId), eq(contentEntries.resource, 'tags')));
    return {
      tagsBySlug: new Map(
        rows.map((r) => [r.slug ?? '', { id: r.id, slug: r.slug ?? '', label: r.title, kind: r.type ?? '' }]),
      ),
    };
  });
}

export interface ListOptions {
  siteId: number;
  audience: string | undefined;
  filters: IndexFilters;
  page: number;
  perPage: number;
  /** Preview shows drafts too. */
  includeDrafts?: boolean;
}

function visibility(name: ResourceName, siteId: number, audience: string | undefined, includeDrafts = false) {
  const definition = resources[name];
  const conditions: SQL[] = [eq(contentEntries.siteId, siteId), eq(contentEntries.resource, name)];
  if (definition.publishedOnly && !includeDrafts) conditions.push(eq(contentEntries.status, 'published'));
  if (definition.byAudience && audience) conditions.push(sql`${audience} = any(${contentEntries.audiences})`);
  return conditions;
}

export async function listEntries(db: Database, name: ResourceName, options: ListOptions) {
  const definition = resources[name];
  const where = and(
    ...visibility(name, options.siteId, options.audience, options.includeDrafts),
    ...definition.filters(options.filters),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(contentEntries)
      .where(where)
      .orderBy(
        asc(contentEntries.position),
        sql`${contentEntries.publishedAt} desc nulls last`,
        asc(contentEntries.id),
      )
      .limit(options.perPage)
      .offset((options.page - 1) * options.perPage),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(contentEntries)
      .where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** One entry by numeric id or by slug; 404 if missing, hidden (draft) or not in the audience. */
export async function findEntry(
  db: Database,
  name: ResourceName,
  idOrSlug: string,
  options: { siteId: number; audience: string | undefined; includeDrafts?: boolean },
): Promise<ContentRow> {
  const key = /^\d{1,9}$/.test(idOrSlug)
    ? eq(contentEntries.id, Number(idOrSlug))
    : eq(contentEntries.slug, idOrSlug);
  const [row] = await db
    .select()
    .from(contentEntries)
    .where(and(...visibility(name, options.siteId, options.audience, options.includeDrafts), key));
  if (!row) throw notFound(`${name} ${idOrSlug}`);
  return row;
}

/** Validates a create body against the resource's schema and turns it into row values. */
function rowValues(name: ResourceName, body: unknown) {
  const definition = resources[name];
  const parsed = definition.input.safeParse(body);
  if (!parsed.success) {
    const errors = parsed.error.issues.map((issue) => ({
      field: ['body', ...issue.path.map(String)].join('.'),
      message: issue.message,
    }));
    throw badRequest(`Invalid ${errors.map((e) => e.field).join(', ')}`, errors);
  }
  // The registry pairs each input schema with its own toRow; the union of pairs is not expressible here.
  const input = parsed.data as never;
  return {
    ...(definition.toRow as (i: never) => ReturnType<typeof definition.toRow>)(input),
    searchText: (definition.searchText as (i: never) => string)(input),
  };
}

export async function createEntry(db: Database, name: ResourceName, siteId: number, body: unknown) {
  const values = rowValues(name, body);
  await assertSlugFree(db, name, siteId, values.slug ?? null);
  const [row] = await db
    .insert(contentEntries)
    .values({ ...values, siteId, resource: name })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Partial update: the body's fields replace the stored item's, and the result is validated as a whole. */
export async function updateEntry(
  db: Database,
  name: ResourceName,
  siteId: number,
  id: number,
  changes: Record<string, unknown>,
  lookup: Lookup,
) {
  const existing = await findEntry(db, name, String(id), {
    siteId,
    audience: undefined,
    includeDrafts: true,
  });
  const current = resources[name].toItem(existing, lookup) as Record<string, unknown>;
  const merged = { ...current, ...changes };
  delete merged.id;
  const values = rowValues(name, merged);
  if (values.slug && values.slug !== existing.slug) await assertSlugFree(db, name, siteId, values.slug);
  const [row] = await db
    .update(contentEntries)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(contentEntries.id, id))
    .returning();
  if (!row) throw notFound(`${name} ${id}`);
  return row;
}

export async function deleteEntry(db: Database, name: ResourceName, siteId: number, id: number) {
  const deleted = await db
    .delete(contentEntries)
    .where(
      and(eq(contentEntries.siteId, siteId), eq(contentEntries.resource, name), eq(contentEntries.id, id)),
    )
    .returning({ id: contentEntries.id });
  if (deleted.length === 0) throw notFound(`${name} ${id}`);
}

async function assertSlugFree(db: Database, name: ResourceName, siteId: number, slug: string | null) {
  if (!slug) return;
  const [clash] = await db
    .select({ id: contentEntries.id })
    .from(contentEntries)
    .where(
      and(
        eq(contentEntries.siteId, siteId),
        eq(contentEntries.resource, name),
        eq(contentEntries.slug, slug),
      ),
    );
  if (clash) {
    throw badRequest(`A ${name} with slug ${slug} already exists`, [
      { field: 'body.slug', message: 'already used' },
    ]);
  }
}
