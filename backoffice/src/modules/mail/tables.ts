/**
 * The mail outbox: every e-mail the shop sends is a row written in the same transaction as the change it reports
 * (a form stored, an order placed), then sent once by the worker, with its attachments (documents rendered when it
 * was queued, so a retry sends the same bytes). Re-exported by db/schema.ts.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from '../../db/columns.ts';

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
    /**
     * The order the message is about (its confirmation, dispatch, refund…), so staff see an order's e-mails. No
     * foreign key: the mail module knows no orders, and a message stays a record of what was sent.
     */
    orderId: integer('order_id'),
  },
  (t) => [
    check('mail_outbox_attempts_check', sql`${t.attempts} >= 0`),
    index('mail_outbox_order').on(t.orderId),
    index('mail_outbox_due')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null`),
  ],
);

/** A file sent with a message (a VAT invoice, a credit note), stored as it was rendered when the message was queued. */
export const mailAttachments = pgTable(
  'mail_attachment',
  {
    id: serial('id').primaryKey(),
    mailId: integer('mail_id')
      .notNull()
      .references(() => mailOutbox.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [index('mail_attachment_mail').on(t.mailId)],
);
