/**
 * Orders: placing one from a priced basket (a snapshot of lines, totals, delivery and billing), the guest's
 * 2-hour access token, and the status moves (`pending_payment` → `paid` | `on_account` | `payment_failed` |
 * `cancelled`, by conditional updates: never backwards). What else happens when an order is paid or fails (the
 * basket closed, the confirmation queued, the code's use given back) is flows/payment-outcome.ts, the one caller
 * of the moves. Reading is reading.ts; the confirmation e-mail is confirmation-mail.ts.
 */
import { TARGET_SEGMENTS } from '@plasterwick/shop-rules/constants';
import { HOUR_MS } from '@plasterwick/shop-rules/time';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/types.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { BillingView, DeliveryView, PricedCart } from '../cart/index.ts';
import { orderAccess, orderLines, orders, type OrderStatus } from './tables.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;

/** Where the shopper sees the order once placed. */
export const confirmationUrl = (order: Pick<OrderRow, 'audience' | 'number'>) =>
  `/${TARGET_SEGMENTS[order.audience]}/confirmation?order=${order.number}`;

/** How long a guest's access token opens the order (api-contract.md "Checkout and orders"). */
export const ORDER_ACCESS_HOURS = 2;

/** `PW-000123`. */
export const formatOrderNumber = (n: number) => `PW-${String(n).padStart(6, '0')}`;

export async function nextOrderNumber(tx: Executor): Promise<string> {
  const result = (await tx.execute(sql`select nextval('order_number_seq')::int as n`)) as unknown as
    { rows: { n: number }[] } | { n: number }[];
  const rows = Array.isArray(result) ? result : result.rows;
  return formatOrderNumber(Number(rows[0]!.n));
}

export interface NewOrder {
  siteId: number;
  cartId: number;
  /** The account of the session it was placed in (guests: null). */
  customerId: number | null;
  email: string;
  phone: string;
  poNumber: string | null;
  paymentMethod: 'card' | 'on_account';
  /** On account: when the invoice falls due (the CHECK requires it, and an account, with that method). */
  paymentDueAt: Date | null;
  delivery: DeliveryView;
  billing: BillingView;
  priced: PricedCart;
  discountId: number | null;
  now: Date;
}

/**
 * Inserts the order of a cart with its lines, unless the cart already has one (`UNIQUE (cart_id)`): then null, and
 * the caller answers with the existing order.
 */
export async function insertOrder(tx: Executor, order: NewOrder): Promise<OrderRow | null> {
  const { priced, now } = order;
  const applied = priced.applied;
  const shipping = priced.shipping ?? { ex: 0, vat: 0, inc: 0 };
  const [row] = await tx
    .insert(orders)
    .values({
      number: await nextOrderNumber(tx),
      siteId: order.siteId,
      planId: priced.plan.id,
      audience: priced.plan.target,
      cartId: order.cartId,
      customerId: order.customerId,
      status: 'pending_payment',
      paymentMethod: order.paymentMethod,
      paymentDueAt: order.paymentDueAt,
      email: order.email,
      phone: order.phone,
      poNumber: order.poNumber,
      delivery: order.delivery,
      fulfilmentMethod: order.delivery.method,
      billing: order.billing,
      currency: priced.plan.currencyCode,
      vatRateBp: priced.plan.vatRateBp,
      pricesIncludeVat: priced.plan.pricesIncludeVat,
      discountId: order.discountId,
      discountCode: applied?.code ?? null,
      discountDescription: applied?.description ?? null,
      subtotalExPence: priced.subtotal.ex,
      subtotalVatPence: priced.subtotal.vat,
      subtotalIncPence: priced.subtotal.inc,
      discountExPence: priced.discount.ex,
      discountVatPence: priced.discount.vat,
      discountIncPence: priced.discount.inc,
      shippingExPence: shipping.ex,
      shippingVatPence: shipping.vat,
      shippingIncPence: shipping.inc,
      totalExPence: priced.total.ex,
      totalVatPence: priced.total.vat,
      totalIncPence: priced.total.inc,
      placedAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: orders.cartId })
    .returning();
  if (!row) return null;
  await tx.insert(orderLines).values(
    priced.lines.map((line, position) => ({
      orderId: row.id,
      position,
      productId: line.productId,
      variantId: line.variantId,
      productSlug: line.productSlug,
      variantReference: line.variantReference,
      name: line.name,
      variantLabel: line.variantLabel,
      quantity: line.quantity,
      unitExPence: line.unit.ex,
      unitIncPence: line.unit.inc,
      lineExPence: line.amounts.ex,
      lineVatPence: line.amounts.vat,
      lineIncPence: line.amounts.inc,
      vatRateBp: priced.plan.vatRateBp,
      free: line.free,
    })),
  );
  return row;
}

/** The order a cart holds (placed and not failed), if any. */
export async function orderOfCart(tx: Executor, cartId: number): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.cartId, cartId));
  return row;
}

/**
 * A new guest access token for the order, valid until 2 hours after it was placed: however often a completion of
 * its basket answers the order again, its guests' access ends then. Null once that time has passed. Only the
 * token's hash is stored.
 */
export async function issueAccessToken(
  tx: Executor,
  order: Pick<OrderRow, 'id' | 'placedAt'>,
  now: Date,
): Promise<{ token: string; expiresAt: Date } | null> {
  const expiresAt = new Date(order.placedAt.getTime() + ORDER_ACCESS_HOURS * HOUR_MS);
  if (expiresAt.getTime() <= now.getTime()) return null;
  const token = newToken();
  await tx.insert(orderAccess).values({ tokenHash: hashToken(token), orderId: order.id, expiresAt });
  return { token, expiresAt };
}

// ---- status moves -----------------------------------------------------------------------------------------

/** `pending_payment` → `paid`; undefined when the order was not waiting for payment. */
export async function markOrderPaid(tx: Executor, orderId: number, now: Date): Promise<OrderRow | undefined> {
  const [order] = await tx
    .update(orders)
    .set({ status: 'paid', paidAt: now, updatedAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'pending_payment')))
    .returning();
  return order;
}

/**
 * `pending_payment` → `on_account` (a trade account's order, invoiced on its terms); undefined when the order was
 * not waiting for payment or is not paid on account.
 */
export async function markOrderOnAccount(
  tx: Executor,
  orderId: number,
  now: Date,
): Promise<OrderRow | undefined> {
  const [order] = await tx
    .update(orders)
    .set({ status: 'on_account', updatedAt: now })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.status, 'pending_payment'),
        eq(orders.paymentMethod, 'on_account'),
      ),
    )
    .returning();
  return order;
}

/**
 * `pending_payment` → `payment_failed` (or `cancelled`): the order lets go of its basket, which stays as it was
 * so the shopper can pay again. False when the order was not waiting for payment.
 */
export async function markOrderUnpaid(
  tx: Executor,
  orderId: number,
  now: Date,
  status: Extract<OrderStatus, 'payment_failed' | 'cancelled'> = 'payment_failed',
): Promise<boolean> {
  const [order] = await tx
    .update(orders)
    .set({
      status,
      cartId: null,
      updatedAt: now,
      // A cancelled order is never fulfilled either (as migration 0022 did for the older ones).
      ...(status === 'cancelled' ? { fulfilmentStatus: 'cancelled' as const, cancelledAt: now } : {}),
    })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'pending_payment')))
    .returning({ id: orders.id });
  return order !== undefined;
}
