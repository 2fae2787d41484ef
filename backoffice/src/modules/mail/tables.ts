/**
 * The mail outbox: every e-mail the shop sends is a row written in the same transaction as the change it reports
 * (a form stored, an order placed), then sent once by the worker. Re-exported by db/schema.ts.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    /** What the message is, for logs and tests: `contact.acknowledgement`, `contact.staff`… */
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    /** Staff notifications reply to the visitor who wrote. */
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /** RFC 5322 Message-ID fixed at enqueue, so a retry after an unclear SMTP answer is the same message. */
    messageId: text('message_id').notNull().unique(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A worker that claimed the row holds it until then; after that another may retry it. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('mail_outbox_attempts_check', sql`${t.attempts} >= 0`),
    index('mail_outbox_due')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null`),
  ],
);
