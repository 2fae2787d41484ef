/**
 * Form submissions from the public site.
 * Re-exported by db/schema.ts, the one list drizzle-kit and the rest of the code read.
 */
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
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
    /** Internal staff note (never shown to the visitor). */
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('submission_site_kind_created').on(t.siteId, t.kind, t.createdAt)],
);
