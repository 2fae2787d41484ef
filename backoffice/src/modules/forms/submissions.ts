/**
 * Staff side of the public forms: list, read, update the handling status of, and delete stored submissions.
 * Submissions hold personal data, so every call here needs the API key.
 */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { submissions } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';

export const submissionStatuses = ['new', 'in_progress', 'done'] as const;
export type SubmissionStatus = (typeof submissionStatuses)[number];

export const submissionItem = z.object({
  id: z.number().int(),
  kind: z.string(),
  status: z.enum(submissionStatuses),
  note: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The fields the visitor sent, as the form's schema validated them. */
  data: z.record(z.string(), z.unknown()),
});
export type SubmissionItem = z.infer<typeof submissionItem>;

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
