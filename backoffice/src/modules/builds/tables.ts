/**
 * The storefront's builds (issue 26): one record per build the launcher reports (its id is the launcher's build
 * id), and the current-build pointer, one row naming the build the storefront must serve. The launcher follows the
 * pointer; a build that succeeds moves it, a rollback moves it back. Re-exported by db/schema.ts.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const BUILD_STATUSES = ['building', 'succeeded', 'failed'] as const;
export type BuildStatus = (typeof BUILD_STATUSES)[number];

/** What a build holds (from its manifest): products, categories, pages, redirects. */
export interface BuildContents {
  products: number;
  categories: number;
  pages: number;
  redirects: number;
}

/** One content or catalogue write of the audit trail, between the previous good build and this one. */
export interface BuildChange {
  at: string;
  actor: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
}

export const buildRecords = pgTable(
  'build_record',
  {
    /** The launcher's build id (`20261127T143200-a1b2c3`), also its directory's name. */
    id: text('id').primaryKey(),
    contentVersion: integer('content_version').notNull(),
    status: text('status', { enum: BUILD_STATUSES }).notNull().default('building'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** One line: what the build did, or why it failed. */
    message: text('message'),
    /** The end of the build's output (at most 8 KB). */
    logTail: text('log_tail'),
    contents: jsonb('contents').$type<BuildContents>(),
    /** Content and catalogue writes since the previous good build (at most 50), and how many there were. */
    changes: jsonb('changes').$type<BuildChange[]>().notNull().default([]),
    changesTotal: integer('changes_total').notNull().default(0),
    /** When the storefront server last started serving it. */
    servedAt: timestamp('served_at', { withTimezone: true }),
    /** When the launcher deleted it from its disk: it cannot be rolled back to any more. */
    prunedAt: timestamp('pruned_at', { withTimezone: true }),
  },
  (t) => [
    index('build_record_started').on(t.startedAt),
    check('build_record_status_check', sql`${t.status} in ('building', 'succeeded', 'failed')`),
  ],
);

/** The current-build pointer: one row (id 1), absent until a first build succeeds. */
export const buildPointer = pgTable(
  'build_pointer',
  {
    id: integer('id').primaryKey(),
    buildId: text('build_id')
      .notNull()
      .references(() => buildRecords.id),
    movedAt: timestamp('moved_at', { withTimezone: true }).notNull(),
    /** `build` (a build succeeded) or `rollback`. */
    reason: text('reason', { enum: ['build', 'rollback'] }).notNull(),
    /** When the storefront began serving the build it names (null until the launcher says so). */
    servedAt: timestamp('served_at', { withTimezone: true }),
  },
  (t) => [
    check('build_pointer_single', sql`${t.id} = 1`),
    check('build_pointer_reason_check', sql`${t.reason} in ('build', 'rollback')`),
  ],
);
