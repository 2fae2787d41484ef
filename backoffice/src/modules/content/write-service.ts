/**
 * The content write service (issue 26, "From change to live"): every write of a content entry, by a staff call, a
 * tooling call or the schedule job, goes through `commitEntryWrite`. It runs the write in one audited
 * transaction, keeps the saved version in the history, and decides (here, not in each route) whether the content
 * version moves: only when what the site shows changed, that is a publish, an unpublish, a scheduled firing or a
 * change to something already live. A draft saved, a pending draft of a live entry or a schedule set moves
 * nothing and starts no build.
 */
import { eq } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '../../db/types.ts';
import { contentEntries } from '../../db/schema.ts';
import type { ReadCache } from '../../lib/cache.ts';
import type { AuditRecorder } from '../audit/index.ts';
import { entryState } from './audit-state.ts';
import { resources, type ContentRow, type Lookup, type ResourceName } from './resources.ts';
import { recordRevision } from './revisions.ts';
import { loadLookup, withDraft } from './service.ts';

/** Pages, folders and FAQ entries are drafts until published; every other resource is live on save. */
export const DRAFT_RESOURCES = ['page', 'folder', 'faq'] as const;
export type DraftResource = (typeof DRAFT_RESOURCES)[number];
export const isDraftResource = (name: string): name is DraftResource =>
  (DRAFT_RESOURCES as readonly string[]).includes(name);

/** What a write needs besides its transaction: the database, who acts, the time, and how to say content moved. */
export interface WriteContext {
  db: Database;
  cache: ReadCache;
  recorder: AuditRecorder;
  now: Date;
  /** `app.contentChanged`: clears the read cache, moves the content version, calls the launcher's hook. */
  contentChanged(): Promise<void>;
}

/** What the site shows of an entry: null while it is not published. Draft-only columns are left out. */
export function liveState(row: ContentRow | undefined | null): string | null {
  if (!row || row.status !== 'published') return null;
  const { slug, title, type, audiences, position, parentId, data, publishedAt, resource } = row;
  return JSON.stringify({ resource, slug, title, type, audiences, position, parentId, data, publishedAt });
}

/** The one rule of issue 26: the content version moves when, and only when, what the site shows changed. */
export const movesContentVersion = (before: ContentRow | null, after: ContentRow | null) =>
  liveState(before) !== liveState(after);

async function rowOf(db: Executor, id: number): Promise<ContentRow | null> {
  const [row] = await db.select().from(contentEntries).where(eq(contentEntries.id, id));
  return row ?? null;
}

/** The entry as a row with its pending draft written over it (the entry itself when it has none). */
export const draftRow = (name: ResourceName, row: ContentRow, now: Date): ContentRow =>
  withDraft(name, row, now);

/** What the editor edits: the pending draft when there is one, else the entry, as the resource's item. */
export function editorItem(name: ResourceName, row: ContentRow, lookup: Lookup, now: Date) {
  return resources[name].toItem(draftRow(name, row, now), lookup) as Record<string, unknown>;
}

export interface EntryWrite {
  resource: ResourceName;
  /** The audit's verb (`content.<resource>.<verb>`) and the history's action. */
  verb: string;
  /** The entry written; undefined for a create (the write's result names it). */
  id?: number;
  siteId: number;
}

/**
 * Runs `write` (which answers the entry's id) in one audited transaction, keeps the version saved in the
 * history, then moves the content version if what the site shows changed. Answers the entry's row after the write
 * (null once deleted).
 */
export async function commitEntryWrite(
  context: WriteContext,
  spec: EntryWrite,
  write: (tx: Transaction) => Promise<number>,
): Promise<ContentRow | null> {
  let moved = false;
  const after = await context.recorder.change(
    context.db,
    { action: `${spec.resource}.${spec.verb}`, entity: spec.resource, id: spec.id, state: entryState },
    async (tx) => {
      const before = spec.id === undefined ? null : await rowOf(tx, spec.id);
      const id = await write(tx);
      const row = await rowOf(tx, id);
      moved = movesContentVersion(before, row);
      if (row && row.version !== before?.version) {
        const lookup = await loadLookup(tx, context.cache, spec.siteId);
        await recordRevision(tx, {
          siteId: spec.siteId,
          resource: spec.resource,
          entityId: row.id,
          version: row.version,
          action: spec.verb,
          status: row.status === 'published' && !row.draft ? 'published' : 'draft',
          snapshot: editorItem(spec.resource, row, lookup, context.now),
          actor: context.recorder.actor,
          at: context.now,
        });
      }
      // The audit's idOf reads `id` of the result.
      return Object.assign(row ?? { id }, { id }) as ContentRow;
    },
  );
  // The API's reads answer each entry's version: they are read again after any write. Only a change of what the
  // site shows moves the content version (and rebuilds the storefront).
  context.cache.clear();
  if (moved) await context.contentChanged();
  return after && 'resource' in after ? after : null;
}
