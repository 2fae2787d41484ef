/**
 * A person's orders, for UK GDPR (issue 24): those of their account and the guest orders placed with their e-mail
 * address. Exported whole (lines, payments, refunds); on erasure kept for the 6 years VAT records require, with
 * what those records need only: the number, dates, lines, totals, payments, the name and the billing and delivery
 * addresses stay; the e-mail, the phone numbers, the guest access links and the account link go, and
 * `customer_erased_at` says why (docs/decisions.md, docs/security.md).
 */
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { paymentRefunds, payments } from '../../db/schema.ts';
import type { Executor } from '../../db/types.ts';
import { DomainError } from '../../lib/errors.ts';
import { orderAccess, orderLines, orders } from './tables.ts';

export interface OrderPerson {
  siteId: number;
  customerId: number;
  /** The account's e-mail (stored lower-cased and trimmed). */
  email: string;
}

/** The account's orders, and the site's guest orders of its address not yet erased. */
const ofPerson = (person: OrderPerson) =>
  and(
    eq(orders.siteId, person.siteId),
    or(
      eq(orders.customerId, person.customerId),
      and(
        isNull(orders.customerId),
        isNull(orders.customerErasedAt),
        sql`lower(btrim(${orders.email})) = ${person.email}`,
      ),
    ),
  );

/** Every order of the person with its lines, payments and refunds, oldest first (the export's `orders`). */
export async function ordersOfPerson(db: Executor, person: OrderPerson) {
  const rows = await db
    .select()
    .from(orders)
    .where(ofPerson(person))
    .orderBy(asc(orders.placedAt), asc(orders.id));
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const lines = await db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, ids))
    .orderBy(asc(orderLines.orderId), asc(orderLines.position));
  const paid = await db
    .select()
    .from(payments)
    .where(inArray(payments.orderId, ids))
    .orderBy(asc(payments.createdAt));
  const refunds = paid.length
    ? await db
        .select()
        .from(paymentRefunds)
        .where(
          inArray(
            paymentRefunds.paymentId,
            paid.map((payment) => payment.id),
          ),
        )
        .orderBy(asc(paymentRefunds.id))
    : [];
  return rows.map(({ listSearch: _search, cartId: _cart, ...order }) => ({
    ...order,
    lines: lines.filter((line) => line.orderId === order.id),
    payments: paid
      .filter((payment) => payment.orderId === order.id)
      .map(({ actionUrl: _url, ...payment }) => ({
        ...payment,
        refunds: refunds.filter((refund) => refund.paymentId === payment.id),
      })),
  }));
}

/**
 * 409 `customer_has_open_orders` while an order of the person is still under way: waiting for its payment, owed on
 * account, or paid and not yet dispatched or collected (the delivery needs the phone and the letters the address).
 */
export async function refuseWhileOrdersOpen(db: Executor, person: OrderPerson): Promise<void> {
  const open = await db
    .select({ number: orders.number })
    .from(orders)
    .where(
      and(
        ofPerson(person),
        or(
          inArray(orders.status, ['pending_payment', 'on_account']),
          and(
            eq(orders.status, 'paid'),
            inArray(orders.fulfilmentStatus, ['unfulfilled', 'ready_for_collection']),
          ),
        ),
      ),
    )
    .orderBy(asc(orders.id));
  if (open.length > 0) {
    throw new DomainError(
      'customer_has_open_orders',
      `Orders still under way: ${open.map((order) => order.number).join(', ')}. Dispatch, collect, cancel or ` +
        'settle them before erasing the customer',
      { conflict: true, details: { orders: open.map((order) => order.number) } },
    );
  }
}

/**
 * Erases the person from their orders (see above) and deletes the guest access links; returns the ids of the
 * orders kept.
 */
export async function eraseOrdersOfPerson(db: Executor, person: OrderPerson, now: Date): Promise<number[]> {
  const erased = await db
    .update(orders)
    .set({
      customerId: null,
      customerErasedAt: now,
      email: '',
      phone: '',
      // Both kinds of delivery step carry a phone number (cart/schemas.ts deliveryView).
      delivery: sql`${orders.delivery} || '{"phone": ""}'::jsonb`,
      updatedAt: now,
    })
    .where(ofPerson(person))
    .returning({ id: orders.id });
  const ids = erased.map((order) => order.id);
  if (ids.length > 0) await db.delete(orderAccess).where(inArray(orderAccess.orderId, ids));
  return ids;
}
