/** Reading orders: a guest's or an owner's order, a customer's list, and the order as the API shows it. */
import { and, asc, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { payments } from '../../db/schema.ts';
import type { Database, Executor } from '../../db/types.ts';
import { DomainError, notFound } from '../../lib/errors.ts';
import { hashToken } from '../../lib/tokens.ts';
import type { BillingView, DeliveryView } from '../cart/index.ts';
import type { OrderBody, OrderSummary } from './schemas.ts';
import type { OrderLineRow, OrderRow } from './service.ts';
import { trackingOf } from './fulfilment.ts';
import { orderAccess, orderLines, orders } from './tables.ts';

/** The order `number` of the site for the holder of a guest access token still valid at `now`; else 404. */
export async function findOrderForGuest(
  db: Database,
  siteId: number,
  number: string,
  token: string | undefined,
  now: Date,
): Promise<{ order: OrderRow; lines: OrderLineRow[]; payment: typeof payments.$inferSelect | undefined }> {
  // One answer for every failure: no hint that the order exists (api-contract.md "Checkout and orders").
  const missing = notFound(`Order ${number}`);
  if (!token || token.length > 100) throw missing;
  const [order] = await db
    .select({ order: orders })
    .from(orderAccess)
    .innerJoin(orders, eq(orders.id, orderAccess.orderId))
    .where(
      and(
        eq(orderAccess.tokenHash, hashToken(token)),
        gt(orderAccess.expiresAt, now),
        eq(orders.number, number),
        eq(orders.siteId, siteId),
      ),
    );
  if (!order) throw missing;
  return loadOrder(db, order.order);
}

/**
 * The order `number` of the site for its owner's session (`customerId`) or the holder of a guest access token
 * still valid at `now`; anything else is one 404 (another customer's order looks like an unknown one).
 */
export async function findOrderForViewer(
  db: Database,
  siteId: number,
  number: string,
  viewer: { customerId: number | null; token: string | undefined },
  now: Date,
) {
  if (viewer.customerId !== null) {
    const [own] = await db
      .select()
      .from(orders)
      .where(
        and(eq(orders.number, number), eq(orders.siteId, siteId), eq(orders.customerId, viewer.customerId)),
      );
    if (own) return loadOrder(db, own);
  }
  return findOrderForGuest(db, siteId, number, viewer.token, now);
}

/** `GET /orders`: the customer's orders on the site, newest first, with how many lines each has. */
export async function listCustomerOrders(
  db: Database,
  siteId: number,
  customerId: number,
  page: number,
  perPage: number,
): Promise<{ items: OrderSummary[]; total: number }> {
  const mine = and(eq(orders.siteId, siteId), eq(orders.customerId, customerId));
  const [counted] = await db.select({ n: count() }).from(orders).where(mine);
  const rows = await db
    .select()
    .from(orders)
    .where(mine)
    .orderBy(desc(orders.placedAt), desc(orders.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const counts = rows.length
    ? await db
        .select({ orderId: orderLines.orderId, n: count() })
        .from(orderLines)
        .where(
          inArray(
            orderLines.orderId,
            rows.map((order) => order.id),
          ),
        )
        .groupBy(orderLines.orderId)
    : [];
  const lineCounts = new Map(counts.map((row) => [row.orderId, row.n]));
  return {
    total: counted?.n ?? 0,
    items: rows.map((order) => ({
      number: order.number,
      status: order.status,
      placed_at: order.placedAt.toISOString(),
      payment_method: order.paymentMethod,
      payment_due_at: order.paymentDueAt?.toISOString() ?? null,
      po_number: order.poNumber,
      currency: order.currency,
      grand_total: three(order.totalExPence, order.totalVatPence, order.totalIncPence),
      lines: lineCounts.get(order.id) ?? 0,
      fulfilment_status: order.fulfilmentStatus,
    })),
  };
}

export async function findOrder(db: Executor, id: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row;
}

export async function loadOrder(db: Executor, order: OrderRow) {
  const lines = await db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.position));
  const [payment] = await db
    .select()
    .from(payments)
    .where(eq(payments.orderId, order.id))
    .orderBy(sql`${payments.createdAt} desc`)
    .limit(1);
  return { order, lines, payment };
}

const three = (ex: number, vat: number, inc: number) => ({ ttc: inc, tax: vat, ht: ex });

/** The order as `GET /orders/{number}` shows it. */
export function orderAnswer(
  order: OrderRow,
  lines: OrderLineRow[],
  payment: typeof payments.$inferSelect | undefined,
): OrderBody {
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    placed_at: order.placedAt.toISOString(),
    paid_at: order.paidAt?.toISOString() ?? null,
    payment_due_at: order.paymentDueAt?.toISOString() ?? null,
    email: order.email,
    phone: order.phone,
    po_number: order.poNumber,
    audience: order.audience,
    plan_id: order.planId,
    currency: order.currency,
    vat_rate: order.vatRateBp / 100,
    prices_include_vat: order.pricesIncludeVat,
    list: lines.map((line) => ({
      id: line.id,
      element_id: line.productId,
      variant_reference: line.variantReference,
      name: line.name,
      variant_label: line.variantLabel,
      slug: line.productSlug,
      quantity: line.quantity,
      price_with_tax: line.unitIncPence,
      total_with_tax: line.lineIncPence,
      price_without_tax: line.unitExPence,
      total_without_tax: line.lineExPence,
      tax: line.lineVatPence,
      free: line.free,
    })),
    amount: three(order.subtotalExPence, order.subtotalVatPence, order.subtotalIncPence),
    discount_amount: three(order.discountExPence, order.discountVatPence, order.discountIncPence),
    discounted_amount: order.subtotalIncPence - order.discountIncPence,
    discount:
      order.discountCode === null
        ? null
        : { code: order.discountCode, description: order.discountDescription ?? order.discountCode },
    shipping: three(order.shippingExPence, order.shippingVatPence, order.shippingIncPence),
    grand_total: three(order.totalExPence, order.totalVatPence, order.totalIncPence),
    delivery: order.delivery as DeliveryView,
    billing: order.billing as BillingView,
    payment: payment
      ? { method: payment.method, provider: payment.provider, status: payment.status }
      : {
          method: order.paymentMethod,
          provider: null,
          status: order.status === 'paid' ? 'succeeded' : 'pending',
        },
    fulfilment_status: order.fulfilmentStatus,
    tracking: trackingOf(order),
  };
}

/**
 * The customer's own order `number` with its lines, or only the lines `lineIds` names (in that order); another
 * customer's order, or a guest's, looks like an unknown one.
 */
export async function customerOrder(
  db: Executor,
  order: { siteId: number; customerId: number; number: string; lineIds?: number[] | undefined },
): Promise<{ order: OrderRow; lines: OrderLineRow[] }> {
  const [row] = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.number, order.number),
        eq(orders.siteId, order.siteId),
        eq(orders.customerId, order.customerId),
      ),
    );
  if (!row) throw notFound(`Order ${order.number}`);
  const lines = await db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, row.id))
    .orderBy(asc(orderLines.position));
  if (!order.lineIds) return { order: row, lines };
  const chosen = order.lineIds.map((id, index) => {
    const line = lines.find((candidate) => candidate.id === id);
    if (!line) {
      throw new DomainError('invalid_request', `Line ${id} is not a line of order ${order.number}`, {
        fields: [{ field: `line_ids.${index}`, message: 'Not a line of this order' }],
      });
    }
    return line;
  });
  return { order: row, lines: chosen };
}
