/**
 * The e-mails of an order after it is placed (ready to collect, dispatched, cancelled, refunded), ready to queue:
 * the wording is modules/mail's; here each is filled from the order's snapshot, addressed to the order's e-mail
 * and tied to the order (`orderId`), so staff see it on the order's page. Attachments (the VAT invoice, the credit
 * note) are the caller's, made in the same transaction.
 */
import type { MailConfig } from '../../config.ts';
import type { DeliveryView } from '../cart/index.ts';
import {
  orderCancelledMail,
  orderDispatchedMail,
  orderReadyMail,
  orderRefundedMail,
  senderDomain,
  type MailAttachment,
  type NewMail,
  type OrderMailHead,
} from '../mail/index.ts';
import { addressLines, customerNameOf } from './confirmation-mail.ts';
import { trackingOf } from './fulfilment.ts';
import type { OrderRow } from './service.ts';

const head = (order: OrderRow): OrderMailHead => ({
  number: order.number,
  audience: order.audience,
  name: customerNameOf(order),
});

const envelope = (order: OrderRow, mail: MailConfig, attachments: MailAttachment[] = []) => ({
  to: order.email,
  messageIdDomain: senderDomain(mail.from),
  orderId: order.id,
  attachments,
});

/** `order.ready_for_collection`: the stockist of the order with its opening hours as they now stand. */
export function readyMailOf(
  order: OrderRow,
  openingHours: { days: string; hours: string }[],
  mail: MailConfig,
  attachments: MailAttachment[],
): NewMail {
  const delivery = order.delivery as DeliveryView;
  if (delivery.method !== 'collect') throw new Error(`order ${order.number} is not collected`);
  const { stockist } = delivery;
  return {
    kind: 'order.ready_for_collection',
    ...envelope(order, mail, attachments),
    ...orderReadyMail(
      {
        ...head(order),
        stockist: {
          name: stockist.name,
          address: [stockist.address, stockist.town, stockist.postcode],
          phone: stockist.phone,
          openingHours,
        },
        paidByCard: order.paymentMethod === 'card',
        invoiceAttached: attachments.length > 0,
      },
      mail.siteUrl,
    ),
  };
}

/** `order.dispatched`: the carrier, the tracking number and its link, the address it goes to. */
export function dispatchedMailOf(order: OrderRow, mail: MailConfig, attachments: MailAttachment[]): NewMail {
  const delivery = order.delivery as DeliveryView;
  const tracking = trackingOf(order);
  if (!tracking || delivery.method !== 'delivery') throw new Error(`order ${order.number} is not dispatched`);
  return {
    kind: 'order.dispatched',
    ...envelope(order, mail, attachments),
    ...orderDispatchedMail(
      {
        ...head(order),
        carrierName: tracking.carrier_name,
        trackingNumber: tracking.number,
        trackingUrl: tracking.url,
        address: addressLines(delivery.address),
        invoiceAttached: attachments.length > 0,
      },
      mail.siteUrl,
    ),
  };
}

/** `order.cancelled`: why, and what is refunded (`refundPence` to the card; an on-account order owes nothing). */
export function cancelledMailOf(order: OrderRow, refundPence: number, mail: MailConfig): NewMail {
  return {
    kind: 'order.cancelled',
    ...envelope(order, mail),
    ...orderCancelledMail(
      {
        ...head(order),
        reason: order.cancelReason ?? '',
        refundPence,
        onAccount: order.paymentMethod === 'on_account',
      },
      mail.siteUrl,
    ),
  };
}

/**
 * Whether the order's customer was erased (UK GDPR): the order keeps no e-mail address, so its moves send the
 * customer nothing (staff see why on the order page).
 */
export function customerErased(order: OrderRow): boolean {
  return order.customerErasedAt !== null;
}

/** `order.refunded`: the amount and the reason, with the credit note. */
export function refundedMailOf(
  order: OrderRow,
  refund: { amountPence: number; reason: string | null },
  mail: MailConfig,
  attachments: MailAttachment[],
): NewMail {
  return {
    kind: 'order.refunded',
    ...envelope(order, mail, attachments),
    ...orderRefundedMail(
      {
        ...head(order),
        amountPence: refund.amountPence,
        reason: refund.reason ?? 'Refund',
        creditNoteAttached: attachments.length > 0,
      },
      mail.siteUrl,
    ),
  };
}
