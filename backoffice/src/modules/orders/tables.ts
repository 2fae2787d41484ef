/**
 * Orders: the snapshot of a priced basket at completion (lines with their unit prices and VAT, totals, delivery and
 * billing), numbered `PW-000123`. One order per cart (`UNIQUE (cart_id)`): a repeated or concurrent completion
 * finds the same order. An order whose payment failed lets go of its cart (`cart_id` null), so the basket can be
 * paid again. Amounts are checked by the database: never negative, `ex + vat = inc`, total = lines − discount +
 * delivery. Re-exported by db/schema.ts.
 */
import { FULFILMENT_STATUSES, SHIPPING_CARRIER_CODES } from '@plasterwick/shop-rules/fulfilment';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { carts } from '../cart/tables.ts';
import { discounts } from '../discounts/tables.ts';
import { customers } from '../customers/tables.ts';
import { salesPlans, sites } from '../site/tables.ts';

export const ORDER_STATUSES = [
  'pending_payment',
  'paid',
  'on_account',
  'payment_failed',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Order numbers: `PW-` and the sequence's next value on 6 digits. */
export const orderNumberSequence = pgSequence('order_number_seq', { startWith: 1, increment: 1 });

/**
 * Who and where, from the stored checkout steps, as SQL over the table's own columns (a generated column may not
 * read another, so the search text repeats them). The name staff know the order by: the billing address's, else
 * the delivery address's, else the name given for a collection (billing is optional when collecting). `||` and
 * `coalesce`, not `concat_ws`: a generated column takes only immutable functions, and `concat_ws` is stable.
 */
const NAME_SQL = `coalesce(
  nullif(trim(coalesce(billing->'address'->>'first_name', '') || ' ' || coalesce(billing->'address'->>'last_name', '')), ''),
  trim(coalesce(delivery->'address'->>'first_name', delivery->>'first_name', '') || ' '
    || coalesce(delivery->'address'->>'last_name', delivery->>'last_name', '')))`;
/** The customer's postcode: the delivery address's, else the billing one (a collection's stockist is not theirs). */
const POSTCODE_SQL = `coalesce(delivery->'address'->>'postcode', billing->'address'->>'postcode')`;

/** Three amount columns `<name>_ex_pence`, `_vat_pence`, `_inc_pence` and their CHECK (`ex + vat = inc`, ≥ 0). */
const amountChecks = (name: string, ex: unknown, vat: unknown, inc: unknown) =>
  check(`orders_${name}_check`, sql`${ex} >= 0 and ${vat} >= 0 and ${ex} + ${vat} = ${inc}`);

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull().unique(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    planId: integer('plan_id')
      .notNull()
      .references(() => salesPlans.id),
    audience: text('audience', { enum: ['pro', 'part'] }).notNull(),
    /** The basket it was placed from, while the order holds it (one order per cart). */
    cartId: integer('cart_id')
      .unique()
      .references(() => carts.id, { onDelete: 'set null' }),
    /**
     * The account it belongs to: placed while logged in, or a guest order attached when the account verified the
     * order's e-mail address (guests: null).
     */
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending_payment'),
    paymentMethod: text('payment_method', { enum: ['card', 'on_account'] }).notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    poNumber: text('po_number'),
    /** The delivery and billing steps as chosen (see cart/schemas.ts `deliveryView`, `billingView`). */
    delivery: jsonb('delivery').$type<Record<string, unknown>>().notNull(),
    billing: jsonb('billing').$type<Record<string, unknown>>().notNull(),
    currency: text('currency').notNull(),
    vatRateBp: integer('vat_rate_bp').notNull(),
    pricesIncludeVat: boolean('prices_include_vat').notNull(),
    discountId: integer('discount_id').references(() => discounts.id, { onDelete: 'set null' }),
    discountCode: text('discount_code'),
    discountDescription: text('discount_description'),
    subtotalExPence: integer('subtotal_ex_pence').notNull(),
    subtotalVatPence: integer('subtotal_vat_pence').notNull(),
    subtotalIncPence: integer('subtotal_inc_pence').notNull(),
    discountExPence: integer('discount_ex_pence').notNull(),
    discountVatPence: integer('discount_vat_pence').notNull(),
    discountIncPence: integer('discount_inc_pence').notNull(),
    shippingExPence: integer('shipping_ex_pence').notNull(),
    shippingVatPence: integer('shipping_vat_pence').notNull(),
    shippingIncPence: integer('shipping_inc_pence').notNull(),
    totalExPence: integer('total_ex_pence').notNull(),
    totalVatPence: integer('total_vat_pence').notNull(),
    totalIncPence: integer('total_inc_pence').notNull(),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** On account: when the invoice falls due (placed_at + the account's payment terms). */
    paymentDueAt: timestamp('payment_due_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    /**
     * Fulfilment, beside the payment status (shop-rules/fulfilment.ts): its own machine, moved by conditional
     * updates from the state the move starts from.
     */
    fulfilmentStatus: text('fulfilment_status', { enum: FULFILMENT_STATUSES })
      .notNull()
      .default('unfulfilled'),
    /** How the order reaches the customer: `delivery` or `collect` (copied from `delivery.method`). */
    fulfilmentMethod: text('fulfilment_method', { enum: ['delivery', 'collect'] }).notNull(),
    /** Dispatch: the parcel carrier (shop-rules SHIPPING_CARRIERS) and its tracking number. */
    shippingCarrier: text('shipping_carrier', { enum: SHIPPING_CARRIER_CODES }),
    trackingNumber: text('tracking_number'),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    collectedAt: timestamp('collected_at', { withTimezone: true }),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    /**
     * The account's holder had their personal data erased (UK GDPR, issue 24; flows/erase-customer.ts): the
     * customer link is cleared, e-mail and phone blanked; the name and addresses stay for the VAT records.
     */
    customerErasedAt: timestamp('customer_erased_at', { withTimezone: true }),
    /** The staff order list's name and postcode (issue 23): plain columns, so its filters read no JSON. */
    customerName: text('customer_name').generatedAlwaysAs(sql.raw(NAME_SQL)).notNull(),
    customerPostcode: text('customer_postcode').generatedAlwaysAs(sql.raw(POSTCODE_SQL)),
    /**
     * Number, e-mail, name and postcode, lower-cased, one per line, under a trigram index: the staff list's `q`
     * is a plain LIKE on it (no text filter can hold a line break, so no match spans two fields), and each
     * field's own filter asks it first, for the index, then checks the field on the few rows left. A LIKE on
     * lower-cased text, not ILIKE: on the embedded database ILIKE lower-cases every candidate row again.
     */
    listSearch: text('list_search')
      .generatedAlwaysAs(
        sql.raw(
          `lower(number || E'\\n' || email || E'\\n' || ${NAME_SQL} || E'\\n' || coalesce(${POSTCODE_SQL}, ''))`,
        ),
      )
      .notNull(),
  },
  (t) => [
    index('orders_site_placed').on(t.siteId, t.placedAt),
    index('orders_site_fulfilment_placed').on(t.siteId, t.fulfilmentStatus, t.placedAt),
    // The staff list filtered by status, newest first.
    index('orders_site_status_placed').on(t.siteId, t.status, t.placedAt),
    // No pending list (fastupdate): PGlite runs no autovacuum to merge it, so it would only grow, be read by every
    // search and make the planner cost the index above a scan of the whole table.
    index('orders_list_search_trgm')
      .using('gin', sql`${t.listSearch} gin_trgm_ops`)
      .with({ fastupdate: false }),
    check(
      'orders_dispatch_check',
      sql`${t.fulfilmentStatus} not in ('dispatched', 'delivered') or (${t.shippingCarrier} is not null and ${t.trackingNumber} is not null and ${t.dispatchedAt} is not null)`,
    ),
    check(
      'orders_fulfilment_paid_check',
      sql`${t.fulfilmentStatus} in ('unfulfilled', 'cancelled') or ${t.status} in ('paid', 'on_account')`,
    ),
    check(
      'orders_fulfilment_method_check',
      sql`(${t.fulfilmentMethod} = 'delivery' and ${t.fulfilmentStatus} not in ('ready_for_collection', 'collected'))
        or (${t.fulfilmentMethod} = 'collect' and ${t.fulfilmentStatus} not in ('dispatched', 'delivered'))`,
    ),
    amountChecks('subtotal', t.subtotalExPence, t.subtotalVatPence, t.subtotalIncPence),
    amountChecks('discount', t.discountExPence, t.discountVatPence, t.discountIncPence),
    amountChecks('shipping', t.shippingExPence, t.shippingVatPence, t.shippingIncPence),
    amountChecks('total', t.totalExPence, t.totalVatPence, t.totalIncPence),
    check(
      'orders_discount_within_check',
      sql`${t.discountExPence} <= ${t.subtotalExPence} and ${t.discountVatPence} <= ${t.subtotalVatPence} and ${t.discountIncPence} <= ${t.subtotalIncPence}`,
    ),
    check(
      'orders_total_sum_check',
      sql`${t.totalExPence} = ${t.subtotalExPence} - ${t.discountExPence} + ${t.shippingExPence}
        and ${t.totalVatPence} = ${t.subtotalVatPence} - ${t.discountVatPence} + ${t.shippingVatPence}`,
    ),
    check(
      'orders_on_account_check',
      sql`${t.paymentMethod} <> 'on_account' or ((${t.customerId} is not null or ${t.customerErasedAt} is not null) and ${t.paymentDueAt} is not null)`,
    ),
    check('orders_customer_erased_check', sql`${t.customerErasedAt} is null or ${t.customerId} is null`),
    index('orders_customer_placed').on(t.customerId, t.placedAt),
    check('orders_number_check', sql`${t.number} ~ '^PW-[0-9]{6,}$'`),
  ],
);

/** A line of an order: what was bought, as it was priced (the catalogue may change later). */
export const orderLines = pgTable(
  'order_line',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** Catalogue ids at the time (no foreign key: products and packs may be edited or deleted later). */
    productId: integer('product_id'),
    variantId: integer('variant_id'),
    productSlug: text('product_slug').notNull(),
    variantReference: text('variant_reference').notNull(),
    name: text('name').notNull(),
    variantLabel: text('variant_label').notNull(),
    quantity: integer('quantity').notNull(),
    unitExPence: integer('unit_ex_pence').notNull(),
    unitIncPence: integer('unit_inc_pence').notNull(),
    lineExPence: integer('line_ex_pence').notNull(),
    lineVatPence: integer('line_vat_pence').notNull(),
    lineIncPence: integer('line_inc_pence').notNull(),
    vatRateBp: integer('vat_rate_bp').notNull(),
    free: boolean('free').notNull().default(false),
  },
  (t) => [
    index('order_line_order').on(t.orderId),
    check('order_line_quantity_check', sql`${t.quantity} between 1 and 999`),
    check(
      'order_line_amounts_check',
      sql`${t.unitExPence} >= 0 and ${t.unitIncPence} >= 0 and ${t.lineExPence} >= 0 and ${t.lineVatPence} >= 0
        and ${t.lineExPence} + ${t.lineVatPence} = ${t.lineIncPence}`,
    ),
  ],
);

/**
 * A guest's access to an order (api-contract.md "Checkout and orders": 2 hours from completion); only the token's
 * SHA-256 is stored.
 */
export const orderAccess = pgTable(
  'order_access',
  {
    tokenHash: text('token_hash').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('order_access_order').on(t.orderId)],
);

/** An internal note on an order, by a member of staff (never shown to the customer). */
export const orderNotes = pgTable(
  'order_note',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The staff person who wrote it (no foreign key: the staff module owns people; the name is kept as written). */
    staffId: integer('staff_id'),
    staffName: text('staff_name').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('order_note_order').on(t.orderId, t.createdAt),
    check('order_note_body_check', sql`length(${t.body}) between 1 and 4000`),
  ],
);
