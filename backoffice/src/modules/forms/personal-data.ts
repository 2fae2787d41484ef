/**
 * A person's form submissions, by the e-mail address they typed (issue 24, UK GDPR): found for a subject access
 * export (with the files sent, a CV as base64) and deleted for an erasure (their files go with them: the foreign
 * key cascades). The address is compared trimmed and in any case, as accounts store theirs.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/types.ts';
import { submissionFiles, submissions } from './tables.ts';

/** The site's submissions whose `email` field is `email` (compared trimmed, in any case). */
const ofPerson = (siteId: number, email: string) =>
  and(
    eq(submissions.siteId, siteId),
    sql`lower(btrim(${submissions.data}->>'email')) = ${email.trim().toLowerCase()}`,
  );

export interface PersonalSubmission {
  id: number;
  kind: string;
  status: string;
  note: string;
  created_at: string;
  updated_at: string;
  data: Record<string, unknown>;
  files: { file_name: string; content_type: string; size_bytes: number; content_base64: string }[];
}

/** Every submission of the site sent with `email`, oldest first, with its files. */
export async function submissionsOfPerson(
  db: Executor,
  siteId: number,
  email: string,
): Promise<PersonalSubmission[]> {
  const rows = await db
    .select()
    .from(submissions)
    .where(ofPerson(siteId, email))
    .orderBy(asc(submissions.createdAt), asc(submissions.id));
  if (rows.length === 0) return [];
  const files = await db
    .select()
    .from(submissionFiles)
    .where(
      inArray(
        submissionFiles.submissionId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(submissionFiles.id));
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    status: row.status,
    note: row.note,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    data: row.data,
    files: files
      .filter((file) => file.submissionId === row.id)
      .map((file) => ({
        file_name: file.fileName,
        content_type: file.contentType,
        size_bytes: file.sizeBytes,
        content_base64: Buffer.from(file.content).toString('base64'),
      })),
  }));
}

/** Deletes every submission of the site sent with `email`, and their files; returns how many went. */
export async function deleteSubmissionsOfPerson(
  db: Executor,
  siteId: number,
  email: string,
): Promise<number> {
  const deleted = await db
    .delete(submissions)
    .where(ofPerson(siteId, email))
    .returning({ id: submissions.id });
  return deleted.length;
}
