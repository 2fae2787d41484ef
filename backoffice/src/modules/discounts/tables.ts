/**
 * Discount codes and the uses orders hold of them. Invariants live here (api-contract.md principle 3): a code is used
 * at most `usage_limit` times (`used` counts the orders holding a use, given back when a payment fails), amounts
 * are never negative. Re-exported by db/schema.ts.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { orders } from '../orders/tables.ts';
import { sites } from '../site/tables.ts';

/**
 * A discount code (api-contract.md "Cart"): `cart_discount` takes `value` percent or pence off the subtotal;
 * `free_product` adds a free line of one pack. Amounts (`value` in pence, `min_subtotal_pence`) are in the basis of
 * the cart's plan: inc VAT for DIY, ex VAT for trade.
 */
export const discounts = pgTable(
  'discount',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    /** Upper case; shoppers' input is upper-cased before the lookup. */
    code: text('code').notNull(),
    /** Shown in the basket ("10 % off your order"). */
    description: text('description').notNull(),
    type: text('type', { enum: ['cart_discount', 'free_product'] }).notNull(),
    unit: text('unit', { enum: ['percent', 'pence'] }),
    value: integer('value'),
    /** The pack given by a `free_product` code. */
    freeVariantReference: text('free_variant_reference'),
    /** Only carts of this audience may use it; null = both. */
    audience: text('audience', { enum: ['pro', 'part'] }),
    minSubtotalPence: integer('min_subtotal_pence'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** Total uses allowed (null = no limit); `used` counts orders that hold a use (released when payment fails). */
    usageLimit: integer('usage_limit'),
    used: integer('used').notNull().default(0),
    /** Once per customer (guests: per e-mail address). */
    oncePerCustomer: boolean('once_per_customer').notNull().default(false),
    /** False once staff deactivate the code: the basket refuses it as an unknown code (rules.ts). */
    active: boolean('active').notNull().default(true),
    /** Bumped by every staff write; a write naming an older one is refused (409 `version_conflict`). */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Codes are stored as the basket looks them up (trimmed, upper case), so this key is case-insensitive.
    uniqueIndex('discount_site_code').on(t.siteId, t.code),
    check(
      'discount_code_check',
      sql`${t.code} = upper(btrim(${t.code})) and char_length(${t.code}) between 1 and 40`,
    ),
    check('discount_description_check', sql`char_length(${t.description}) between 1 and 200`),
    check(
      'discount_usage_check',
      sql`${t.used} >= 0 and (${t.usageLimit} is null or (${t.usageLimit} > 0 and ${t.used} <= ${t.usageLimit}))`,
    ),
    // A percentage is 1–100, an amount a positive number of pence, a free product names its pack and nothing else.
    check(
      'discount_kind_check',
      sql`(${t.type} = 'cart_discount' and ${t.freeVariantReference} is null and ${t.value} is not null
          and ((${t.unit} = 'percent' and ${t.value} between 1 and 100) or (${t.unit} = 'pence' and ${t.value} > 0)))
        or (${t.type} = 'free_product' and ${t.freeVariantReference} is not null and ${t.unit} is null and ${t.value} is null)`,
    ),
    check('discount_minimum_check', sql`${t.minSubtotalPence} is null or ${t.minSubtotalPence} >= 0`),
    check(
      'discount_dates_check',
      sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`,
    ),
    check('discount_version_check', sql`${t.version} > 0`),
  ],
);

export type DiscountRow = typeof discounts.$inferSelect;

/**
 * The use of a discount code an order holds (released, and the row deleted, when its payment fails or the order is
 * cancelled, so the shopper can use the code again). A once-per-customer code's uses carry whose they are, and the
 * database holds one use per code and customer (`discount_use_once_per_customer`).
 */
export const discountUses = pgTable(
  'discount_use',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    discountId: integer('discount_id')
      .notNull()
      .references(() => discounts.id, { onDelete: 'cascade' }),
    /** Lower-cased, as typed at checkout. */
    email: text('email').notNull(),
    /**
     * Whose use it is, for a once-per-customer code only (null otherwise): `c:<customer id>` when the order was
     * placed logged in (whatever e-mail was typed), `e:<normalised e-mail>` for a guest (uses.ts `customerKeyOf`).
     */
    customerKey: text('customer_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('discount_use_discount_email').on(t.discountId, t.email),
    uniqueIndex('discount_use_once_per_customer')
      .on(t.discountId, t.customerKey)
      .where(sql`${t.customerKey} is not null`),
  ],
);
