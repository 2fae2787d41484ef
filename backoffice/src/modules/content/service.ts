/**
 * Reads and writes of generic CMS resources in `content_entry`, driven by the registry in resources.ts, as API
 * items; the settings list, page preview and sitemap; towns for the city autocomplete; the content version.
 */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/types.ts';
import { contentEntries, contentVersion, stockists } from '../../db/schema.ts';
import type { ReadCache } from '../../lib/cache.ts';
import type { RequestContext } from '../../lib/context.ts';
import { DomainError, fieldError, notFound, versionConflict } from '../../lib/errors.ts';
import {
  resources,
  type ContentRow,
  type IndexFilters,
  type Lookup,
  type MenuItem,
  type ResourceName,
} from './resources.ts';
import type { ContentVersion, SitemapSection } from './schemas.ts';
import { buildSitemap } from './sitemap.ts';
import { audiencesOf, recordSlugMove } from '../redirect/index.ts';

export async function loadLookup(db: Executor, cache: ReadCache, siteId: number): Promise<Lookup> {
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

/** Validates a body against the resource's input schema: the parsed input (HTML sanitised, defaults filled). */
export function parseInput(name: ResourceName, body: unknown): Record<string, unknown> {
  const definition = resources[name];
  const parsed = definition.input.safeParse(body);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => ({
      field: issue.path.map(String).join('.'),
      message: issue.message,
    }));
    // Worded as the request validation words its refusals, which name the fields where the answer puts them.
    const named = fields.map((f) => `body.${f.field}`).join(', ');
    throw new DomainError('invalid_request', `Invalid ${named}`, { fields });
  }
  return parsed.data as Record<string, unknown>;
}

/** The row values of an input `parseInput` has validated. */
export function valuesOfInput(name: ResourceName, input: Record<string, unknown>, now: Date) {
  const definition = resources[name];
  // The registry pairs each input schema with its own toRow; the union of pairs is not expressible here.
  const typed = input as never;
  return {
    ...(definition.toRow as (i: never, now: Date) => ReturnType<typeof definition.toRow>)(typed, now),
    searchText: (definition.searchText as (i: never) => string)(typed),
  };
}

/** Validates a create body against the resource's schema and turns it into row values. */
export function rowValues(name: ResourceName, body: unknown, now: Date) {
  return valuesOfInput(name, parseInput(name, body), now);
}

