/**
 * The country sites and their sales plans (one per audience): reference data every other module points at.
 * Re-exported by db/schema.ts, the one list drizzle-kit and the rest of the code read.
 */
import { boolean, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';

/** A country site (the UK site has id 3). */
export const sites = pgTable('site', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  label: text('label').notNull(),
  url: text('url').notNull(),
  /** Host names this site answers for in the site lookup. */
  hosts: text('hosts').array().notNull(),
  /** `[{ code, label }]` */
  languages: jsonb('languages').$type<{ code: string; label: string }[]>().notNull(),
  /** Whether this is the shop served by this back-office (the others are subsidiary sites listed in the header). */
  isLocal: boolean('is_local').notNull().default(false),
});

/** A sales plan: one per audience (`pro`, `part`) per site. */
export const salesPlans = pgTable('sales_plan', {
  id: integer('id').primaryKey(),
  siteId: integer('site_id')
    .notNull()
    .references(() => sites.id),
  target: text('target', { enum: ['pro', 'part'] }).notNull(),
  label: text('label').notNull(),
  currencyCode: text('currency_code').notNull(),
  currencySymbol: text('currency_symbol').notNull(),
  /** VAT rate in basis points (2000 = 20 %). */
  vatRateBp: integer('vat_rate_bp').notNull(),
  /**
   * Whether the plan's prices are shelf prices inc VAT (DIY, `part`: £9.99 must be reachable) rather than ex VAT
   * (trade, `pro`). Its variant prices are stored in that basis (`variant_price`), and product writes must send it.
   */
  pricesIncludeVat: boolean('prices_include_vat').notNull().default(false),
});
