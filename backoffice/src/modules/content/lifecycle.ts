/**
 * Content from draft to live (issue 26; docs/api-contract.md "Staff: content lifecycle"): the staff list and the
 * editor's view of an entry, drafts created and saved, the pending draft of a live entry, publish, unpublish,
 * schedule and restore. Each write is one conditional update from the entry's `version` (a stale one is the 409
 * naming the stored version); the write service (write-service.ts) audits it, keeps it in the history and decides
 * whether the content version moves.
 */
import { and, asc, count, desc, eq, ilike, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/types.ts';
import { contentEntries } from '../../db/schema.ts';
import type { ReadCache } from '../../lib/cache.ts';
import { badRequest, DomainError, notFound, versionConflict } from '../../lib/errors.ts';
import { audiencesOf, recordSlugMove } from '../redirect/index.ts';
import { resources, type ContentRow, type Lookup, type ResourceName } from './resources.ts';
import { revisionSnapshot } from './revisions.ts';
import {
  assertSlugFree,
  createEntry,
  loadLookup,
  parseInput,
  updateEntry,
  valuesOfInput,
} from './service.ts';
import { draftRow, editorItem, isDraftResource } from './write-service.ts';

export const STAFF_SORTS = [
  'id',
  'title',
  'updated_at',
  'status',
  'publish_at',
  'position',
  'version',
] as const;

export interface StaffListQuery {
  page: number;
  perPage: number;
  sort: (typeof STAFF_SORTS)[number];
  order: 'ASC' | 'DESC';
  q?: string;
  status?: 'draft' | 'published';
  type?: string;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** One line of the staff list. */
export function staffListItem(row: ContentRow) {
  // The title the editor last gave it: its pending draft's when there is one.
  const draftTitle = row.draft?.title ?? row.draft?.question;
  return {
    id: row.id,
    title: typeof draftTitle === 'string' ? draftTitle : row.title,
    slug: row.slug,
    type: row.type,
    status: row.status,
    has_draft: row.draft !== null,
    publish_at: iso(row.publishAt),
    unpublish_at: iso(row.unpublishAt),
    version: row.version,
    updated_at: row.updatedAt.toISOString(),
    audiences: row.audiences,
  };
}

const likePattern = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The staff list of a resource: drafts included, searched by title, filtered, sorted and paged. */
export async function listStaffEntries(
  db: Executor,
  siteId: number,
  name: ResourceName,
  query: StaffListQuery,
) {
  const conditions: SQL[] = [eq(contentEntries.siteId, siteId), eq(contentEntries.resource, name)];
  if (query.q) conditions.push(ilike(contentEntries.title, likePattern(query.q)));
  if (query.status) conditions.push(eq(contentEntries.status, query.status));
  if (query.type) conditions.push(eq(contentEntries.type, query.type));
  const where = and(...conditions);
  const column = {
    id: contentEntries.id,
    title: contentEntries.title,
    updated_at: contentEntries.updatedAt,
    status: contentEntries.status,
    publish_at: contentEntries.publishAt,
    position: contentEntries.position,
    version: contentEntries.version,
  }[query.sort];
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(contentEntries)
      .where(where)
      .orderBy(query.order === 'DESC' ? desc(column) : asc(column), asc(contentEntries.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ total: count() }).from(contentEntries).where(where),
  ]);
  return { items: rows.map(staffListItem), total: Number(total?.total ?? 0) };
}

/** An entry of `name` on the site, drafts included; 404 otherwise. */
export async function loadEntry(db: Executor, siteId: number, name: ResourceName, id: number) {
  const [row] = await db
    .select()
    .from(contentEntries)
    .where(
      and(eq(contentEntries.siteId, siteId), eq(contentEntries.resource, name), eq(contentEntries.id, id)),
    );
  if (!row) throw notFound(`${name} ${id}`);
  return row;
}

/** The editor's view of an entry: what is edited (`item`) and what the site shows (`live`). */
export async function entryView(
  db: Database,
  cache: ReadCache,
  name: ResourceName,
  row: ContentRow,
  now: Date,
) {
  const lookup = await loadLookup(db, cache, row.siteId);
  const toItem = resources[name].toItem as (row: ContentRow, lookup: Lookup) => Record<string, unknown>;
  return {
    id: row.id,
    resource: name,
    status: row.status,
    has_draft: row.draft !== null,
    publish_at: iso(row.publishAt),
    unpublish_at: iso(row.unpublishAt),
    version: row.version,
    updated_at: row.updatedAt.toISOString(),
    item: editorItem(name, row, lookup, now),
    live: row.status === 'published' ? toItem(row, lookup) : null,
  };
}

