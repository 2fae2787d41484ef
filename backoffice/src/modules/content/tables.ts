/**
 * CMS content of every kind in one table of typed entries (see resources.ts). Re-exported by db/schema.ts, the one
 * list drizzle-kit and the rest of the code read.
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
  ],
);
