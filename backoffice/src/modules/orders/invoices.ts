/**
 * On-account invoices (api-contract.md "Checkout and orders"): an order placed `on_account` is owed until staff
 * record that its invoice was paid. Payments only move forward: `on_account` → `paid`, never back.
 */
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/types.ts';
import { DomainError, notFound } from '../../lib/errors.ts';
import type { OrderRow } from './service.ts';
import { orders } from './tables.ts';

export interface InvoicePayment {
  siteId: number;
  /** The order's number, `PW-000123`. */
  number: string;
  now: Date;
}

/**
 * Marks the site's on-account order `number` paid, by a conditional update, so two records of one payment change
 * it once. Returns the paid order; an unknown number is a 404, any other order of the number a refusal.
 */
export async function markInvoicePaid(db: Executor, payment: InvoicePayment): Promise<OrderRow> {
  const { siteId, number, now } = payment;
  const [paid] = await db
    .update(orders)
    .set({ status: 'paid', paidAt: now, updatedAt: now })
    .where(and(eq(orders.siteId, siteId), eq(orders.number, number), eq(orders.status, 'on_account')))
    .returning();
  if (paid) return paid;
  const [order] = await db
    .select({ status: orders.status })
    .from(orders)
    .where(and(eq(orders.siteId, siteId), eq(orders.number, number)));
  if (!order) throw notFound(`Order ${number}`);
  throw new DomainError(
    'order_not_on_account',
    `Order ${number} is not an unpaid on-account order (${order.status})`,
  );
}

/** What the audit trail compares before and after an invoice is recorded as paid: the order's payment status. */
export async function invoiceState(db: Executor, number: number | string) {
  const [order] = await db
    .select({ status: orders.status, paidAt: orders.paidAt })
    .from(orders)
    .where(eq(orders.number, String(number)));
  return order ? { status: order.status, paid_at: order.paidAt } : null;
}