function checkVersion(name: ResourceName, row: ContentRow, version: number) {
  if (row.version !== version) throw versionConflict(`${name} ${row.id}`, version, row.version);
}

/** The conditional update every lifecycle write ends with: only from the version read. */
async function writeFrom(
  db: Executor,
  name: ResourceName,
  row: ContentRow,
  set: Partial<typeof contentEntries.$inferInsert>,
  now: Date,
): Promise<ContentRow> {
  const [written] = await db
    .update(contentEntries)
    .set({ ...set, updatedAt: now, version: sql`${contentEntries.version} + 1` })
    .where(and(eq(contentEntries.id, row.id), eq(contentEntries.version, row.version)))
    .returning();
  if (written) return written;
  const [stored] = await db
    .select({ version: contentEntries.version })
    .from(contentEntries)
    .where(eq(contentEntries.id, row.id));
  if (!stored) throw notFound(`${name} ${row.id}`);
  throw versionConflict(`${name} ${row.id}`, row.version, stored.version);
}

/** A new entry made by staff: a page, folder or FAQ entry is a draft whatever the body says; others go live. */
export async function createStaffEntry(
  db: Database,
  name: ResourceName,
  siteId: number,
  body: unknown,
  now: Date,
) {
  if (!isDraftResource(name)) return (await createEntry(db, name, siteId, body, now)).id;
  const input = { ...(body as Record<string, unknown>) };
  if (name !== 'faq') input.status = 'draft';
  return (await createEntry(db, name, siteId, input, now, { status: 'draft' })).id;
}

/** The pending draft of a live entry, validated (a 400 names the wrong fields) and ready to store. */
async function pendingDraft(
  db: Executor,
  name: ResourceName,
  row: ContentRow,
  whole: Record<string, unknown>,
) {
  const { id: _id, version: _version, ...fields } = whole;
  const input = parseInput(name, name === 'faq' ? fields : { ...fields, status: 'published' });
  const slugValue = typeof input.slug === 'string' ? input.slug : null;
  if (slugValue && slugValue !== row.slug) await assertSlugFree(db, name, row.siteId, slugValue);
  return input;
}

/**
 * A staff change of the named fields from `version`. A draft entry is written in place (still a draft); a live
 * page, folder or FAQ entry keeps the change as its pending draft (the live entry unchanged); others go live.
 */
export async function patchStaffEntry(
  db: Database,
  cache: ReadCache,
  name: ResourceName,
  siteId: number,
  id: number,
  version: number,
  fields: Record<string, unknown>,
  now: Date,
): Promise<number> {
  const row = await loadEntry(db, siteId, name, id);
  checkVersion(name, row, version);
  const lookup = await loadLookup(db, cache, siteId);
  // The status moves by publish and unpublish only.
  const { status: _status, ...changes } = fields;
  if (!isDraftResource(name) || row.status === 'draft') {
    const update = { mode: 'patch' as const, version, fields: changes };
    return (await updateEntry(db, name, siteId, id, update, lookup, now)).id;
  }
  const whole = { ...editorItem(name, row, lookup, now), ...changes };
  const draft = await pendingDraft(db, name, row, whole);
  return (await writeFrom(db, name, row, { draft }, now)).id;
}

/** The pending draft (or the draft entry) goes live now; the scheduled publication is done with. */
export async function publishEntry(
  db: Executor,
  name: ResourceName,
  row: ContentRow,
  now: Date,
): Promise<number> {
  if (row.status === 'published' && !row.draft && !row.publishAt) return row.id;
  if (row.status === 'published' && row.draft) {
    const values = valuesOfInput(name, row.draft, now);
    // A page's date is the one its draft names (news carry theirs); others keep the date they were first published.
    const publishedAt = (name === 'page' ? values.publishedAt : null) ?? row.publishedAt ?? now;
    const set = { ...values, status: 'published' as const, draft: null, publishAt: null, publishedAt };
    const written = await writeFrom(db, name, row, set, now);
    if (name === 'page' || name === 'folder') {
      await recordSlugMove(db, name, row.slug, written.slug, audiencesOf(row.audiences));
    }
    return written.id;
  }
  const set = { status: 'published' as const, publishAt: null, publishedAt: row.publishedAt ?? now };
  return (await writeFrom(db, name, row, set, now)).id;
}

