/**
 * Trade accounts' own rows (issue 24): the applications customers make (one `pending` per account at a time, a
 * partial unique key; a declined one may be followed by a new one) and the credit-control holds (a row while the
 * account is on hold: no on-account checkout). The terms themselves stay on the customer row (customers module).
 * Re-exported by db/schema.ts.
 */
import { TRADE_APPLICATION_STATUSES } from '@plasterwick/shop-rules/accounts';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from '../customers/tables.ts';
import { sites } from '../site/tables.ts';

export const tradeApplications = pgTable(
  'trade_application',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    status: text('status', { enum: TRADE_APPLICATION_STATUSES }).notNull().default('pending'),
    company: text('company').notNull(),
    companyNumber: text('company_number').notNull(),
    vatNumber: text('vat_number'),
    /** What the customer expects to spend a month, in whole pounds (as typed). */
    expectedMonthlySpendPounds: integer('expected_monthly_spend_pounds').notNull(),
    phone: text('phone').notNull(),
    /** Why it was declined: the customer's e-mail states it. */
    declineReason: text('decline_reason'),
    /** The staff person who decided (their name at the time), for the queue. */
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** Rises with each move: a decision naming an older one is refused (409). */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('trade_application_one_pending')
      .on(t.customerId)
      .where(sql`${t.status} = 'pending'`),
    index('trade_application_site_status').on(t.siteId, t.status, t.createdAt),
    check(
      'trade_application_check',
      sql`${t.status} in ('pending', 'approved', 'declined') and ${t.expectedMonthlySpendPounds} > 0
        and ${t.company} <> '' and ${t.companyNumber} <> ''
        and (${t.status} <> 'declined' or coalesce(${t.declineReason}, '') <> '')
        and ((${t.status} = 'pending') = (${t.decidedAt} is null))
        and (${t.vatNumber} is null or ${t.vatNumber} ~ '^GB([0-9]{9}|[0-9]{12})$')`,
    ),
  ],
);

/** An account on hold (credit control): while the row exists, the account may not pay on account. */
export const tradeHolds = pgTable('trade_hold', {
  customerId: integer('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  siteId: integer('site_id')
    .notNull()
    .references(() => sites.id),
  heldAt: timestamp('held_at', { withTimezone: true }).notNull(),
  heldBy: text('held_by'),
});
