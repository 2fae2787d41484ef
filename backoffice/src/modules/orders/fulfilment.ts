/**
 * Fulfilment moves of an order (shop-rules/fulfilment.ts is the machine): each is a conditional update from the
 * states the machine allows for the order's method, made under the order row's lock, so two staff moving one order
 * at once move it once and the second sees where it now is. The CHECKs of the orders table stand behind it
 * (dispatch needs carrier and tracking number, a collect order is never dispatched, only a paid or on-account order
 * is fulfilled). What follows a move (the e-mail, the audit event, the cancellation's refund) is the flows'.
 */
import {
  FULFILMENT_STATUSES,
  SHIPPING_CARRIERS,
  fulfilmentMovesFrom,
  trackingUrl,
  type FulfilmentStatus,
  type ShippingCarrier,
} from '@plasterwick/shop-rules/fulfilment';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/types.ts';
import { DomainError, notFound } from '../../lib/errors.ts';
import type { OrderRow } from './service.ts';
import { orders } from './tables.ts';

/** The payment statuses an order may be fulfilled (or cancelled by staff) in. */
export const FULFILLABLE = ['paid', 'on_account'] as const;

/** The site's order `id` with its row locked for the rest of the transaction; 404 when it is not the site's. */
export async function lockOrder(tx: Executor, siteId: number, id: number): Promise<OrderRow> {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.siteId, siteId)))
    .for('update');
  if (!order) throw notFound(`Order ${id}`);
  return order;
}

export const fulfilmentNotAllowed = (order: Pick<OrderRow, 'number' | 'fulfilmentStatus'>, to: string) =>
  new DomainError(
    'fulfilment_not_allowed',
    `Order ${order.number} cannot become ${to.replaceAll('_', ' ')}: it is ${order.fulfilmentStatus.replaceAll('_', ' ')}`,
    { conflict: true, details: { current: order.fulfilmentStatus } },
  );

export const orderNotPaid = (order: Pick<OrderRow, 'number' | 'status'>) =>
  new DomainError(
    'order_not_paid',
    `Order ${order.number} is not paid or placed on account (${order.status.replaceAll('_', ' ')})`,
    { conflict: true, details: { current: order.status } },
  );

/** The states `to` may be reached from, for orders of `method`. */
function startsOf(method: OrderRow['fulfilmentMethod'], to: FulfilmentStatus): FulfilmentStatus[] {
  return FULFILMENT_STATUSES.filter((from) => fulfilmentMovesFrom(method, from).includes(to));
}

/** The fields a move sets besides the state (when it happened, the parcel, why it was cancelled). */
export type FulfilmentFields = Partial<
  Pick<
    OrderRow,
    | 'shippingCarrier'
    | 'trackingNumber'
    | 'readyAt'
    | 'collectedAt'
    | 'dispatchedAt'
    | 'deliveredAt'
    | 'cancelledAt'
    | 'cancelReason'
  >
>;

/**
 * Moves the (locked) order's fulfilment to `to`. Answers `moved: false` with the order as it is when it already is
 * there (the same move asked again); refuses with 409 `order_not_paid` or `fulfilment_not_allowed` (with `current`)
 * any move the machine does not allow from where it stands.
 */
export async function moveFulfilment(
  tx: Executor,
  order: OrderRow,
  to: FulfilmentStatus,
  fields: FulfilmentFields & { status?: 'cancelled' },
  now: Date,
): Promise<{ order: OrderRow; moved: boolean }> {
  if (order.fulfilmentStatus === to) return { order, moved: false };
  const starts = startsOf(order.fulfilmentMethod, to);
  // The machine first: a cancelled order (whose status is cancelled too) is refused for where it stands.
  if (!starts.includes(order.fulfilmentStatus)) throw fulfilmentNotAllowed(order, to);
  if (!FULFILLABLE.includes(order.status as (typeof FULFILLABLE)[number])) throw orderNotPaid(order);
  const [moved] = await tx
    .update(orders)
    .set({ ...fields, fulfilmentStatus: to, updatedAt: now })
    .where(
      and(
        eq(orders.id, order.id),
        inArray(orders.fulfilmentStatus, starts),
        inArray(orders.status, FULFILLABLE),
      ),
    )
    .returning();
  // The row is locked: only a caller that skipped the lock could have moved it since it was read.
  if (!moved) throw fulfilmentNotAllowed(order, to);
  return { order: moved, moved: true };
}

/** What the audit trail compares before and after a fulfilment move, a cancellation or a refund. */
export async function fulfilmentState(db: Executor, id: number | string) {
  const [order] = await db
    .select({
      status: orders.status,
      fulfilment_status: orders.fulfilmentStatus,
      shipping_carrier: orders.shippingCarrier,
      tracking_number: orders.trackingNumber,
      cancel_reason: orders.cancelReason,
    })
    .from(orders)
    .where(eq(orders.id, Number(id)));
  return order ?? null;
}

/** The parcel of a dispatched order, as the customer and staff see it; null before dispatch. */
export function trackingOf(order: Pick<OrderRow, 'shippingCarrier' | 'trackingNumber'>): {
  carrier: ShippingCarrier;
  carrier_name: string;
  number: string;
  url: string;
} | null {
  if (!order.shippingCarrier || !order.trackingNumber) return null;
  return {
    carrier: order.shippingCarrier,
    carrier_name: SHIPPING_CARRIERS[order.shippingCarrier].name,
    number: order.trackingNumber,
    url: trackingUrl(order.shippingCarrier, order.trackingNumber),
  };
}
