/**
 * Form submissions: a visitor's form stored as sent (after its schema), and the staff side: list, read, update
 * the handling status of, and delete them. Submissions hold personal data, so every staff call needs the API key.
 */
import { randomInt } from 'node:crypto';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { MailConfig, MailForm } from '../../config.ts';
import type { Database } from '../../db/types.ts';
import { contentEntries, submissionFiles, submissions } from '../../db/schema.ts';
import { fieldError, notFound, versionConflict } from '../../lib/errors.ts';
import { queueFormMails } from '../mail/index.ts';
import type { Executor } from '../../db/types.ts';
import type { UploadedCv } from './application.ts';
import { retainUntil } from './retention.ts';
import type { SubmissionItem, SubmissionStatus } from './schemas.ts';

/**
 * The id a filled honeypot gets: it looks like a real one, so a robot cannot tell it was found out, and nothing
 * is stored or sent.
 */
export const decoyId = () => randomInt(1_000, 1_000_000);

/**
 * Stores a visitor's form and queues its e-mails (acknowledgement and staff notification) in one transaction:
 * either both exist or neither does. Returns the submission id.
 */
export async function storeFormSubmission(
  db: Database,
  mail: MailConfig,
  siteId: number,
  form: MailForm,
  data: Record<string, unknown>,
  now: Date,
): Promise<number> {
  const vacancy = form === 'application' ? await openVacancy(db, data.page_id) : undefined;
  return db.transaction(async (tx) => {
    const id = await insertSubmission(tx, siteId, form, data, now);
    await queueFormMails(tx, mail, form, data, { vacancyTitle: vacancy?.title });
    return id;
  });
}

/** Stores a job application with its CV and queues its e-mails, in one transaction. */
export async function storeApplication(
  db: Database,
  mail: MailConfig,
  siteId: number,
  data: Record<string, unknown>,
  cv: UploadedCv,
  now: Date,
): Promise<number> {
  const vacancy = await openVacancy(db, data.page_id);
  const stored = {
    ...data,
    cv: { file_name: cv.fileName, content_type: cv.contentType, size_bytes: cv.bytes.length },
  };
  return db.transaction(async (tx) => {
    const id = await insertSubmission(tx, siteId, 'application', stored, now);
    await tx.insert(submissionFiles).values({
      submissionId: id,
      fileName: cv.fileName,
      contentType: cv.contentType,
      sizeBytes: cv.bytes.length,
      content: cv.bytes,
    });
    await queueFormMails(tx, mail, 'application', stored, {
      vacancyTitle: vacancy?.title,
      cvFileName: cv.fileName,
    });
    return id;
  });
}

/** The CV of an application of the site, for staff. */
export async function findApplicationCv(db: Database, siteId: number, id: number) {
  const [file] = await db
    .select({
      fileName: submissionFiles.fileName,
      contentType: submissionFiles.contentType,
      content: submissionFiles.content,
    })
    .from(submissionFiles)
    .innerJoin(submissions, eq(submissions.id, submissionFiles.submissionId))
    .where(and(...scope(siteId, 'application'), eq(submissions.id, id)))
    .limit(1);
  if (!file) throw notFound(`CV of application ${id}`);
  return file;
}

/** The open job offer an application names (none for a spontaneous one); 400 when it is unknown or closed. */
async function openVacancy(
  db: Database,
  pageId: unknown,
): Promise<{ id: number; title: string } | undefined> {
  if (pageId === undefined) return undefined;
  const [job] = await db
    .select({ id: contentEntries.id, title: contentEntries.title })
    .from(contentEntries)
    .where(
      and(
        eq(contentEntries.id, Number(pageId)),
        eq(contentEntries.resource, 'page'),
        eq(contentEntries.type, 'job'),
        eq(contentEntries.status, 'published'),
      ),
    );
  if (!job) {
    throw fieldError(
      'invalid_request',
      'page_id',
      'This job offer does not exist or is closed',
      'This job offer is closed: choose another or apply spontaneously',
    );
  }
  return job;
}

/**
 * Inserts a submission as given (its form's schema has validated it), received at `now` (the app's clock), with
 * its retention date (retention.ts); returns its id.
 */
export async function insertSubmission(
  db: Executor,
  siteId: number,
  kind: string,
  data: Record<string, unknown>,
  now: Date,
): Promise<number> {
  const [row] = await db
    .insert(submissions)
    .values({ siteId, kind, data, retainUntil: retainUntil(kind, now) })
    .returning({ id: submissions.id });
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
    version: row.version,
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

/**
 * Staff handling of a submission, from the `version` it was read at: the check is the update's own condition
 * (`where id = ? and version = ?`), so of two updates from one version exactly one wins; the other is a 409 naming
 * the stored version (docs/api-contract.md, "Writes that never lose data").
 */
export async function updateSubmission(
  db: Database,
  siteId: number,
  kind: string,
  id: number,
  { version, ...changes }: { version: number; status?: SubmissionStatus; note?: string },
  now: Date,
): Promise<SubmissionItem> {
  const [row] = await db
    .update(submissions)
    .set({ ...changes, version: sql`${submissions.version} + 1`, updatedAt: now })
    .where(and(...scope(siteId, kind), eq(submissions.id, id), eq(submissions.version, version)))
    .returning();
  if (row) return toItem(row);
  const [stored] = await db
    .select({ version: submissions.version })
    .from(submissions)
    .where(and(...scope(siteId, kind), eq(submissions.id, id)));
  if (!stored) throw notFound(`${kind} ${id}`);
  throw versionConflict(`${kind} ${id}`, version, stored.version);
}

export async function deleteSubmission(db: Database, siteId: number, kind: string, id: number) {
  const deleted = await db
    .delete(submissions)
    .where(and(...scope(siteId, kind), eq(submissions.id, id)))
    .returning({ id: submissions.id });
  if (deleted.length === 0) throw notFound(`${kind} ${id}`);
}

/**
 * What the audit trail compares before and after a staff change of a submission: its handling status, and its
 * note and data (what the visitor sent) masked: they are personal data.
 */
export async function submissionState(db: Executor, id: number | string) {
  const [row] = await db
    .select()
    .from(submissions)
    .where(eq(submissions.id, Number(id)));
  return row ? { kind: row.kind, status: row.status, note: row.note || null, data: row.data } : null;
}

export const SUBMISSION_MASKED = ['note', 'data'] as const;