export async function createEntry(
  db: Database,
  name: ResourceName,
  siteId: number,
  body: unknown,
  now: Date,
  override: { status?: 'draft' } = {},
) {
  const values = { ...rowValues(name, body, now), ...override };
  // A draft has not been published yet: it has no publication date unless the body gives one.
  if (override.status === 'draft' && !(body as { published_at?: unknown }).published_at) {
    values.publishedAt = null;
  }
  await assertSlugFree(db, name, siteId, values.slug ?? null);
  const [row] = await db
    .insert(contentEntries)
    .values({ ...values, siteId, resource: name })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/**
 * How an update treats the entry: a `replace` writes the body as the whole entry (every field given), a `patch`
 * writes the named fields over the stored ones (the top-level fields of the item, so of the entry's `data` too).
 * `version` is the entry's version the write was made from (a replace may leave it out: the last write wins).
 */
export interface EntryUpdate {
  mode: 'replace' | 'patch';
  version: number | undefined;
  fields: Record<string, unknown>;
}

/**
 * Writes an update of entry `id` and moves it to its next version, by one conditional update (`… where id = ? and
 * version = ?`): of two writes made from the same version exactly one matches, the other is the 409 naming the
 * stored version and changes nothing.
 */
export async function updateEntry(
  db: Database,
  name: ResourceName,
  siteId: number,
  id: number,
  update: EntryUpdate,
  lookup: Lookup,
  now: Date,
) {
  const existing = await findEntry(db, name, String(id), {
    siteId,
    audience: undefined,
    includeDrafts: true,
  });
  const expected = update.version;
  if (expected !== undefined && existing.version !== expected) {
    throw versionConflict(`${name} ${id}`, expected, existing.version);
  }
  const current = resources[name].toItem(existing, lookup) as Record<string, unknown>;
  const whole = update.mode === 'patch' ? { ...current, ...update.fields } : { ...update.fields };
  delete whole.id;
  delete whole.version;
  const values = rowValues(name, whole, now);
  if (values.slug && values.slug !== existing.slug) await assertSlugFree(db, name, siteId, values.slug);
  const [row] = await db
    .update(contentEntries)
    .set({ ...values, updatedAt: now, version: sql`${contentEntries.version} + 1` })
    .where(
      and(
        eq(contentEntries.id, id),
        eq(contentEntries.siteId, siteId),
        eq(contentEntries.resource, name),
        // A patch is written over what was read, so only over that version; a replace without one wins anyway.
        update.mode === 'patch' || expected !== undefined
          ? eq(contentEntries.version, expected ?? existing.version)
          : undefined,
      ),
    )
    .returning();
  if (row) {
    // A page or folder whose slug changed leaves a 301 from each old address of its audiences.
    if ((name === 'page' || name === 'folder') && existing.status === 'published') {
      await recordSlugMove(db, name, existing.slug, row.slug, audiencesOf(existing.audiences));
    }
    return row;
  }
  const after = await findEntry(db, name, String(id), { siteId, audience: undefined, includeDrafts: true });
  throw versionConflict(`${name} ${id}`, expected ?? existing.version, after.version);
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

/** Deletes the notices (data sheets) naming a product: once it is gone, they would list a missing product. */
export async function deleteNoticesOfProduct(db: Database, siteId: number, productId: number): Promise<void> {
  await db
    .delete(contentEntries)
    .where(
      and(
        eq(contentEntries.siteId, siteId),
        eq(contentEntries.resource, 'notice'),
        sql`${contentEntries.data} ->> 'product_id' = ${String(productId)}`,
      ),
    );
}

export async function assertSlugFree(db: Database, name: ResourceName, siteId: number, slug: string | null) {
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
    throw fieldError('invalid_request', 'slug', `A ${name} with slug ${slug} already exists`, 'already used');
  }
}

// ---- API items ---------------------------------------------------------------------------------------------

type Item = ReturnType<(typeof resources)[ResourceName]['toItem']>;

/** One page of a resource's index as API items, with the total (cached until the next write). */
export function indexItems(
  db: Database,
  cache: ReadCache,
  name: ResourceName,
  options: ListOptions,
): Promise<{ items: Item[]; total: number }> {
  const { siteId, audience, page, perPage, filters } = options;
  const key = `list:${name}:${siteId}:${audience}:${page}:${perPage}:${JSON.stringify(filters)}`;
  return cache.get(key, async () => {
    const lookup = await loadLookup(db, cache, siteId);
    const { rows, total } = await listEntries(db, name, options);
    return { items: rows.map((row) => resources[name].toItem(row, lookup)), total };
  });
}

/** One published entry of the audience by id (or slug) as an API item (cached until the next write). */
export function showItem(
  db: Database,
  cache: ReadCache,
  name: ResourceName,
  idOrSlug: string,
  options: { siteId: number; audience: string | undefined },
): Promise<Item> {
  return cache.get(`show:${name}:${options.siteId}:${options.audience}:${idOrSlug}`, async () => {
    const row = await findEntry(db, name, idOrSlug, options);
    return resources[name].toItem(row, await loadLookup(db, cache, options.siteId));
  });
}

/** A page as the preview shows it: its pending draft, or the draft, whatever its audiences. */
export async function previewPage(db: Database, cache: ReadCache, siteId: number, id: number, now: Date) {
  const row = await findEntry(db, 'page', String(id), { siteId, audience: undefined, includeDrafts: true });
  const lookup = await loadLookup(db, cache, siteId);
  return resources.page.toItem(withDraft('page', row, now), lookup);
}

/** The row with its pending draft written over it (the row itself when it has none). */
export function withDraft(name: ResourceName, row: ContentRow, now: Date): ContentRow {
  if (!row.draft) return row;
  const values = valuesOfInput(name, row.draft, now);
  return { ...row, ...values, status: row.status, publishedAt: values.publishedAt ?? row.publishedAt };
}

/** A page, folder or FAQ entry as the preview shows it, with its resource; 404 for any other id. */
export async function previewEntry(db: Database, cache: ReadCache, siteId: number, id: number, now: Date) {
  const [row] = await db
    .select()
    .from(contentEntries)
    .where(and(eq(contentEntries.siteId, siteId), eq(contentEntries.id, id)));
  if (!row || (row.resource !== 'page' && row.resource !== 'folder' && row.resource !== 'faq')) {
    throw notFound(`Entry ${id}`);
  }
  const lookup = await loadLookup(db, cache, siteId);
  const shown = withDraft(row.resource, row, now);
  switch (row.resource) {
    case 'page':
      return { resource: 'page' as const, item: resources.page.toItem(shown, lookup) };
    case 'folder':
      return { resource: 'folder' as const, item: resources.folder.toItem(shown, lookup) };
    default:
      return { resource: 'faq' as const, item: resources.faq.toItem(shown, lookup) };
  }
}

/**
 * Changes the item tree of menu `id` from its `version` (required) with `change` (menu-items.ts), the rest of the
 * menu as it was; answers the menu with its new version.
 */
export async function changeMenuItems(
  db: Database,
  cache: ReadCache,
  siteId: number,
  id: number,
  version: number,
  change: (items: MenuItem[]) => MenuItem[],
  now: Date,
) {
  const lookup = await loadLookup(db, cache, siteId);
  const stored = await findEntry(db, 'menu', String(id), {
    siteId,
    audience: undefined,
    includeDrafts: true,
  });
  if (stored.version !== version) throw versionConflict(`menu ${id}`, version, stored.version);
  const menu = resources.menu.toItem(stored, lookup);
  const update: EntryUpdate = { mode: 'patch', version, fields: { items: change(menu.items) } };
  return resources.menu.toItem(await updateEntry(db, 'menu', siteId, id, update, lookup, now), lookup);
}

/** Every setting of the site as code/value pairs (cached until the next write). */
export function listSettings(
  db: Database,
  cache: ReadCache,
  siteId: number,
): Promise<{ code: string; value: string }[]> {
  return cache.get(`settings:${siteId}`, async () => {
    const { rows } = await listEntries(db, 'setting', {
      siteId,
      audience: undefined,
      filters: {},
      page: 1,
      perPage: 1000,
    });
    const lookup = await loadLookup(db, cache, siteId);
    return rows.map((row) => {
      const { code, value } = resources.setting.toItem(row, lookup);
      return { code, value };
    });
  });
}

/** The sitemap sections of an audience, with the categories of the audience's plan (cached). */
export function sitemapOf(
  db: Database,
  cache: ReadCache,
  context: RequestContext,
  audience: string,
): Promise<SitemapSection[]> {
  const plan = context.plans.find((p) => p.target === audience);
  return cache.get(`sitemap:${context.site.id}:${audience}`, () =>
    buildSitemap(db, context.site.id, audience, plan?.id),
  );
}

// ---- content version and cities ----------------------------------------------------------------------------

/** Version 0 with no date until the first write: nothing has changed since the seed. */
export async function readContentVersion(db: Database): Promise<ContentVersion> {
  const [row] = await db.select().from(contentVersion).where(eq(contentVersion.id, 1));
  return { version: row?.version ?? 0, updated_at: row?.updatedAt.toISOString() ?? null };
}

/** Towns with stockists whose name starts with `q`, or whose postcode starts with `postcode` (any spacing). */
export async function findCities(
  db: Database,
  siteId: number,
  options: { q?: string; postcode?: string; limit: number },
): Promise<{ name: string; postcode: string }[]> {
  const conditions = [eq(stockists.siteId, siteId)];
  if (options.q) conditions.push(sql`${stockists.town} ilike ${escapeLike(options.q) + '%'}`);
  if (options.postcode) {
    const compact = options.postcode.replace(/\s+/g, '').toUpperCase();
    conditions.push(sql`replace(upper(${stockists.postcode}), ' ', '') like ${escapeLike(compact) + '%'}`);
  }
  // One line per town and outward code (the district part of the postcode).
  const outward = sql<string>`split_part(${stockists.postcode}, ' ', 1)`;
  const rows = await db
    .selectDistinct({ name: stockists.town, postcode: outward })
    .from(stockists)
    .where(and(...conditions))
    .orderBy(asc(stockists.town), asc(outward))
    .limit(options.limit);
  return rows;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A product's data sheet as its notice holds it. */
export interface ProductNotice {
  id: number;
  type: string;
  title: string;
  url: string;
  sizeBytes: number;
  version: number;
}

/** The notices (data sheets) naming a product, published or not. */
export async function noticesOfProduct(
  db: Executor,
  siteId: number,
  productId: number,
): Promise<ProductNotice[]> {
  const rows = await db
    .select()
    .from(contentEntries)
    .where(
      and(
        eq(contentEntries.siteId, siteId),
        eq(contentEntries.resource, 'notice'),
        sql`${contentEntries.data} ->> 'product_id' = ${String(productId)}`,
      ),
    )
    .orderBy(asc(contentEntries.id));
  return rows.map((row) => {
    const file = (row.data.file ?? {}) as { url?: string; size_bytes?: number };
    return {
      id: row.id,
      type: row.type ?? '',
      title: row.title,
      url: file.url ?? '',
      sizeBytes: file.size_bytes ?? 0,
      version: row.version,
    };
  });
}

/** A product's data sheet of `type` (a notice `technical-data-sheet` or `safety-data-sheet`) to put in place. */
export interface ProductSheetFile {
  siteId: number;
  productId: number;
  reference: string;
  type: 'technical-data-sheet' | 'safety-data-sheet';
  label: string;
  title: string;
  url: string;
  sizeBytes: number;
  audiences: string[];
  searchText: string;
  now: Date;
}

/**
 * Points the product's notice of that type at a new file (its version moves on), or publishes one when the product
 * has none yet.
 */
export async function setProductSheet(db: Executor, sheet: ProductSheetFile): Promise<void> {
  const [existing] = (await noticesOfProduct(db, sheet.siteId, sheet.productId)).filter(
    (n) => n.type === sheet.type,
  );
  const file = { url: sheet.url, size_bytes: sheet.sizeBytes };
  if (existing) {
    await db
      .update(contentEntries)
      .set({
        data: sql`jsonb_set(${contentEntries.data}, '{file}', ${JSON.stringify(file)}::jsonb)`,
        updatedAt: sheet.now,
        version: sql`${contentEntries.version} + 1`,
      })
      .where(eq(contentEntries.id, existing.id));
    return;
  }
  await db.insert(contentEntries).values({
    siteId: sheet.siteId,
    resource: 'notice',
    type: sheet.type,
    slug: `${sheet.type}-${sheet.reference.toLowerCase()}`,
    title: sheet.title,
    status: 'published',
    audiences: sheet.audiences,
    data: {
      section: 'technical',
      type: { slug: sheet.type, label: sheet.label },
      file,
      product_id: sheet.productId,
    },
    searchText: sheet.searchText,
    publishedAt: sheet.now,
    updatedAt: sheet.now,
  });
}