/** Back to a draft, off the site; a pending draft becomes the draft's text (what the editor was editing). */
export async function unpublishEntry(
  db: Executor,
  name: ResourceName,
  row: ContentRow,
  now: Date,
): Promise<number> {
  if (row.status === 'draft' && !row.unpublishAt) return row.id;
  const edited = row.draft ? draftRow(name, row, now) : row;
  const { slug, title, type, audiences, position, parentId, data, searchText } = edited;
  const set = {
    ...(row.draft ? { slug, title, type, audiences, position, parentId, data, searchText } : {}),
    status: 'draft' as const,
    draft: null,
    unpublishAt: null,
  };
  return (await writeFrom(db, name, row, set, now)).id;
}

/** The two times of a schedule, checked: in the future, the unpublication after the publication. */
export function checkSchedule(publishAt: Date | null, unpublishAt: Date | null, now: Date) {
  const errors: { field: string; message: string }[] = [];
  if (publishAt && publishAt <= now)
    errors.push({ field: 'publish_at', message: 'Choose a time in the future' });
  if (unpublishAt && unpublishAt <= now) {
    errors.push({ field: 'unpublish_at', message: 'Choose a time in the future' });
  } else if (publishAt && unpublishAt && unpublishAt <= publishAt) {
    errors.push({ field: 'unpublish_at', message: 'Take it off the site after it is published' });
  }
  if (errors.length > 0) throw badRequest(errors.map((e) => `${e.field}: ${e.message}`).join('; '), errors);
}

/** Sets (or clears, with null) the times the schedule job publishes and unpublishes the entry. */
export async function scheduleEntry(
  db: Executor,
  name: ResourceName,
  row: ContentRow,
  times: { publishAt: Date | null; unpublishAt: Date | null },
  now: Date,
): Promise<number> {
  checkSchedule(times.publishAt, times.unpublishAt, now);
  return (await writeFrom(db, name, row, { publishAt: times.publishAt, unpublishAt: times.unpublishAt }, now))
    .id;
}

/**
 * Restores the text of `fromVersion` of the history: of a page, folder or FAQ entry as its draft (the pending
 * draft of a live entry, the draft entry in place), nothing live; of any other resource live, as a new version.
 */
export async function restoreEntry(
  db: Database,
  cache: ReadCache,
  name: ResourceName,
  row: ContentRow,
  fromVersion: number,
  now: Date,
): Promise<number> {
  const snapshot = await revisionSnapshot(db, row.siteId, name, row.id, fromVersion);
  const lookup = await loadLookup(db, cache, row.siteId);
  const { status: _status, published_at: _published, ...fields } = snapshot;
  if (isDraftResource(name) && row.status === 'published') {
    const draft = await pendingDraft(db, name, row, { ...editorItem(name, row, lookup, now), ...fields });
    return (await writeFrom(db, name, row, { draft }, now)).id;
  }
  const update = { mode: 'patch' as const, version: row.version, fields };
  return (await updateEntry(db, name, row.siteId, row.id, update, lookup, now)).id;
}

/** The entries whose scheduled publication or unpublication is due at `now` (the schedule job's work). */
export async function dueSchedules(db: Executor, now: Date) {
  const [toPublish, toUnpublish] = await Promise.all([
    db
      .select()
      .from(contentEntries)
      .where(and(isNotNull(contentEntries.publishAt), lte(contentEntries.publishAt, now)))
      .orderBy(asc(contentEntries.publishAt))
      .limit(100),
    db
      .select()
      .from(contentEntries)
      .where(and(isNotNull(contentEntries.unpublishAt), lte(contentEntries.unpublishAt, now)))
      .orderBy(asc(contentEntries.unpublishAt))
      .limit(100),
  ]);
  return { toPublish, toUnpublish };
}

/** A lifecycle call on a resource without drafts. */
export function requireDraftResource(name: string) {
  if (!isDraftResource(name)) {
    throw new DomainError(
      'invalid_request',
      `A ${name} is live on save: only pages, folders and FAQ entries are published, unpublished, scheduled and previewed`,
    );
  }
}
