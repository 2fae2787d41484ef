/**
 * Payments of orders, the provider events received about them, their refunds, and the `fake` provider's own side.
 *
 * A payment only moves forward (`pending` → `requires_action` → `succeeded` | `failed` | `cancelled`;
 * `succeeded` → `partially_refunded` → `refunded`), by conditional updates; an event is recorded once per provider
 * and event id, so a replayed webhook changes nothing. A basket has at most one card attempt open at a time
 * (`payment_one_open_attempt_per_cart`), and the refunds of a payment never add up to more than was captured
 * (`payment_refunded_check`, the reserved total kept on the payment in the transaction that adds each refund).
 * Re-exported by db/schema.ts.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { carts } from '../cart/tables.ts';
import { orders } from '../orders/tables.ts';

export const PAYMENT_STATUSES = [
  'pending',
  'requires_action',
  'succeeded',
  'failed',
  'cancelled',
  'partially_refunded',
  'refunded',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The statuses of a card attempt still open: being made (`pending`) or waiting for the shopper (3-D Secure). */
const OPEN_ATTEMPT = sql`status in ('pending', 'requires_action')`;

export const payments = pgTable(
  'payment',
  {
    /** `pay_` and 24 random hex digits: the provider's idempotency key, and in the test authorisation page's URL. */
    id: text('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The basket it pays for: one open attempt per basket (the partial unique index below). */
    cartId: integer('cart_id').references(() => carts.id, { onDelete: 'set null' }),
    provider: text('provider').notNull(),
    method: text('method', { enum: ['card'] }).notNull(),
    /** The provider's own id of the payment, once it has one. */
    providerRef: text('provider_ref'),
    amountPence: integer('amount_pence').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
    /** Where the shopper goes to authorise it (3-D Secure), while it requires action. */
    actionUrl: text('action_url'),
    failureCode: text('failure_code'),
    /**
     * When the attempt was started, or last taken over by whoever settles it: while `pending`, it counts as in
     * flight for `PAYMENT_RECONCILE_AFTER_SECONDS` from then, and is settled by the next attempt or the job after.
     */
    attemptAt: timestamp('attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** What the provider took: the amount, once it succeeded. */
    capturedPence: integer('captured_pence').notNull().default(0),
    /** What refunds have taken back or are taking back (pending ones included): never above the captured. */
    refundedPence: integer('refunded_pence').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('payment_order').on(t.orderId),
    check('payment_amount_check', sql`${t.amountPence} > 0`),
    check('payment_captured_check', sql`${t.capturedPence} >= 0 and ${t.capturedPence} <= ${t.amountPence}`),
    check(
      'payment_refunded_check',
      sql`${t.refundedPence} >= 0 and ${t.refundedPence} <= ${t.capturedPence}`,
    ),
    uniqueIndex('payment_one_open_attempt_per_cart').on(t.cartId).where(OPEN_ATTEMPT),
    index('payment_open_attempt_age').on(t.attemptAt).where(OPEN_ATTEMPT),
  ],
);

export const paymentEvents = pgTable(
  'payment_event',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    /** What the event did: `applied`, or `ignored` when it would have moved the payment backwards. */
    outcome: text('outcome').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;

/** An order line given back by a refund: how many of it, and the amount inc VAT they came to. */
export interface RefundedLine {
  order_line_id: number;
  quantity: number;
  amount_pence: number;
}
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/**
 * A refund of (part of) a payment, asked of the provider under its own idempotency key: the same key is the same
 * refund, however often it is asked. `pending` until the provider answers (or its webhook tells); a failed one
 * gives its amount back to what may still be refunded.
 */
export const paymentRefunds = pgTable(
  'payment_refund',
  {
    id: serial('id').primaryKey(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    amountPence: integer('amount_pence').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** The provider's id of the refund, once it answered. */
    providerRefundId: text('provider_refund_id').unique(),
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('pending'),
    failureCode: text('failure_code'),
    /** Why staff gave it back, as they wrote it (the customer's e-mail and the credit note print it). */
    reason: text('reason'),
    /**
     * The order lines it gives back, when refunded by line (`[{ order_line_id, quantity, amount_pence }]`); null
     * for a refund of an amount or of the whole order.
     */
    lines: jsonb('lines').$type<RefundedLine[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('payment_refund_payment').on(t.paymentId),
    check('payment_refund_amount_check', sql`${t.amountPence} > 0`),
  ],
);

// ---- the fake provider's side ----------------------------------------------------------------------------------

export const FAKE_PAYMENT_STATUSES = [
  'requires_action',
  'succeeded',
  'failed',
  'cancelled',
  'refunded',
] as const;

/**
 * What the `fake` provider knows of each payment, as a real provider keeps it on its servers: a restarted or second
 * back-office gets the same answers. One row per idempotency key (our payment id); `answer` is what `createPayment`
 * first answered for that key, and answers again.
 */
export const fakeProviderPayments = pgTable(
  'fake_provider_payment',
  {
    idempotencyKey: text('idempotency_key').primaryKey(),
    providerRef: text('provider_ref').notNull().unique(),
    status: text('status', { enum: FAKE_PAYMENT_STATUSES }).notNull(),
    amountPence: integer('amount_pence').notNull(),
    currency: text('currency').notNull(),
    answer: jsonb('answer').$type<Record<string, unknown>>().notNull(),
    refundedPence: integer('refunded_pence').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'fake_provider_payment_refunded_check',
      sql`${t.refundedPence} >= 0 and ${t.refundedPence} <= ${t.amountPence}`,
    ),
  ],
);

/** The `fake` provider's refunds, one per idempotency key. */
export const fakeProviderRefunds = pgTable('fake_provider_refund', {
  refundId: text('refund_id').primaryKey(),
  providerRef: text('provider_ref')
    .notNull()
    .references(() => fakeProviderPayments.providerRef, { onDelete: 'cascade' }),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  amountPence: integer('amount_pence').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
