/**
 * Stockists and the postcode geocoding table.
 * Re-exported by db/schema.ts, the one list drizzle-kit and the rest of the code read.
 */
import { doublePrecision, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { sites } from '../site/tables.ts';

export const stockists = pgTable(
  'stockist',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    name: text('name').notNull(),
    type: text('type', { enum: ['builders_merchant', 'trade_counter', 'diy_store'] }).notNull(),
    address: text('address').notNull(),
    town: text('town').notNull(),
    postcode: text('postcode').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    phone: text('phone').notNull(),
    /** `[{ days: 'Mon–Fri', hours: '7am–5pm' }]` */
    openingHours: jsonb('opening_hours').$type<{ days: string; hours: string }[]>().notNull(),
    audiences: text('audiences').array().notNull(),
    /** Rises by one with each committed staff write to the stockist: a write naming an older one is refused. */
    version: integer('version').notNull().default(1),
  },
  (t) => [index('stockist_town').on(t.town)],
);

/** Postcode geocoding table: areas (`B`), districts (`B1`) or full postcodes (`B1 1AA`), normalised without spaces. */
export const postcodes = pgTable('postcode', {
  code: text('code').primaryKey(),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  precision: text('precision', { enum: ['area', 'district', 'full'] }).notNull(),
});
