/**
 * Dispatch (`POST /staff/orders/{id}/dispatch`): a delivery order paid or on account leaves with a carrier and its
 * tracking number (shop-rules SHIPPING_CARRIERS and `trackingNumberSchema`, checked at the route), moved from
 * `unfulfilled` by fulfil-order.ts's audited step, and the customer's `order.dispatched` e-mail (carrier, tracking
 * number, the carrier's tracking link, the VAT invoice attached) queued in the same transaction. The same dispatch
 * again (same carrier and number) is a 200 that does nothing; another parcel for an order already dispatched is a
 * 409 `fulfilment_not_allowed`: a tracking number the customer was sent is not silently replaced.
 */
import type { ShippingCarrier } from '@plasterwick/shop-rules/fulfilment';
import { enqueueMail } from '../modules/mail/index.ts';
import { customerErased, dispatchedMailOf, moveFulfilment } from '../modules/orders/index.ts';
import { DomainError } from '../lib/errors.ts';
import { moveOrder, type FulfilmentDeps, type StaffOrderAct } from './fulfil-order.ts';

export function dispatchOrder(
  deps: FulfilmentDeps,
  act: StaffOrderAct,
  parcel: { carrier: ShippingCarrier; trackingNumber: string },
) {
  return moveOrder(deps, act, {
    action: 'order.dispatch',
    apply: (tx, order, now) =>
      moveFulfilment(
        tx,
        order,
        'dispatched',
        { shippingCarrier: parcel.carrier, trackingNumber: parcel.trackingNumber, dispatchedAt: now },
        now,
      ),
    checkRepeat(order) {
      if (order.shippingCarrier !== parcel.carrier || order.trackingNumber !== parcel.trackingNumber) {
        throw new DomainError(
          'fulfilment_not_allowed',
          `Order ${order.number} was already dispatched with another parcel (${order.trackingNumber})`,
          { conflict: true, details: { current: order.fulfilmentStatus } },
        );
      }
    },
    async then(tx, order) {
      if (customerErased(order)) return;
      const invoice = await deps.documents.invoice(tx, order.id);
      await enqueueMail(tx, dispatchedMailOf(order, deps.mail, invoice ? [invoice] : []));
    },
  });
}
