/** The staff's e-mail of a new order (issue 23): who ordered what, for how much, and the order's page in the console. */
import { formatPrice } from '@plasterwick/shop-rules/price-format';
import { longDate, render, type MailContent, type OrderMailDetails } from './templates.ts';

/** Sent to `MAIL_STAFF_TO_ORDERS` once an order is paid or placed on account; `consoleLink` opens its page. */
export function staffOrderMail(order: OrderMailDetails, consoleLink: string): MailContent {
  const lines = order.lines.map(
    (line) =>
      `${line.quantity} × ${line.name} (${line.variantLabel})${line.free ? ': free' : `: ${formatPrice(line.totalInc)}`}`,
  );
  return render({
    subject: `New order ${order.number}: ${formatPrice(order.totalInc)} (${order.name})`,
    blocks: [
      {
        kind: 'fields',
        rows: [
          ['Order number', order.number],
          ['Customer', order.name],
          ['Placed', longDate(order.placedAt)],
          ['Shop', order.audience === 'pro' ? 'Trade' : 'DIY'],
          ['Payment', order.paymentMethod],
          ...(order.poNumber ? [['PO', order.poNumber] as [string, string]] : []),
          [
            order.delivery.method === 'delivery' ? 'Delivery' : 'Collection',
            order.delivery.method === 'delivery' ? order.delivery.carrier : order.delivery.stockist,
          ],
          ['Total (inc VAT)', formatPrice(order.totalInc)],
          ['Total ex VAT', formatPrice(order.totalEx)],
        ],
      },
      { kind: 'list', heading: 'Lines:', items: lines },
      { kind: 'link', text: 'The order in the staff console:', url: consoleLink },
    ],
  });
}
