/**
 * The e-mails of a settled order, built from its snapshot and lines: the customer's confirmation and the staff's
 * notice of a new order (`MAIL_STAFF_TO_ORDERS`). Both name the order (`orderId`), so its page lists them.
 */
import type { PostalAddress } from '@plasterwick/shop-rules/address';
import { asc, eq } from 'drizzle-orm';
import type { MailConfig } from '../../config.ts';
import type { Executor } from '../../db/types.ts';
import type { BillingView, DeliveryView } from '../cart/index.ts';
import {
  orderConfirmationMail,
  senderDomain,
  staffOrderMail,
  type NewMail,
  type OrderMailDetails,
} from '../mail/index.ts';
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

const linesOf = (tx: Executor, orderId: number) =>
  tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.position));

/** The confirmation of an order paid or placed on account, ready to queue (again, when staff resend it). */
export async function confirmationOf(tx: Executor, order: OrderRow, mail: MailConfig): Promise<NewMail> {
  return {
    kind: 'order.confirmation',
    to: order.email,
    ...orderConfirmationMail(mailDetails(order, await linesOf(tx, order.id)), mail.siteUrl),
    messageIdDomain: senderDomain(mail.from),
    orderId: order.id,
  };
}

/** The staff's notice of an order just paid or placed on account, linking to its page in the console. */
export async function staffNoticeOf(tx: Executor, order: OrderRow, mail: MailConfig): Promise<NewMail> {
  // The console is a single-page app: its routes follow the `#`.
  const link = `${mail.consoleUrl}/#/orders/${order.id}/show`;
  return {
    kind: 'order.staff',
    to: mail.ordersTo,
    ...staffOrderMail(mailDetails(order, await linesOf(tx, order.id)), link),
    messageIdDomain: senderDomain(mail.from),
    orderId: order.id,
  };
}
