/**
 * Orders: placing one from a priced basket (a snapshot of lines, totals, delivery and billing), moving it forward
 * (`pending_payment` → `paid` | `on_account` | `payment_failed` | `cancelled`, by conditional updates: never
 * backwards), the guest's 2-hour access token, the customer's own orders, and the order as the API shows it. The
 * confirmation e-mail is queued in the transaction that marks the order paid (or placed on account).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { PostalAddress } from '@plasterwick/shop-rules/address';
import { HOUR_MS } from '@plasterwick/shop-rules/time';
import { and, asc, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { MailConfig } from '../../config.ts';
import type { Database } from '../../db/types.ts';
import {
  carts,
  discounts,
  discountUses,
  orderAccess,
  orderLines,
  orders,
  payments,
} from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { enqueueMail, senderDomain } from '../mail/index.ts';
import type { Executor } from '../../db/types.ts';
import { orderConfirmationMail, type OrderMailDetails } from '../mail/index.ts';
import type { BillingView, DeliveryView } from '../cart/index.ts';
import type { PricedCart } from '../cart/index.ts';
import type { OrderStatus } from './tables.ts';
import type { OrderBody, OrderSummary } from './schemas.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;

/** How long a guest's access token opens the order (commerce.md). */
export const ORDER_ACCESS_HOURS = 2;

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

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

/** A new guest access token for the order, valid 2 hours from `now`; only its hash is stored. */
export async function issueAccessToken(
  tx: Executor,
  orderId: number,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + ORDER_ACCESS_HOURS * HOUR_MS);
  await tx.insert(orderAccess).values({ tokenHash: hash(token), orderId, expiresAt });
  return { token, expiresAt };
}

// ---- moving forward -----------------------------------------------------------------------------------------

/** Takes a use of a code: `used < usage_limit`, atomically (a conditional update). False when none is left. */
export async function takeDiscountUse(tx: Executor, discountId: number): Promise<boolean> {
  const taken = await tx
    .update(discounts)
    .set({ used: sql`${discounts.used} + 1` })
    .where(
      and(
        eq(discounts.id, discountId),
        sql`(${discounts.usageLimit} is null or ${discounts.used} < ${discounts.usageLimit})`,
      ),
    )
    .returning({ id: discounts.id });
  return taken.length > 0;
}

/** Records which order holds the use just taken (so that a failed payment gives it back, once). */
export async function recordDiscountUse(
  tx: Executor,
  use: { discountId: number; orderId: number; email: string; now: Date },
): Promise<void> {
  await tx.insert(discountUses).values({
    orderId: use.orderId,
    discountId: use.discountId,
    email: use.email.toLowerCase(),
    createdAt: use.now,
  });
}

/** Whether `email` already holds a use of a code (once-per-customer codes; guests are known by e-mail). */
export async function usedBy(tx: Executor, discountId: number, email: string): Promise<boolean> {
  const [row] = await tx
    .select({ orderId: discountUses.orderId })
    .from(discountUses)
    .where(and(eq(discountUses.discountId, discountId), eq(discountUses.email, email.toLowerCase())))
    .limit(1);
  return Boolean(row);
}

/** Gives back the code use an order holds (once: the use row is deleted). */
async function releaseDiscountUse(tx: Executor, orderId: number): Promise<void> {
  const released = await tx
    .delete(discountUses)
    .where(eq(discountUses.orderId, orderId))
    .returning({ discountId: discountUses.discountId });
  for (const { discountId } of released) {
    await tx
      .update(discounts)
      .set({ used: sql`${discounts.used} - 1` })
      .where(and(eq(discounts.id, discountId), gt(discounts.used, 0)));
  }
}

/**
 * `pending_payment` → `paid`: the basket is done with (its token no longer opens it) and the confirmation is
 * queued, all in the caller's transaction. False when the order was not waiting for payment.
 */
export async function markOrderPaid(
  tx: Executor,
  mail: MailConfig,
  orderId: number,
  now: Date,
): Promise<boolean> {
  const [order] = await tx
    .update(orders)
    .set({ status: 'paid', paidAt: now, updatedAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'pending_payment')))
    .returning();
  if (!order) return false;
  await closeAndConfirm(tx, mail, order, now);
  return true;
}

