/**
 * How long submissions are kept (the privacy notice, docs/security.md "Retention"): a job application and its CV
 * 12 months after its vacancy closes (12 months after receipt for a spontaneous one), every other form 2 years
 * after receipt. A job page has no closing date: a vacancy is open while its page is published. So an application
 * naming a vacancy is stored with receipt + 12 months (its vacancy was open then), and while the page stays
 * published the retention job moves the date on to its own time + 12 months; once the page is unpublished or
 * deleted the date stops moving, and so lies 12 months after the close (within one run of the job). The job then
 * deletes what has passed its date; the CV rows go with their submission (`on delete cascade`).
 */
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/types.ts';
import { contentEntries, submissions } from '../../db/schema.ts';

export const APPLICATION_RETENTION_MONTHS = 12;
export const MESSAGE_RETENTION_MONTHS = 24;

/** `date` plus `months` calendar months (UTC), the day clamped to the month's last (31 Jan + 1 → 28/29 Feb). */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const last = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, last));
  return result;
}

/** The retention date of a submission of `kind` received at `receivedAt`. */
export function retainUntil(kind: string, receivedAt: Date): Date {
  return addMonths(
    receivedAt,
    kind === 'application' ? APPLICATION_RETENTION_MONTHS : MESSAGE_RETENTION_MONTHS,
  );
}

/**
 * One pass of the retention job at `now`: applications of a vacancy still published keep now + 12 months, then
 * every submission past its date is deleted (its CV and notes with it). Answers how many were kept and deleted.
 */
export async function applyRetention(
  db: Database,
  now: Date,
): Promise<{ extended: number; deleted: number }> {
  const openJobs = db
    .select({ id: sql<string>`${contentEntries.id}::text` })
    .from(contentEntries)
    .where(
      and(
        eq(contentEntries.resource, 'page'),
        eq(contentEntries.type, 'job'),
        eq(contentEntries.status, 'published'),
      ),
    );
  const later = addMonths(now, APPLICATION_RETENTION_MONTHS);
  const extended = await db
    .update(submissions)
    .set({ retainUntil: later })
    .where(
      and(
        eq(submissions.kind, 'application'),
        lt(submissions.retainUntil, later),
        inArray(sql`${submissions.data} ->> 'page_id'`, openJobs),
      ),
    )
    .returning({ id: submissions.id });
  const deleted = await db
    .delete(submissions)
    .where(lt(submissions.retainUntil, now))
    .returning({ id: submissions.id });
  return { extended: extended.length, deleted: deleted.length };
}
