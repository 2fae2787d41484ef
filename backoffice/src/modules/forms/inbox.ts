/**
 * The staff inbox (issue 24): the submissions of a group (contact and jobsite messages, job applications, training
 * registrations) listed with their handling status, assignee and retention date; one with what the visitor sent,
 * its notes and replies; conditional updates from a `version`; notes; a reply e-mailed through the outbox to the
 * address the visitor typed; training sessions with their participants and a CSV for the trainer.
 */
import { JOBSITE_SUPPORT_HOURS } from '@plasterwick/shop-rules/constants';
import { HOUR_MS } from '@plasterwick/shop-rules/time';
import { stringify } from 'csv-stringify/sync';
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { MailConfig } from '../../config.ts';
import type { Database, Executor } from '../../db/types.ts';
import {
  contentEntries,
  staffPeople,
  submissionFiles,
  submissionNotes,
  submissions,
  trainingSessions,
} from '../../db/schema.ts';
import { DomainError, fieldError, notFound, versionConflict } from '../../lib/errors.ts';
import { enqueueMail, greetingOf, render, senderDomain } from '../mail/index.ts';
import type { InboxItem, InboxListQuery, InboxNote, InboxPage } from './inbox-schemas.ts';
import type { SubmissionStatus } from './schemas.ts';

type Row = typeof submissions.$inferSelect;
type Kind = InboxItem['kind'];

export interface NoteAuthor {
  /** The staff person's id; null for a machine token or the API key. */
  staffId: number | null;
  name: string;
}

/** As the acknowledgements greet: "Dear Ms Morgan," (the mail module's greetingOf checks it reads as a name). */
const CIVILITIES: Record<string, string> = { mr: 'Mr', mrs: 'Mrs', ms: 'Ms', mx: 'Mx', dr: 'Dr' };

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The visitor's name as they typed it (a training registration: the company and its contact). */
function nameOf(kind: Kind, data: Record<string, unknown>): string {
  if (kind === 'training-registration') return `${text(data.company)} (${text(data.contact_name)})`;
  return [text(data.first_name), text(data.last_name)].filter(Boolean).join(' ');
}

function summaryOf(kind: Kind, data: Record<string, unknown>, vacancy: string | null): string {
  if (kind === 'contact') return text(data.subject);
  if (kind === 'construction-starts')
    return `Jobsite in ${text(data.site_town)}, from ${text(data.start_date)}`;
  if (kind === 'application') return vacancy ?? 'Spontaneous application';
  const count = Array.isArray(data.participants) ? data.participants.length : 0;
  return `${count} participants`;
}

function toItem(row: Row, vacancy: string | null = null): InboxItem {
  const kind = row.kind as Kind;
  return {
    id: row.id,
    kind,
    status: row.status,
    assignee:
      row.assigneeId === null
        ? null
        : { id: row.assigneeId, name: row.assigneeName ?? String(row.assigneeId) },
    name: nameOf(kind, row.data),
    email: text(row.data.email) || null,
    summary: summaryOf(kind, row.data, vacancy),
    created_at: row.createdAt.toISOString(),
    respond_by:
      kind === 'construction-starts'
        ? new Date(row.createdAt.getTime() + JOBSITE_SUPPORT_HOURS * HOUR_MS).toISOString()
        : null,
    retain_until: row.retainUntil.toISOString(),
    version: row.version,
  };
}

/** The title of the job page an application names (left join: a spontaneous one has none). */
const vacancyTitle = contentEntries.title;
const vacancyJoin = sql`${contentEntries.id}::text = ${submissions.data} ->> 'page_id'`;

function scope(siteId: number, kinds: readonly string[], id?: number): SQL[] {
  return [
    eq(submissions.siteId, siteId),
    inArray(submissions.kind, [...kinds]),
    ...(id === undefined ? [] : [eq(submissions.id, id)]),
  ];
}

