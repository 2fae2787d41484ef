/**
 * Payments of orders and the provider events received about them. A payment only moves forward
 * (`pending` → `requires_action` → `succeeded` | `failed` | `cancelled`; `succeeded` → `refunded`), by conditional
 * updates; an event is recorded once per provider and event id, so a replayed webhook changes nothing.
 * Re-exported by db/schema.ts.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { orders } from '../orders/tables.ts';

export const PAYMENT_STATUSES = [
  'pending',
  'requires_action',
  'succeeded',
  'failed',
  'cancelled',
  'refunded',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const payments = pgTable(
  'payment',
  {
    /** `pay_` and 24 random hex digits: it appears in the test authorisation page's URL. */
    id: text('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('payment_order').on(t.orderId), check('payment_amount_check', sql`${t.amountPence} > 0`)],
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
