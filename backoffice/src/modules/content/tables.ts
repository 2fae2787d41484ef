/**
 * CMS content of every kind in one table of typed entries (see resources.ts). Re-exported by db/schema.ts, the one
 * list drizzle-kit and the rest of the code read.
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tsvector } from '../../db/columns.ts';
import { sites } from '../site/tables.ts';

/**
 * CMS content of every kind (pages, news, jobs, folders, FAQ, documents, sliders, pushes, testimonies, menus,
 * settings, tags, reference lists). `data` is validated by the resource's zod schema.
 */
export const contentEntries = pgTable(
  'content_entry',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    resource: text('resource').notNull(),
    /** Page type technical name (`cms`, `actualite`, `job`), folder/document type, tag kind… */
    type: text('type'),
    slug: text('slug'),
    title: text('title').notNull().default(''),
    status: text('status', { enum: ['draft', 'published'] })
      .notNull()
      .default('published'),
    /** Audiences the entry is shown to. */
    audiences: text('audiences')
      .array()
      .notNull()
      .default(sql`'{pro,part}'::text[]`),
    position: integer('position').notNull().default(0),
    parentId: integer('parent_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    /** Plain text extracted from `data` for search. */
    searchText: text('search_text').notNull().default(''),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Rises by one with each write of the entry: a staff write names the version it was made from. */
    version: integer('version').notNull().default(1),
    /**
     * The pending draft of a published page, folder or FAQ entry (docs/decisions.md "Drafts and history"): the
     * resource's input as the editor last saved it, not live until published; null when there is none. A draft
     * entry (`status = 'draft'`) holds its text in its own columns instead.
     */
    draft: jsonb('draft').$type<Record<string, unknown>>(),
    /** When the `content-schedule` job publishes the entry (its pending draft, or the draft entry); UTC. */
    publishAt: timestamp('publish_at', { withTimezone: true }),
    /** When the `content-schedule` job takes the entry off the site; UTC. */
    unpublishAt: timestamp('unpublish_at', { withTimezone: true }),
    search: tsvector('search').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(search_text, '')), 'C')`,
    ),
  },
  (t) => [
    index('content_entry_resource').on(t.siteId, t.resource, t.status),
    uniqueIndex('content_entry_slug').on(t.siteId, t.resource, t.slug),
    index('content_entry_search').using('gin', t.search),
    index('content_entry_title_trgm').using('gin', sql`${t.title} gin_trgm_ops`),
    // A product's data sheets (`notice` entries naming it), read by every product detail.
    index('content_entry_product')
      .on(sql`(${t.data} ->> 'product_id')`)
      .where(sql`${t.resource} = 'notice'`),
    // What the `content-schedule` job looks for.
    index('content_entry_publish_at')
      .on(t.publishAt)
      .where(sql`${t.publishAt} is not null`),
    index('content_entry_unpublish_at')
      .on(t.unpublishAt)
      .where(sql`${t.unpublishAt} is not null`),
  ],
);

/**
 * Every saved version of a content entry, a stockist or a training session (issue 26, "History"): who saved it,
 * when, with what, and whether that version was live. `version` is the entity's version after the save; `snapshot`
 * is the entity as the editor saw it then (the resource's item, without `id` and `version`). Written by
 * `recordRevision` only; never updated.
 */
export const contentRevisions = pgTable(
  'content_revision',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    /** A content resource of the registry, `stockist` or `training-session`. */
    resource: text('resource').notNull(),
    entityId: integer('entity_id').notNull(),
    version: integer('version').notNull(),
    /** `create`, `update`, `publish`, `unpublish`, `schedule`, `restore`… */
    action: text('action').notNull(),
    /** Whether this version is what the site showed once saved (`published`) or not yet (`draft`). */
    status: text('status', { enum: ['draft', 'published'] }).notNull(),
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    actorType: text('actor_type').notNull(),
    actorId: integer('actor_id'),
    actorName: text('actor_name'),
  },
  (t) => [index('content_revision_entity').on(t.resource, t.entityId, t.id)],
);
