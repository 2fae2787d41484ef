/**
 * Form submissions: a visitor's form stored as sent (after its schema), and the staff side: list, read, update
 * the handling status of, and delete them. Submissions hold personal data, so every staff call needs the API key.
 */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { contentEntries, submissions } from '../../db/schema.ts';
import { ApiError, notFound } from '../../lib/errors.ts';
import type { SubmissionItem, SubmissionStatus } from './schemas.ts';

/** Stores a visitor's form; an application names an open job offer, when it names one. */
export async function createSubmission(
  db: Database,
  siteId: number,
  kind: string,
  data: Record<string, unknown>,
): Promise<number> {
  if (kind === 'application' && data.page_id !== undefined) {
    const [job] = await db
      .select({ id: contentEntries.id, title: contentEntries.title })
      .from(contentEntries)
      .where(
        and(
          eq(contentEntries.id, Number(data.page_id)),
          eq(contentEntries.resource, 'page'),
          eq(contentEntries.type, 'job'),
          eq(contentEntries.status, 'published'),
        ),
      );
    if (!job) {
      throw new ApiError(400, 'invalid_request', 'This job offer does not exist or is closed', {
        errors: [{ field: 'body.page_id', message: 'Unknown job offer' }],
      });
    }
  }
  return insertSubmission(db, siteId, kind, data);
}

/** Inserts a submission as given (its form's schema has validated it); returns its id. */
export async function insertSubmission(
  db: Database,
  siteId: number,
  kind: string,
  data: Record<string, unknown>,
): Promise<number> {
  const [row] = await db.insert(submissions).values({ siteId, kind, data }).returning({ id: submissions.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

type SubmissionRow = typeof submissions.$inferSelect;

function toItem(row: SubmissionRow): SubmissionItem {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    note: row.note,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    data: row.data,
  };
}

const scope = (siteId: number, kind: string): SQL[] => [
  eq(submissions.siteId, siteId),
  eq(submissions.kind, kind),
];

/** Newest first; `status` narrows to one handling state. */
export async function listSubmissions(
  db: Database,
  options: { siteId: number; kind: string; status?: SubmissionStatus; page: number; perPage: number },
): Promise<{ items: SubmissionItem[]; total: number }> {
  const conditions = scope(options.siteId, options.kind);
  if (options.status) conditions.push(eq(submissions.status, options.status));
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(submissions)
      .where(where)
      .orderBy(desc(submissions.createdAt), desc(submissions.id))
      .limit(options.perPage)
      .offset((options.page - 1) * options.perPage),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(submissions)
      .where(where),
  ]);
  return { items: rows.map(toItem), total: counted?.total ?? 0 };
}

export async function findSubmission(
  db: Database,
  siteId: number,
  kind: string,
  id: number,
): Promise<SubmissionItem> {
  const [row] = await db
    .select()
    .from(submissions)
    .where(and(...scope(siteId, kind), eq(submissions.id, id)));
  if (!row) throw notFound(`${kind} ${id}`);
  return toItem(row);
}

export async function updateSubmission(
  db: Database,
  siteId: number,
  kind: string,
  id: number,
  changes: { status?: SubmissionStatus; note?: string },
): Promise<SubmissionItem> {
  const [row] = await db
    .update(submissions)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(...scope(siteId, kind), eq(submissions.id, id)))
    .returning();
  if (!row) throw notFound(`${kind} ${id}`);
  return toItem(row);
}

export async function deleteSubmission(db: Database, siteId: number, kind: string, id: number) {
  const deleted = await db
    .delete(submissions)
    .where(and(...scope(siteId, kind), eq(submissions.id, id)))
    .returning({ id: submissions.id });
  if (deleted.length === 0) throw notFound(`${kind} ${id}`);
}