/** A group's submissions, paged, sorted and filtered (kind, status, assignee, training session). */
export async function listInbox(
  db: Database,
  siteId: number,
  kinds: readonly string[],
  query: InboxListQuery,
  me: number | null,
): Promise<{ items: InboxItem[]; total: number }> {
  const conditions = scope(siteId, kinds);
  if (query.kind) conditions.push(eq(submissions.kind, query.kind));
  if (query.status) conditions.push(eq(submissions.status, query.status));
  if (query.assignee === 'none') conditions.push(isNull(submissions.assigneeId));
  else if (query.assignee === 'me') {
    conditions.push(me === null ? sql`false` : eq(submissions.assigneeId, me));
  } else if (query.assignee !== undefined) conditions.push(eq(submissions.assigneeId, query.assignee));
  if (query.session_id !== undefined) {
    conditions.push(sql`${submissions.data} ->> 'session_id' = ${String(query.session_id)}`);
  }
  const where = and(...conditions);
  const direction = query.order === 'ASC' ? asc : desc;
  const column = { created_at: submissions.createdAt, id: submissions.id, status: submissions.status }[
    query.sort
  ];
  const [rows, [counted]] = await Promise.all([
    db
      .select({ row: submissions, vacancy: vacancyTitle })
      .from(submissions)
      .leftJoin(contentEntries, vacancyJoin)
      .where(where)
      .orderBy(direction(column), direction(submissions.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(submissions)
      .where(where),
  ]);
  return { items: rows.map(({ row, vacancy }) => toItem(row, vacancy)), total: counted?.total ?? 0 };
}

async function notesOf(db: Executor, submissionId: number): Promise<InboxNote[]> {
  const rows = await db
    .select()
    .from(submissionNotes)
    .where(eq(submissionNotes.submissionId, submissionId))
    .orderBy(asc(submissionNotes.createdAt), asc(submissionNotes.id));
  return rows.map(noteOf);
}

const noteOf = (row: typeof submissionNotes.$inferSelect): InboxNote => ({
  id: row.id,
  kind: row.kind,
  staff_name: row.staffName,
  body: row.body,
  created_at: row.createdAt.toISOString(),
});

/** One submission of the group with what the visitor sent, its notes and replies, and its CV's details. */
export async function inboxPage(
  db: Executor,
  siteId: number,
  kinds: readonly string[],
  id: number,
): Promise<InboxPage> {
  const [found] = await db
    .select({ row: submissions, vacancy: vacancyTitle })
    .from(submissions)
    .leftJoin(contentEntries, vacancyJoin)
    .where(and(...scope(siteId, kinds, id)));
  if (!found) throw notFound(`Submission ${id}`);
  const [cv] = await db
    .select({
      file_name: submissionFiles.fileName,
      content_type: submissionFiles.contentType,
      size_bytes: submissionFiles.sizeBytes,
    })
    .from(submissionFiles)
    .where(eq(submissionFiles.submissionId, id))
    .limit(1);
  return {
    ...toItem(found.row, found.vacancy),
    data: found.row.data,
    notes: await notesOf(db, id),
    cv: cv ?? null,
  };
}

/**
 * Sets the status and/or the assignee from the `version` read: one conditional update (`where version = ?`), so of
 * two changes from one version exactly one wins and the other is a 409. The assignee must be an active person.
 */
export async function updateInboxItem(
  db: Executor,
  siteId: number,
  kinds: readonly string[],
  id: number,
  changes: { version: number; status?: SubmissionStatus; assignee_id?: number | null },
  now: Date,
): Promise<void> {
  let assignee: { assigneeId: number | null; assigneeName: string | null } | undefined;
  if (changes.assignee_id === null) assignee = { assigneeId: null, assigneeName: null };
  else if (changes.assignee_id !== undefined) {
    const [person] = await db
      .select({ id: staffPeople.id, name: staffPeople.name })
      .from(staffPeople)
      .where(and(eq(staffPeople.id, changes.assignee_id), eq(staffPeople.active, true)));
    if (!person) {
      throw fieldError(
        'invalid_request',
        'assignee_id',
        `No active staff person ${changes.assignee_id}`,
        'Choose an active member of staff',
      );
    }
    assignee = { assigneeId: person.id, assigneeName: person.name };
  }
  const updated = await db
    .update(submissions)
    .set({
      ...(changes.status ? { status: changes.status } : {}),
      ...assignee,
      version: sql`${submissions.version} + 1`,
      updatedAt: now,
    })
    .where(and(...scope(siteId, kinds, id), eq(submissions.version, changes.version)))
    .returning({ id: submissions.id });
  if (updated.length > 0) return;
  const [stored] = await db
    .select({ version: submissions.version })
    .from(submissions)
    .where(and(...scope(siteId, kinds, id)));
  if (!stored) throw notFound(`Submission ${id}`);
  throw versionConflict(`Submission ${id}`, changes.version, stored.version);
}

/** Adds a note or a reply to the timeline of the group's submission `id` (404 when it has none). */
export async function addInboxNote(
  db: Executor,
  note: {
    siteId: number;
    kinds: readonly string[];
    id: number;
    kind: 'note' | 'reply';
    author: NoteAuthor;
    body: string;
    now: Date;
  },
): Promise<InboxNote> {
  const [found] = await db
    .select({ id: submissions.id })
    .from(submissions)
    .where(and(...scope(note.siteId, note.kinds, note.id)));
  if (!found) throw notFound(`Submission ${note.id}`);
  const [row] = await db
    .insert(submissionNotes)
    .values({
      submissionId: found.id,
      kind: note.kind,
      staffId: note.author.staffId,
      staffName: note.author.name,
      body: note.body,
      createdAt: note.now,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  // A note is a change of the item: its version moves, so a page read before it reloads.
  await db
    .update(submissions)
    .set({ version: sql`${submissions.version} + 1`, updatedAt: note.now })
    .where(eq(submissions.id, found.id));
  return noteOf(row);
}

/**
 * A reply from the console to the address the visitor typed, queued in the outbox, and kept on the timeline. It
 * quotes nothing the visitor wrote (docs/security.md, the hardening of the form e-mails): the greeting is a name
 * only when it reads as one, then staff's own subject and text; never the visitor's message.
 */
export async function replyToSubmission(
  db: Executor,
  mail: MailConfig,
  reply: {
    siteId: number;
    kinds: readonly string[];
    id: number;
    author: NoteAuthor;
    subject: string;
    body: string;
    now: Date;
  },
): Promise<{ note: InboxNote; mailId: number }> {
  const [found] = await db
    .select()
    .from(submissions)
    .where(and(...scope(reply.siteId, reply.kinds, reply.id)));
  if (!found) throw notFound(`Submission ${reply.id}`);
  const to = text(found.data.email);
  if (!to) {
    throw new DomainError('no_address', `Submission ${reply.id} gave no e-mail address to reply to`, {
      conflict: true,
    });
  }
  const data = found.data;
  const civility = CIVILITIES[text(data.civility)];
  const greeting = greetingOf(
    text(data.contact_name) ||
      (civility && text(data.last_name) ? `${civility} ${text(data.last_name)}` : '') ||
      [text(data.first_name), text(data.last_name)].join(' '),
  );
  const content = render({
    subject: reply.subject,
    greeting,
    blocks: reply.body
      .split(/\n{2,}/)
      .map((paragraph) => paragraph.trim())
      .filter(Boolean)
      .map((paragraph) => ({ kind: 'paragraph' as const, text: paragraph })),
    signature: [reply.author.name, 'Plasterwick'],
  });
  const queued = await enqueueMail(db, {
    kind: `${found.kind}.reply`,
    to,
    // The visitor's answer reaches the form's staff address, as the notification's reply reaches the visitor.
    replyTo: mail.staffTo[found.kind as Kind],
    messageIdDomain: senderDomain(mail.from),
    ...content,
  });
  const note = await addInboxNote(db, {
    siteId: reply.siteId,
    kinds: reply.kinds,
    id: reply.id,
    kind: 'reply',
    author: reply.author,
    body: `${reply.subject}\n\n${reply.body}`,
    now: reply.now,
  });
  return { note, mailId: queued.id };
}

/** What the audit trail compares before and after a change: the handling, never the visitor's data. */
export async function inboxState(db: Executor, id: number | string) {
  const [row] = await db
    .select({
      status: submissions.status,
      assignee_id: submissions.assigneeId,
      version: submissions.version,
    })
    .from(submissions)
    .where(eq(submissions.id, Number(id)));
  return row ?? null;
}

/** The active staff people of `roles` (those who may read a group), by name: whom an item can be assigned to. */
export async function assigneesOf(db: Database, roles: readonly string[]) {
  if (roles.length === 0) return [];
  return db
    .select({ id: staffPeople.id, name: staffPeople.name })
    .from(staffPeople)
    .where(and(eq(staffPeople.active, true), inArray(staffPeople.role, roles as never[])))
    .orderBy(asc(staffPeople.name), asc(staffPeople.id));
}

/** Contact messages and jobsite-support requests still `new`: the dashboard's count. */
export async function unansweredMessages(db: Database, siteId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(submissions)
    .where(
      and(
        eq(submissions.siteId, siteId),
        inArray(submissions.kind, ['contact', 'construction-starts']),
        eq(submissions.status, 'new'),
      ),
    );
  return row?.count ?? 0;
}

/** The site's training sessions with their places and registered participants, earliest first. */
export async function trainingSessionSummaries(db: Database, siteId: number, now: Date, upcoming: boolean) {
  const rows = await db
    .select({
      session: trainingSessions,
      registrations: sql<number>`(select count(*)::int from ${submissions}
        where ${submissions.siteId} = ${siteId} and ${submissions.kind} = 'training-registration'
        and ${submissions.data} ->> 'session_id' = "training_session"."id"::text)`,
    })
    .from(trainingSessions)
    .where(eq(trainingSessions.siteId, siteId))
    .orderBy(asc(trainingSessions.startsOn));
  return rows
    .filter(({ session }) => !upcoming || session.startsOn.getTime() >= now.getTime())
    .map(({ session, registrations }) => ({
      id: session.id,
      title: session.title,
      location: session.location,
      starts_on: session.startsOn.toISOString(),
      places: session.places,
      places_left: Math.max(0, session.places - session.placesTaken),
      participants: session.placesTaken,
      registrations,
    }));
}

const CSV_COLUMNS = [
  'first_name',
  'last_name',
  'function',
  'participant_email',
  'company',
  'contact_name',
  'contact_email',
  'contact_phone',
  'registration_id',
] as const;

/**
 * The participants of a session, one line each, for the trainer. A cell a spreadsheet would run as a formula (a
 * name typed as `=HYPERLINK(…)`) is quoted with `'`, as the audit export does.
 */
export async function participantsCsv(
  db: Database,
  siteId: number,
  sessionId: number,
): Promise<{ title: string; csv: string }> {
  const [session] = await db
    .select({ title: trainingSessions.title })
    .from(trainingSessions)
    .where(and(eq(trainingSessions.id, sessionId), eq(trainingSessions.siteId, siteId)));
  if (!session) throw notFound(`Training session ${sessionId}`);
  const registrations = await db
    .select()
    .from(submissions)
    .where(
      and(
        eq(submissions.siteId, siteId),
        eq(submissions.kind, 'training-registration'),
        sql`${submissions.data} ->> 'session_id' = ${String(sessionId)}`,
      ),
    )
    .orderBy(asc(submissions.createdAt), asc(submissions.id));
  const lines = registrations.flatMap((row) => {
    const data = row.data;
    const participants = Array.isArray(data.participants)
      ? (data.participants as Record<string, unknown>[])
      : [];
    return participants.map((p) => [
      text(p.first_name),
      text(p.last_name),
      text(p.function),
      text(p.email),
      text(data.company),
      text(data.contact_name),
      text(data.email),
      text(data.phone),
      row.id,
    ]);
  });
  const csv = stringify(lines, {
    header: true,
    columns: [...CSV_COLUMNS],
    cast: { string: (value) => value.replace(/^[=+\-@\t\r]/, "'$&") },
  });
  return { title: session.title, csv };
}