/**
 * `pending_payment` → `on_account` (a trade account's order, invoiced on its terms): like a paid order, the basket
 * is done with and the confirmation, naming the PO and the due date, is queued in the caller's transaction.
 */
export async function markOrderOnAccount(
  tx: Executor,
  mail: MailConfig,
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
  if (order) await closeAndConfirm(tx, mail, order, now);
  return order;
}

async function closeAndConfirm(tx: Executor, mail: MailConfig, order: OrderRow, now: Date): Promise<void> {
  if (order.cartId !== null) {
    await tx.update(carts).set({ completedAt: now, updatedAt: now }).where(eq(carts.id, order.cartId));
  }
  const lines = await tx
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.position));
  await enqueueMail(tx, {
    kind: 'order.confirmation',
    to: order.email,
    ...orderConfirmationMail(mailDetails(order, lines), mail.siteUrl),
    messageIdDomain: senderDomain(mail.from),
  });
}

/**
 * `pending_payment` → `payment_failed` (or `cancelled`): the order lets go of its basket, which stays as it was
 * so the shopper can pay again, and gives back its code use. False when the order was not waiting for payment.
 */
export async function markOrderUnpaid(
  tx: Executor,
  orderId: number,
  now: Date,
  status: Extract<OrderStatus, 'payment_failed' | 'cancelled'> = 'payment_failed',
): Promise<boolean> {
  const [order] = await tx
    .update(orders)
    .set({ status, cartId: null, updatedAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'pending_payment')))
    .returning({ id: orders.id });
  if (!order) return false;
  await releaseDiscountUse(tx, orderId);
  return true;
}

// ---- reading ------------------------------------------------------------------------------------------------

/** The order `number` of the site for the holder of a guest access token still valid at `now`; else 404. */
export async function findOrderForGuest(
  db: Database,
  siteId: number,
  number: string,
  token: string | undefined,
  now: Date,
): Promise<{ order: OrderRow; lines: OrderLineRow[]; payment: typeof payments.$inferSelect | undefined }> {
  // One answer for every failure: no hint that the order exists (commerce.md).
  const missing = notFound(`Order ${number}`);
  if (!token || token.length > 100) throw missing;
  const [order] = await db
    .select({ order: orders })
    .from(orderAccess)
    .innerJoin(orders, eq(orders.id, orderAccess.orderId))
    .where(
      and(
        eq(orderAccess.tokenHash, hash(token)),
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
  };
}

function addressLines(address: PostalAddress): string[] {
  return [
    `${address.first_name} ${address.last_name}`,
    ...(address.company ? [address.company] : []),
    address.address,
    ...(address.address_2 ? [address.address_2] : []),
    address.town,
    address.postcode,
  ];
}

function mailDetails(order: OrderRow, lines: OrderLineRow[]): OrderMailDetails {
  const delivery = order.delivery as DeliveryView;
  const billing = order.billing as BillingView;
  const person = billing.address ?? (delivery.method === 'delivery' ? delivery.address : delivery);
  return {
    number: order.number,
    audience: order.audience,
    placedAt: order.placedAt.toISOString(),
    name: `${person.first_name} ${person.last_name}`.trim(),
    lines: lines.map((line) => ({
      name: line.name,
      variantLabel: line.variantLabel,
      quantity: line.quantity,
      totalInc: line.lineIncPence,
      free: line.free,
    })),
    subtotalInc: order.subtotalIncPence,
    discountInc: order.discountIncPence,
    discountCode: order.discountCode,
    shippingInc: order.shippingIncPence,
    totalInc: order.totalIncPence,
    totalVat: order.totalVatPence,
    totalEx: order.totalExPence,
    delivery:
      delivery.method === 'delivery'
        ? { method: 'delivery', carrier: delivery.carrier_label, address: addressLines(delivery.address) }
        : {
            method: 'collect',
            stockist: delivery.stockist.name,
            address: [delivery.stockist.address, delivery.stockist.town, delivery.stockist.postcode],
            phone: delivery.stockist.phone,
          },
    paymentMethod: order.paymentMethod === 'card' ? 'Card' : 'On account',
    poNumber: order.poNumber,
    paymentDueAt: order.paymentDueAt?.toISOString() ?? null,
  };
}
