/**
 * The history of content entries, stockists and training sessions (issue 26, "History"): every save keeps a
 * revision (`content_revision`) with who and when, read back newest first with each version's field changes
 * against the one before it. Other modules record their saves with `recordRevision` (the content module's
 * index.ts exports it), in the transaction of the save.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/types.ts';
import { contentRevisions } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import type { Actor } from '../audit/index.ts';

/** One save to keep in the history. */
export interface RevisionRecord {
  siteId: number;
  /** A content resource of the registry, `stockist` or `training-session`. */
  resource: string;
  entityId: number;
  /** The entity's version after the save. */
  version: number;
  /** `create`, `update`, `publish`, `unpublish`, `schedule`, `restore`… */
  action: string;
  /** Whether the version saved is what the site shows (`published`) or not yet (`draft`). */
  status: 'draft' | 'published';
  /** The entity as its editor sees it (its fields; `id` and `version` are left out). */
  snapshot: Record<string, unknown>;
  actor: Pick<Actor, 'type' | 'id' | 'name'>;
  at: Date;
}

/** Keeps one saved version of an entity; call it in the transaction of the save. */
export async function recordRevision(db: Executor, record: RevisionRecord): Promise<void> {
  const { id: _id, version: _version, ...snapshot } = record.snapshot;
  await db.insert(contentRevisions).values({
    siteId: record.siteId,
    resource: record.resource,
    entityId: record.entityId,
    version: record.version,
    action: record.action,
    status: record.status,
    snapshot,
    at: record.at,
    actorType: record.actor.type,
    actorId: record.actor.id,
    actorName: record.actor.name,
  });
}

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

export interface HistoryItem {
  version: number;
  at: string;
  actor_name: string | null;
  action: string;
  status: 'draft' | 'published';
  changes: FieldChange[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields of `after` that differ from `before` (top-level fields; a first version lists every field). */
export function fieldChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
): FieldChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after)])].sort();
  return fields.flatMap((field) => {
    const was = before?.[field] ?? null;
    const now = after[field] ?? null;
    return before && same(was, now) ? [] : [{ field, before: before ? was : null, after: now }];
  });
}

const actorLabel = (row: typeof contentRevisions.$inferSelect) =>
  row.actorName ?? (row.actorType === 'job' ? 'Schedule' : null);

/** The history of an entity, newest first, each version with its changes against the version before it. */
export async function historyOf(
  db: Executor,
  siteId: number,
  resource: string,
  entityId: number,
): Promise<HistoryItem[]> {
  const rows = await db
    .select()
    .from(contentRevisions)
    .where(
      and(
        eq(contentRevisions.siteId, siteId),
        eq(contentRevisions.resource, resource),
        eq(contentRevisions.entityId, entityId),
      ),
    )
    .orderBy(desc(contentRevisions.id))
    .limit(500);
  return rows.map((row, index) => {
    const previous = rows[index + 1];
    return {
      version: row.version,
      at: row.at.toISOString(),
      actor_name: actorLabel(row),
      action: row.action,
      status: row.status,
      changes: fieldChanges(previous ? previous.snapshot : null, row.snapshot),
    };
  });
}

/** The snapshot of `version` of an entity (its newest save at that version); 404 when the history has none. */
export async function revisionSnapshot(
  db: Executor,
  siteId: number,
  resource: string,
  entityId: number,
  version: number,
): Promise<Record<string, unknown>> {
  const [row] = await db
    .select({ snapshot: contentRevisions.snapshot })
    .from(contentRevisions)
    .where(
      and(
        eq(contentRevisions.siteId, siteId),
        eq(contentRevisions.resource, resource),
        eq(contentRevisions.entityId, entityId),
        eq(contentRevisions.version, version),
      ),
    )
    .orderBy(desc(contentRevisions.id))
    .limit(1);
  if (!row) throw notFound(`version ${version} of ${resource} ${entityId}`);
  return row.snapshot;
}
