/**
 * The order as the staff fulfilment and refund calls answer it, until the orders console's full order page
 * (`staffOrderPage`, staff-reading.ts) answers them: the fields of that page these calls change (statuses,
 * fulfilment, lines with what was refunded of them, the payment with its refunds), in the same shapes.
 */
import { fulfilmentMovesFrom } from '@plasterwick/shop-rules/fulfilment';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/types.ts';
import { notFound } from '../../lib/errors.ts';
import { refundsOfPayment } from '../payments/index.ts';
import { FULFILLABLE, trackingOf } from './fulfilment.ts';
import { loadOrder } from './reading.ts';
import { orders } from './tables.ts';

export async function staffOrderView(db: Executor, siteId: number, id: number) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.siteId, siteId)));
  if (!row) throw notFound(`Order ${id}`);
  const { order, lines, payment } = await loadOrder(db, row);
  const refunds = payment ? await refundsOfPayment(db, payment.id) : [];
  const refundedQuantity = new Map<number, number>();
  for (const refund of refunds) {
    if (refund.status === 'failed') continue;
    for (const line of refund.lines ?? []) {
      refundedQuantity.set(
        line.order_line_id,
        (refundedQuantity.get(line.order_line_id) ?? 0) + line.quantity,
      );
    }
  }
  const tracking = trackingOf(order);
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    fulfilment_status: order.fulfilmentStatus,
    fulfilment_method: order.fulfilmentMethod,
    payment_method: order.paymentMethod,
    total_inc_pence: order.totalIncPence,
    currency: order.currency,
    lines: lines.map((line) => ({
      id: line.id,
      reference: line.variantReference,
      name: line.name,
      variant_label: line.variantLabel,
      quantity: line.quantity,
      line_inc_pence: line.lineIncPence,
      free: line.free,
      refunded_quantity: refundedQuantity.get(line.id) ?? 0,
    })),
    fulfilment: {
      status: order.fulfilmentStatus,
      method: order.fulfilmentMethod,
      carrier: tracking?.carrier ?? null,
      carrier_name: tracking?.carrier_name ?? null,
      tracking_number: tracking?.number ?? null,
      tracking_url: tracking?.url ?? null,
      ready_at: order.readyAt?.toISOString() ?? null,
      collected_at: order.collectedAt?.toISOString() ?? null,
      dispatched_at: order.dispatchedAt?.toISOString() ?? null,
      delivered_at: order.deliveredAt?.toISOString() ?? null,
      cancelled_at: order.cancelledAt?.toISOString() ?? null,
      cancel_reason: order.cancelReason,
      // An order not paid (nor on account) moves nowhere until it is.
      next: FULFILLABLE.includes(order.status as (typeof FULFILLABLE)[number])
        ? [...fulfilmentMovesFrom(order.fulfilmentMethod, order.fulfilmentStatus)]
        : [],
    },
    payment: payment
      ? {
          id: payment.id,
          status: payment.status,
          provider: payment.provider,
          captured_pence: payment.capturedPence,
          refunded_pence: payment.refundedPence,
          refundable_pence: Math.max(payment.capturedPence - payment.refundedPence, 0),
          refunds: refunds.map((refund) => ({
            id: refund.id,
            amount_pence: refund.amountPence,
            status: refund.status,
            reason: refund.reason,
            lines: refund.lines,
            created_at: refund.createdAt.toISOString(),
          })),
        }
      : null,
  };
}

export type StaffOrderView = Awaited<ReturnType<typeof staffOrderView>>;
