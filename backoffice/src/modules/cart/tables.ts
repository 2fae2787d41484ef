/**
 * The basket: carts (found by a hashed token valid 3 days), their lines and the carriers that price its delivery.
 * Invariants live here (api-contract.md principle 3): quantities 1–999, one line per pack, amounts never negative.
 * Re-exported by db/schema.ts, the one list drizzle-kit and the rest of the code read.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers } from '../customers/tables.ts';
import { discounts } from '../discounts/tables.ts';
import { salesPlans, sites } from '../site/tables.ts';

/**
 * A basket. The token is 32 random bytes given to the browser once; only its SHA-256 is stored. It is valid until
 * `token_expires_at`, 3 days after it was set, never extended. `completed_at` is set when its order is paid: the
 * token then no longer opens it.
 */
export const carts = pgTable(
  'cart',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    tokenHash: text('token_hash').notNull().unique(),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }).notNull(),
    /**
     * The plan it was last priced in (a call in the other plan re-prices it: the audience switch of
     * api-contract.md "Cart").
     */
    planId: integer('plan_id')
      .notNull()
      .references(() => salesPlans.id),
    discountId: integer('discount_id').references(() => discounts.id, { onDelete: 'set null' }),
    /** The customer it belongs to (guests: null): a logged-in customer has at most one open basket. */
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** The checkout steps' choices: `PUT /checkout/delivery` and `/checkout/billing` (validated JSON). */
    delivery: jsonb('delivery').$type<Record<string, unknown>>(),
    billing: jsonb('billing').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('cart_token_expires_at').on(t.tokenExpiresAt),
    uniqueIndex('cart_customer_open')
      .on(t.customerId)
      .where(sql`${t.customerId} is not null and ${t.completedAt} is null`),
  ],
);

/** One pack in a basket. The pack is named by its reference (variant rows are replaced when a product is edited). */
export type CartRow = typeof carts.$inferSelect;

export const cartLines = pgTable(
  'cart_line',
  {
    id: serial('id').primaryKey(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    variantReference: text('variant_reference').notNull(),
    /** The product and pack names when added, to name a line that had to be removed. */
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cart_line_cart_variant').on(t.cartId, t.variantReference),
    check('cart_line_quantity_check', sql`${t.quantity} between 1 and 999`),
  ],
);

/**
 * A delivery service of one plan, priced in that plan's basis by weight band (`carrier_rate`), free when the
 * discounted subtotal reaches `free_over_pence`, with a surcharge for the Highlands, islands and Northern Ireland.
 */
export const carriers = pgTable(
  'carrier',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => salesPlans.id),
    code: text('code').notNull(),
    label: text('label').notNull(),
    description: text('description').notNull(),
    nextDay: boolean('next_day').notNull().default(false),
    freeOverPence: integer('free_over_pence'),
    remoteSurchargePence: integer('remote_surcharge_pence').notNull().default(0),
    position: integer('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('carrier_plan_code').on(t.planId, t.code),
    check(
      'carrier_amounts_check',
      sql`${t.remoteSurchargePence} >= 0 and (${t.freeOverPence} is null or ${t.freeOverPence} >= 0)`,
    ),
  ],
);

/** A weight band of a carrier: parcels up to `up_to_grams` cost `price_pence` (the last band has no limit or is the limit). */
export const carrierRates = pgTable(
  'carrier_rate',
  {
    id: serial('id').primaryKey(),
    carrierId: integer('carrier_id')
      .notNull()
      .references(() => carriers.id, { onDelete: 'cascade' }),
    upToGrams: integer('up_to_grams').notNull(),
    pricePence: integer('price_pence').notNull(),
  },
  (t) => [
    uniqueIndex('carrier_rate_band').on(t.carrierId, t.upToGrams),
    check('carrier_rate_check', sql`${t.upToGrams} > 0 and ${t.pricePence} >= 0`),
  ],
);
