/**
 * Build records and the current-build pointer (issue 26). The launcher reports each build (start, outcome, served,
 * pruned); a build that succeeds moves the pointer to itself, a rollback moves it back to an older good build still
 * on disk. The status the console shows is derived here (`buildStatus`).
 */
import { and, asc, count, desc, eq, lt } from 'drizzle-orm';
import type { Database, Executor } from '../../db/types.ts';
import { currentContentVersion } from '../../lib/content-version.ts';
import { DomainError, notFound } from '../../lib/errors.ts';
import { contentWritesBetween, type Snapshot } from '../audit/index.ts';
import {
  CHANGES_MAX,
  LOG_TAIL_MAX,
  type BuildAnswer,
  type BuildListQuery,
  type BuildReportBody,
  type BuildStartBody,
  type BuildStatusAnswer,
} from './schemas.ts';
import { buildPointer, buildRecords } from './tables.ts';

type BuildRow = typeof buildRecords.$inferSelect;
type PointerRow = typeof buildPointer.$inferSelect;

const conflict = (code: string, message: string) => new DomainError(code, message, { conflict: true });

/** The end of a build's output: its last 8 KB, cut at a line. */
export function logTail(text: string): string {
  if (text.length <= LOG_TAIL_MAX) return text;
  const cut = text.slice(-LOG_TAIL_MAX);
  const newline = cut.indexOf('\n');
  return `…\n${newline >= 0 && newline < 200 ? cut.slice(newline + 1) : cut}`;
}

async function pointerOf(db: Executor): Promise<PointerRow | undefined> {
  const [row] = await db.select().from(buildPointer).where(eq(buildPointer.id, 1));
  return row;
}

function answerOf(row: BuildRow, pointer: PointerRow | undefined): BuildAnswer {
  const current = pointer?.buildId === row.id;
  return {
    id: row.id,
    content_version: row.contentVersion,
    status: row.status,
    started_at: row.startedAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    duration_ms: row.finishedAt ? row.finishedAt.getTime() - row.startedAt.getTime() : null,
    message: row.message,
    log_tail: row.logTail,
    contents: row.contents,
    changes: row.changes,
    changes_total: row.changesTotal,
    served_at: row.servedAt?.toISOString() ?? null,
    pruned_at: row.prunedAt?.toISOString() ?? null,
    current,
    can_roll_back: row.status === 'succeeded' && row.prunedAt === null && !current,
  };
}

async function findRow(db: Executor, id: string): Promise<BuildRow> {
  const [row] = await db.select().from(buildRecords).where(eq(buildRecords.id, id));
  if (!row) throw notFound(`Build ${id}`);
  return row;
}

/** What the audit trail records of a build: never its log. */
export async function buildState(db: Executor, id: number | string): Promise<Snapshot | null> {
  const [row] = await db
    .select()
    .from(buildRecords)
    .where(eq(buildRecords.id, String(id)));
  if (!row) return null;
  const pointer = await pointerOf(db);
  return {
    content_version: row.contentVersion,
    status: row.status,
    message: row.message,
    served_at: row.servedAt,
    pruned_at: row.prunedAt,
    current: pointer?.buildId === row.id,
  };
}

/** What the audit trail records of the pointer. */
export async function pointerState(db: Executor): Promise<Snapshot | null> {
  const pointer = await pointerOf(db);
  return pointer ? { build_id: pointer.buildId, reason: pointer.reason } : null;
}

export async function getBuild(db: Executor, id: string): Promise<BuildAnswer> {
  return answerOf(await findRow(db, id), await pointerOf(db));
}

export async function listBuilds(db: Database, query: BuildListQuery) {
  const where = query.status ? eq(buildRecords.status, query.status) : undefined;
  const direction = query.order === 'ASC' ? asc : desc;
  const column = query.sort === 'id' ? buildRecords.id : buildRecords.startedAt;
  const [total] = await db.select({ n: count() }).from(buildRecords).where(where);
  const rows = await db
    .select()
    .from(buildRecords)
    .where(where)
    .orderBy(direction(column), direction(buildRecords.id))
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage);
  const pointer = await pointerOf(db);
  return { items: rows.map((row) => answerOf(row, pointer)), total: total?.n ?? 0 };
}

/**
 * A build starts: its record, with what changed since the previous good build. The same start reported again
 * answers the record (a launcher retrying); a build still marked as running is over (builds never overlap: its
 * launcher stopped or restarted).
 */
export async function startBuild(tx: Executor, body: BuildStartBody, now: Date): Promise<BuildAnswer> {
  const [existing] = await tx.select().from(buildRecords).where(eq(buildRecords.id, body.id));
  if (existing) {
    if (existing.contentVersion !== body.content_version || existing.status !== 'building')
      throw conflict('build_exists', `Build ${body.id} has already been reported`);
    return answerOf(existing, await pointerOf(tx));
  }
  await tx
    .update(buildRecords)
    .set({ status: 'failed', finishedAt: now, message: 'Interrupted: the launcher started another build' })
    .where(eq(buildRecords.status, 'building'));
  const [previous] = await tx
    .select({ startedAt: buildRecords.startedAt })
    .from(buildRecords)
    .where(and(eq(buildRecords.status, 'succeeded'), lt(buildRecords.startedAt, now)))
    .orderBy(desc(buildRecords.startedAt))
    .limit(1);
  const writes = await contentWritesBetween(tx, previous?.startedAt ?? null, now, CHANGES_MAX);
  const [row] = await tx
    .insert(buildRecords)
    .values({
      id: body.id,
      contentVersion: body.content_version,
      startedAt: now,
      changes: writes.items.map((event) => ({
        at: event.at.toISOString(),
        actor: event.actorName,
        action: event.action,
        entity: event.entity,
        entity_id: event.entityId,
      })),
      changesTotal: writes.total,
    })
    .returning();
  return answerOf(row!, await pointerOf(tx));
}

