/** The order confirmation e-mail: what it says of an order, built from the order's snapshot and lines. */
import type { PostalAddress } from '@plasterwick/shop-rules/address';
import { asc, eq } from 'drizzle-orm';
import type { MailConfig } from '../../config.ts';
import type { Executor } from '../../db/types.ts';
import type { BillingView, DeliveryView } from '../cart/index.ts';
import { orderConfirmationMail, senderDomain, type NewMail, type OrderMailDetails } from '../mail/index.ts';
import type { OrderLineRow, OrderRow } from './service.ts';
import { orderLines } from './tables.ts';

export function addressLines(address: PostalAddress): string[] {
  return [
    `${address.first_name} ${address.last_name}`,
    ...(address.company ? [address.company] : []),
    address.address,
    ...(address.address_2 ? [address.address_2] : []),
    address.town,
    address.postcode,
  ];
}

/** Who the order is for: the billing name, else the delivery's ("Alex Morgan"). */
export function customerNameOf(order: Pick<OrderRow, 'delivery' | 'billing'>): string {
  const delivery = order.delivery as DeliveryView;
  const billing = order.billing as BillingView;
  const person = billing.address ?? (delivery.method === 'delivery' ? delivery.address : delivery);
  return `${person.first_name} ${person.last_name}`.trim();
}

function mailDetails(order: OrderRow, lines: OrderLineRow[]): OrderMailDetails {
  const delivery = order.delivery as DeliveryView;
  return {
    number: order.number,
    audience: order.audience,
    placedAt: order.placedAt.toISOString(),
    name: customerNameOf(order),
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

/** The confirmation of an order just paid or placed on account, ready to queue. */
export async function confirmationOf(tx: Executor, order: OrderRow, mail: MailConfig): Promise<NewMail> {
  const lines = await tx
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.position));
  return {
    kind: 'order.confirmation',
    to: order.email,
    ...orderConfirmationMail(mailDetails(order, lines), mail.siteUrl),
    messageIdDomain: senderDomain(mail.from),
  };
}
