/**
 * The back-office data model: every table, re-exported from the module that owns it (`modules/<domain>/tables.ts`),
 * so drizzle-kit and the rest of the code read one list, and the tables of the infrastructure below (no module
 * owns them). Catalogue data (products, variants, prices,
 * characteristics, categories) is relational because search, facets and the selector guide query it; CMS content
 * is one table of typed entries whose `data` is validated per resource by zod (see modules/content/resources.ts).
 */
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export * from '../modules/site/tables.ts';
export * from '../modules/catalogue/tables.ts';
export * from '../modules/media/tables.ts';
export * from '../modules/content/tables.ts';
export * from '../modules/forms/tables.ts';
export * from '../modules/store-locator/tables.ts';
export * from '../modules/redirect/tables.ts';
export * from '../modules/training/tables.ts';
export * from '../modules/mail/tables.ts';
export * from '../modules/bot-check/tables.ts';
export * from '../modules/customers/tables.ts';
export * from '../modules/discounts/tables.ts';
export * from '../modules/addresses/tables.ts';
export * from '../modules/wishlist/tables.ts';
export * from '../modules/cart/tables.ts';
export * from '../modules/orders/tables.ts';
export * from '../modules/payments/tables.ts';
export * from '../modules/staff/tables.ts';
export * from '../modules/audit/tables.ts';
export * from '../modules/documents/tables.ts';
export * from '../modules/trade/tables.ts';
export * from '../modules/builds/tables.ts';

/**
 * Single-row counter bumped on every write to published content (db/content-version.ts); `GET /content-version`
 * returns it.
 */
export const contentVersion = pgTable('content_version', {
  id: integer('id').primaryKey(),
  version: integer('version').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One-off data migrations (db/data-migrations.ts) that have run on this database: each runs once, ever. */
export const dataMigrations = pgTable('data_migration', {
  name: text('name').primaryKey(),
  /** Rows the migration changed. */
  changed: integer('changed').notNull().default(0),
  ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The per-visitor limits every back-office shares (lib/shared-counter.ts): one fixed-window counter per key (a
 * limited route and a client address, or a client's secret guesses), counted by one upsert so several back-offices
 * on the database allow together what one allows. Rows whose window has ended are swept every minute.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counter',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counter_window_ends_at').on(t.windowEndsAt)],
);
