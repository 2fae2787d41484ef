/**
 * On-account invoices (api-contract.md "Checkout and orders"): an order placed `on_account` is owed until staff
 * record that its invoice was paid. Payments only move forward: `on_account` → `paid`, never back.
 */
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/types.ts';
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
 * it once. Returns the paid order, or undefined when the site has no unpaid on-account order of that number.
 */
export async function markInvoicePaid(db: Executor, payment: InvoicePayment): Promise<OrderRow | undefined> {
  const { siteId, number, now } = payment;
  const [paid] = await db
    .update(orders)
    .set({ status: 'paid', paidAt: now, updatedAt: now })
    .where(and(eq(orders.siteId, siteId), eq(orders.number, number), eq(orders.status, 'on_account')))
    .returning();
  return paid;
}