async function movePointer(tx: Executor, buildId: string, reason: 'build' | 'rollback', now: Date) {
  await tx
    .insert(buildPointer)
    .values({ id: 1, buildId, movedAt: now, reason, servedAt: null })
    .onConflictDoUpdate({ target: buildPointer.id, set: { buildId, movedAt: now, reason, servedAt: null } });
}

/**
 * The launcher reports on a build: its outcome (once; the same outcome again changes nothing), that the storefront
 * serves it, that it was deleted from the disk. Success moves the pointer to it; failure leaves the pointer.
 */
export async function reportBuild(
  tx: Executor,
  id: string,
  body: BuildReportBody,
  now: Date,
): Promise<BuildAnswer> {
  const row = await findRow(tx, id);
  if (body.outcome) {
    if (row.status === 'building') {
      const [finished] = await tx
        .update(buildRecords)
        .set({
          status: body.outcome,
          finishedAt: now,
          message: body.message ?? null,
          logTail: body.log_tail === undefined ? null : logTail(body.log_tail),
          contents: body.contents ?? null,
          contentVersion: body.content_version ?? row.contentVersion,
        })
        .where(and(eq(buildRecords.id, id), eq(buildRecords.status, 'building')))
        .returning({ id: buildRecords.id });
      if (finished && body.outcome === 'succeeded') await movePointer(tx, id, 'build', now);
    } else if (row.status !== body.outcome) {
      throw conflict('build_finished', `Build ${id} has already ${row.status}`);
    }
  }
  if (body.served) {
    const [good] = await tx
      .update(buildRecords)
      .set({ servedAt: now })
      .where(and(eq(buildRecords.id, id), eq(buildRecords.status, 'succeeded')))
      .returning({ id: buildRecords.id });
    if (!good) throw conflict('build_not_good', `Build ${id} has not succeeded: it cannot be served`);
    const pointer = await pointerOf(tx);
    if (pointer?.buildId === id && pointer.servedAt === null)
      await tx.update(buildPointer).set({ servedAt: now }).where(eq(buildPointer.id, 1));
  }
  if (body.pruned && row.prunedAt === null)
    await tx.update(buildRecords).set({ prunedAt: now }).where(eq(buildRecords.id, id));
  return getBuild(tx, id);
}

/**
 * Back to an older good build still on disk: the pointer moves to it (the storefront follows within seconds).
 * Rolling back to the current build again changes nothing.
 */
export async function rollBack(tx: Executor, id: string, now: Date): Promise<BuildAnswer> {
  const row = await findRow(tx, id);
  if (row.status !== 'succeeded')
    throw conflict(
      'build_not_good',
      `Build ${id} ${row.status === 'failed' ? 'failed' : 'is still building'}`,
    );
  if (row.prunedAt !== null)
    throw conflict('build_pruned', `Build ${id} has been deleted from the disk: it cannot be served again`);
  const pointer = await pointerOf(tx);
  if (pointer?.buildId !== id) await movePointer(tx, id, 'rollback', now);
  return getBuild(tx, id);
}

/**
 * The status the console shows: building (a build runs, or the current one is not served yet), queued (the content
 * version is ahead of the newest build and nothing builds), failed (the newest build failed after the pointer last
 * moved: the current one still serves), live (since the storefront serves the current build).
 */
export async function buildStatus(db: Database): Promise<BuildStatusAnswer> {
  const contentVersion = await currentContentVersion(db);
  const pointer = await pointerOf(db);
  const [newestRow] = await db
    .select()
    .from(buildRecords)
    .orderBy(desc(buildRecords.startedAt), desc(buildRecords.id))
    .limit(1);
  const [currentRow] = pointer
    ? await db.select().from(buildRecords).where(eq(buildRecords.id, pointer.buildId))
    : [];
  const [running] = await db
    .select({ id: buildRecords.id })
    .from(buildRecords)
    .where(eq(buildRecords.status, 'building'))
    .limit(1);
  let state: BuildStatusAnswer['state'];
  if (running) state = 'building';
  else if (newestRow && contentVersion > newestRow.contentVersion) state = 'queued';
  else if (
    newestRow?.status === 'failed' &&
    (!pointer || (newestRow.finishedAt ?? newestRow.startedAt) > pointer.movedAt)
  )
    state = 'failed';
  else if (pointer?.servedAt) state = 'live';
  else if (pointer) state = 'building';
  else state = newestRow ? 'failed' : 'none';
  return {
    state,
    content_version: contentVersion,
    build_id: pointer?.buildId ?? null,
    moved_at: pointer?.movedAt.toISOString() ?? null,
    reason: pointer?.reason ?? null,
    live_since: pointer?.servedAt?.toISOString() ?? null,
    current: currentRow ? answerOf(currentRow, pointer) : null,
    newest: newestRow ? answerOf(newestRow, pointer) : null,
  };
}
