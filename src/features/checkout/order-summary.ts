/**
 * What the payment review, the confirmation and the account's order page show of an order: its lines, its totals
 * up to the amount to pay, and its places (delivery address or collection point, billing). One drawing, so the
 * pages never disagree.
 */
import { FULFILMENT_LABELS, type FulfilmentStatus } from '@plasterwick/shop-rules/fulfilment';
import type { Address } from '../../lib/api/address.ts';
import type { Order } from '../../lib/api/orders.ts';
import { formatPrice } from '../../lib/format.ts';
import { h } from './checkout-session.ts';
import { checkoutText } from './checkout-text.ts';

interface SummaryLine {
  name: string;
  pack?: string;
  quantity: number;
  free: boolean;
  total: number;
}

interface Summary {
  lines: readonly SummaryLine[];
  delivery?: { method: string } | null;
  amount: { ex: number; vat: number; inc: number };
  discount: number;
  discountLabel?: string | null;
  shipping?: { inc: number } | null;
}

/** A term, its value and an optional class (`grand` for the amount to pay). */
export type TotalRow = [string, string, string?];

/** An order's status in words ("Awaiting payment", "On account"); an unknown one as it is. */
export function statusText(status: string): string {
  try {
    return checkoutText(`confirmation.statuses.${status}` as Parameters<typeof checkoutText>[0]);
  } catch {
    return status;
  }
}

/** The table rows of the lines: name and pack, quantity, line total (or "free"). */
export function lineRows(lines: readonly SummaryLine[]): HTMLElement[] {
  return lines.map((line) =>
    h(
      'tr',
      {},
      h('td', {}, line.name, line.pack && h('small', {}, ` · ${line.pack}`)),
      h('td', { class: 'num' }, String(line.quantity)),
      h('td', { class: 'num' }, line.free ? checkoutText('payment.free') : formatPrice(line.total)),
    ),
  );
}

/** Subtotals with VAT, the discount, delivery or collection, and the amount to pay (`grandTotalInc`). */
export function totalRows(summary: Summary, grandTotalInc: number): TotalRow[] {
  const rows: TotalRow[] = [
    [checkoutText('payment.subtotal_ex'), formatPrice(summary.amount.ex)],
    [checkoutText('payment.vat'), formatPrice(summary.amount.vat)],
    [checkoutText('payment.subtotal_inc'), formatPrice(summary.amount.inc)],
  ];
  if (summary.discount > 0)
    rows.push([
      summary.discountLabel
        ? checkoutText('payment.discount_named', { label: summary.discountLabel })
        : checkoutText('payment.discount'),
      `-${formatPrice(summary.discount)}`,
    ]);
  rows.push([
    summary.delivery?.method === 'collect'
      ? checkoutText('payment.collect')
      : checkoutText('payment.shipping'),
    !summary.shipping || summary.shipping.inc === 0
      ? checkoutText('payment.free')
      : formatPrice(summary.shipping.inc),
  ]);
  rows.push([checkoutText('payment.grand_total'), formatPrice(grandTotalInc), 'grand']);
  return rows;
}

interface PaymentSummary {
  paymentMethod?: string;
  paymentStatus?: string;
  poNumber?: string;
  paymentDueAt?: string;
}

/**
 * How an order is paid, as term and value: the method, and for an order on account its PO number and the date
 * the invoice falls due (the confirmation and the account's order page say the same).
 */
export function paymentRows(
  order: PaymentSummary,
  formatDate: (iso: string) => string | undefined,
): TotalRow[] {
  const rows: TotalRow[] = [];
  if (order.paymentMethod)
    rows.push([
      checkoutText('confirmation.payment_method'),
      order.paymentMethod === 'on_account'
        ? checkoutText('confirmation.on_account')
        : order.paymentMethod === 'card'
          ? checkoutText('payment.card')
          : order.paymentMethod,
    ]);
  if (order.poNumber) rows.push([checkoutText('confirmation.po_number'), order.poNumber]);
  const due = order.paymentDueAt && formatDate(order.paymentDueAt);
  if (due) rows.push([checkoutText('confirmation.due'), due]);
  return rows;
}

/** Term/value rows as the children of a `<dl>`. */
export function definitionRows(rows: readonly TotalRow[]): HTMLElement[] {
  return rows.flatMap(([term, value, className]) => [
    h('dt', { class: className }, term),
    h('dd', { class: className }, value),
  ]);
}

/** A titled address block: the delivery address or the collection point. */
export function place(title: string, lines: string[]): HTMLElement {
  const address = h('address');
  lines.forEach((line, i) => {
    if (i > 0) address.append(h('br'));
    address.append(line);
  });
  return h('div', {}, h('h3', {}, title), address);
}

/** The payment statuses after which an order is being prepared for the customer. */
const SETTLED = new Set(['paid', 'on_account']);

/**
 * An order's state in words: its payment status, then where it is ("Paid · Dispatched"). Its fulfilment is left out
 * while it is not paid (nothing is prepared yet) and when it says the same as the status (cancelled).
 */
export function orderStateText(order: { status: string; fulfilment?: FulfilmentStatus }): string {
  const status = statusText(order.status);
  const { fulfilment } = order;
  if (
    !fulfilment ||
    fulfilment === 'cancelled' ||
    (fulfilment === 'unfulfilled' && !SETTLED.has(order.status))
  ) {
    return status;
  }
  return `${status} · ${FULFILMENT_LABELS[fulfilment]}`;
}

/** A placed order's totals: the payment review's rows, then the VAT and the total ex VAT. */
export function orderTotalRows(order: Order): TotalRow[] {
  return [
    ...totalRows(order, order.total.inc),
    [
      checkoutText('payment.vat'),
      checkoutText('payment.grand_total_ex', {
        vat: formatPrice(order.total.vat),
        ex: formatPrice(order.total.ex),
      }),
    ],
  ];
}

function addressLines(address: Address): string[] {
  return [
    `${address.firstName} ${address.lastName}`,
    address.company,
    address.address,
    address.address2,
    address.town,
    address.postcode,
  ].filter((line): line is string => Boolean(line));
}

/** A placed order's places: where it goes (address and carrier) or where it is collected, and who is billed. */
export function orderPlaces(order: Order): HTMLElement[] {
  const places: HTMLElement[] = [];
  const delivery = order.delivery;
  if (delivery?.method === 'delivery') {
    const carrier = delivery.carrierLabel
      ? [checkoutText('payment.by', { carrier: delivery.carrierLabel })]
      : [];
    places.push(
      place(checkoutText('confirmation.deliver_to'), [...addressLines(delivery.address), ...carrier]),
    );
  } else if (delivery?.method === 'collect') {
    const s = delivery.stockist;
    places.push(place(checkoutText('confirmation.collect_from'), [s.name, s.address, s.town, s.postcode]));
  }
  if (order.tracking) {
    const { carrierName, number, url } = order.tracking;
    places.push(
      h(
        'div',
        {},
        h('h3', {}, checkoutText('confirmation.tracking')),
        h(
          'p',
          {},
          `${carrierName}: `,
          h(
            'a',
            {
              href: url,
              rel: 'noopener noreferrer',
              'aria-label': checkoutText('confirmation.track_with', { carrier: carrierName, number }),
            },
            number,
          ),
        ),
      ),
    );
  }
  if (order.billingAddress)
    places.push(place(checkoutText('payment.bill_to'), addressLines(order.billingAddress)));
  return places;
}
