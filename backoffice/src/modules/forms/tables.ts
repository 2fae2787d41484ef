/**
 * Form submissions from the public site, and the files sent with them (a job application's CV).
 * Re-exported by db/schema.ts, the one list drizzle-kit and the rest of the code read.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { sites } from '../site/tables.ts';

/** Form submissions from the public site (contact, jobsite support, job application, sign-up, training). */
export const submissions = pgTable(
  'submission',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    kind: text('kind').notNull(),
    /** What the visitor sent, as validated; staff never edit it. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    /** Staff handling: `new` on arrival, then `in_progress`, then `done`. */
    status: text('status', { enum: ['new', 'in_progress', 'done'] })
      .notNull()
      .default('new'),
    /**
     * The single staff note of the API-key calls (`PUT /{form}`; never shown to the visitor). The console writes
     * dated notes instead (`submission_note`).
     */
    note: text('note').notNull().default(''),
    /** The staff person handling it (no foreign key: the staff module owns people; the name is kept as set). */
    assigneeId: integer('assignee_id'),
    assigneeName: text('assignee_name'),
    /**
     * When the retention job deletes it (with its CV): 2 years after receipt, a job application 12 months after
     * its vacancy closes (forms/retention.ts). The code always sets it from the app's clock; the default (the
     * longest period) is only a net for a row written some other way.
     */
    retainUntil: timestamp('retain_until', { withTimezone: true })
      .notNull()
      .default(sql`now() + interval '2 years'`),
    /** Rises by one with each staff update: an update naming an older one is refused. */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('submission_site_kind_created').on(t.siteId, t.kind, t.createdAt),
    index('submission_retain_until').on(t.retainUntil),
    check('submission_assignee_check', sql`(${t.assigneeId} is null) = (${t.assigneeName} is null)`),
  ],
);

/**
 * A submission's timeline: internal notes and the replies sent from the console (the reply's subject and text as
 * staff wrote them). Deleted with the submission.
 */
export const submissionNotes = pgTable(
  'submission_note',
  {
    id: serial('id').primaryKey(),
    submissionId: integer('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['note', 'reply'] }).notNull(),
    /** The staff person who wrote it (null for a machine token or the API key); the name is kept as written. */
    staffId: integer('staff_id'),
    staffName: text('staff_name').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('submission_note_submission').on(t.submissionId, t.createdAt),
    check('submission_note_body_check', sql`length(${t.body}) between 1 and 12000`),
    check('submission_note_kind_check', sql`${t.kind} in ('note', 'reply')`),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * A file sent with a submission (a CV), kept in the database: written in the submission's transaction, deleted
 * with it, never under a public path. Staff download it with the API key only.
 */
export const submissionFiles = pgTable(
  'submission_file',
  {
    id: serial('id').primaryKey(),
    submissionId: integer('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    /** The visitor's file name, cleaned; used only in the download's Content-Disposition. */
    fileName: text('file_name').notNull(),
    /** The type its magic bytes showed (never the declared one). */
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    content: bytea('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('submission_file_size_check', sql`${t.sizeBytes} > 0 and ${t.sizeBytes} <= 5242880`),
    index('submission_file_submission').on(t.submissionId),
  ],
);
