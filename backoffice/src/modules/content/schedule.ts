/**
 * The scheduled publications and unpublications (issue 26): the `content-schedule` job (jobs/index.ts) calls
 * `fireDueSchedules` every SCHEDULE_CHECK_SECONDS. Each due entry is fired by one conditional update from the
 * version read (safe with several back-offices on one database: the second finds the version moved and skips),
 * audited with the job as the actor, kept in the history; the write service then moves the content version.
 */
import type { Database } from '../../db/types.ts';
import { ReadCache } from '../../lib/cache.ts';
import type { Clock } from '../../lib/clock.ts';
import { DomainError } from '../../lib/errors.ts';
import { AuditRecorder, type Actor } from '../audit/index.ts';
import { dueSchedules, loadEntry, publishEntry, unpublishEntry } from './lifecycle.ts';
import type { ContentRow, ResourceName } from './resources.ts';
import { commitEntryWrite, type WriteContext } from './write-service.ts';

export const SCHEDULE_ACTOR: Actor = { type: 'job', id: null, name: 'Schedule', role: null };

export interface ScheduleDeps {
  db: Database;
  clock: Clock;
  contentChanged(): Promise<void>;
}

/** The firing found the entry changed since it was read (another back-office fired it, or an editor moved it). */
class Skipped extends Error {}

async function fire(
  context: WriteContext,
  seen: ContentRow,
  verb: 'publish' | 'unpublish',
): Promise<boolean> {
  const name = seen.resource as ResourceName;
  try {
    await commitEntryWrite(
      context,
      { resource: name, verb, id: seen.id, siteId: seen.siteId },
      async (tx) => {
        const row = await loadEntry(tx, seen.siteId, name, seen.id);
        const due = verb === 'publish' ? row.publishAt : row.unpublishAt;
        if (row.version !== seen.version || !due || due > context.now) throw new Skipped();
        return verb === 'publish'
          ? publishEntry(tx, name, row, context.now)
          : unpublishEntry(tx, name, row, context.now);
      },
    );
    return true;
  } catch (error) {
    if (error instanceof Skipped) return false;
    if (error instanceof DomainError && (error.code === 'version_conflict' || error.code === 'not_found'))
      return false;
    throw error;
  }
}

/** Fires every publication, then every unpublication, due at the clock's time; answers how many fired. */
export async function fireDueSchedules(
  deps: ScheduleDeps,
): Promise<{ published: number; unpublished: number }> {
  const now = deps.clock.now();
  const context: WriteContext = {
    db: deps.db,
    cache: new ReadCache(),
    recorder: new AuditRecorder(SCHEDULE_ACTOR, { requestId: null, ip: null, userAgent: null }, deps.clock),
    now,
    contentChanged: deps.contentChanged,
  };
  const { toPublish, toUnpublish } = await dueSchedules(deps.db, now);
  let published = 0;
  let unpublished = 0;
  const fired = new Set<number>();
  for (const row of toPublish) {
    if (await fire(context, row, 'publish')) {
      published += 1;
      fired.add(row.id);
    }
  }
  for (const seen of toUnpublish) {
    // Read again when its publication has just fired (a new version).
    const row = fired.has(seen.id)
      ? await loadEntry(deps.db, seen.siteId, seen.resource as ResourceName, seen.id)
      : seen;
    if (await fire(context, row, 'unpublish')) unpublished += 1;
  }
  return { published, unpublished };
}
