/**
 * `/{target}/account/orders/{number}` in the browser: the order read with the session (another customer's, or
 * none, is a 404: "not found in your account"), drawn like the confirmation (lines, totals with VAT, delivery or
 * collection, billing) with its payment (method, status, PO number and due date on account) and "Order again".
 */
import { getMyOrder } from '../../lib/api/account.ts';
import type { Order, OrderAddress } from '../../lib/api/orders.ts';
import { formatPrice } from '../../lib/format.ts';
import { checkoutText } from '../checkout/checkout-text.ts';
import {
  definitionRows,
  lineRows,
  paymentRows,
  place,
  statusText,
  totalRows,
} from '../checkout/order-summary.ts';
import { formatDate } from '../content/format.ts';
import { islandApi } from '../site/island-api.ts';
import { $, isNotFound, isUnauthorized, preparePage, setStatus, toLogin } from './account-session.ts';
import { accountText } from './account-text.ts';
import { orderAgain } from './reorder-action.ts';

function addressLines(address: OrderAddress): string[] {
  return [
    `${address.firstName} ${address.lastName}`,
    address.company,
    address.address,
    address.address2,
    address.town,
    address.postcode,
  ].filter((line): line is string => Boolean(line));
}

function render(root: HTMLElement, order: Order): void {
  const placed = order.placedAt && formatDate(order.placedAt);
  $<HTMLElement>(root, '[data-order-placed]')!.textContent = placed
    ? accountText('order.placed', { date: placed })
    : '';
  $<HTMLElement>(root, '[data-order-state]')!.textContent =
    `${accountText('order.status')}: ${statusText(order.status)}`;
  $<HTMLElement>(root, '[data-order-lines]')!.replaceChildren(...lineRows(order.lines));
  const totals = totalRows(order, order.total.inc);
  totals.push([
    checkoutText('payment.vat'),
    checkoutText('payment.grand_total_ex', {
      vat: formatPrice(order.total.vat),
      ex: formatPrice(order.total.ex),
    }),
  ]);
  $<HTMLElement>(root, '[data-order-totals]')!.replaceChildren(...definitionRows(totals));
  $<HTMLElement>(root, '[data-order-payment]')!.replaceChildren(
    ...definitionRows(paymentRows(order, formatDate)),
  );
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
  if (order.billingAddress)
    places.push(place(checkoutText('payment.bill_to'), addressLines(order.billingAddress)));
  $<HTMLElement>(root, '[data-order-places]')!.replaceChildren(...places);
}

const started = new WeakSet<HTMLElement>();

export async function start(root: HTMLElement): Promise<void> {
  if (started.has(root)) return;
  started.add(root);
  preparePage();
  const number = root.dataset.orderNumber ?? '';
  let order: Order;
  try {
    order = await getMyOrder(islandApi(), number);
  } catch (error) {
    if (isUnauthorized(error)) return toLogin(root);
    setStatus(root, '');
    if (isNotFound(error)) {
      const missing = $<HTMLElement>(root, '[data-order-missing]')!;
      missing.hidden = false;
      missing.focus();
      return;
    }
    console.error('The order could not be loaded', error);
    setStatus(root, accountText('retry'));
    return;
  }
  render(root, order);
  setStatus(root, '');
  $<HTMLElement>(root, '[data-order]')!.hidden = false;
  const button = $<HTMLButtonElement>(root, 'button[data-reorder]')!;
  const notice = $<HTMLElement>(root, '[data-reorder-notice]')!;
  button.addEventListener('click', () => void orderAgain(root, button, notice));
}
