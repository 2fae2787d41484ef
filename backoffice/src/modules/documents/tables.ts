/**
 * The shop's accounting documents (issue 23): a VAT invoice for each paid or on-account order and a credit note for
 * each refund, numbered from their own sequences (`INV-000123`, `CN-000045`) the first time one is issued, and then
 * fixed: the PDF is drawn again from the order's snapshot each time it is downloaded, always with the same number
 * and date. Re-exported by db/schema.ts.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgSequence,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { orders } from '../orders/tables.ts';
import { paymentRefunds } from '../payments/tables.ts';

export const DOCUMENT_KINDS = ['invoice', 'credit_note'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const invoiceNumberSequence = pgSequence('invoice_number_seq', { startWith: 1, increment: 1 });
export const creditNoteNumberSequence = pgSequence('credit_note_number_seq', { startWith: 1, increment: 1 });

export const orderDocuments = pgTable(
  'order_document',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: DOCUMENT_KINDS }).notNull(),
    /** `INV-000123` or `CN-000045`. */
    number: text('number').notNull().unique(),
    /** The refund a credit note is for. */
    refundId: integer('refund_id')
      .unique()
      .references(() => paymentRefunds.id, { onDelete: 'restrict' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('order_document_order').on(t.orderId),
    // One invoice per order, however many ask for it at once.
    uniqueIndex('order_document_one_invoice')
      .on(t.orderId)
      .where(sql`${t.kind} = 'invoice'`),
    check(
      'order_document_kind_check',
      sql`(${t.kind} = 'invoice' and ${t.refundId} is null and ${t.number} ~ '^INV-[0-9]{6,}$')
        or (${t.kind} = 'credit_note' and ${t.refundId} is not null and ${t.number} ~ '^CN-[0-9]{6,}$')`,
    ),
  ],
);
