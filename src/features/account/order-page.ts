/**
 * `/{target}/account/orders/{number}` in the browser: the order read with the session (another customer's, or
 * none, is a 404: "not found in your account"), drawn like the confirmation (lines, totals with VAT, delivery or
 * collection, billing, and the parcel's tracking link once dispatched) with its payment (method, status, PO number and
 * due date on account), where it is (being prepared, dispatched…), its invoice and credit notes (PDF links, opened
 * with the same session) and "Order again".
 */
import { getMyOrder } from '../../lib/api/account.ts';
import type { Order, OrderDocument } from '../../lib/api/orders.ts';
import {
  definitionRows,
  lineRows,
  orderPlaces,
  orderStateText,
  orderTotalRows,
  paymentRows,
} from '../checkout/order-summary.ts';
import { formatDate } from '../content/format.ts';
import { islandApi } from '../site/island-api.ts';
import { $, isNotFound, isUnauthorized, preparePage, setStatus, toLogin } from './account-session.ts';
import { accountText } from './account-text.ts';
import { orderAgain } from './reorder-action.ts';

/** The link to one document: the invoice, or a credit note by its number. */
function documentLink(file: OrderDocument): HTMLLIElement {
  const item = document.createElement('li');
  const link = document.createElement('a');
  link.href = file.url;
  link.textContent =
    file.kind === 'credit_note'
      ? accountText('order.credit_note', { number: file.number ?? '' })
      : accountText('order.invoice');
  item.append(link);
  return item;
}

function render(root: HTMLElement, order: Order): void {
  const placed = order.placedAt && formatDate(order.placedAt);
  $<HTMLElement>(root, '[data-order-placed]')!.textContent = placed
    ? accountText('order.placed', { date: placed })
    : '';
  $<HTMLElement>(root, '[data-order-state]')!.textContent =
    `${accountText('order.status')}: ${orderStateText(order)}`;
  $<HTMLElement>(root, '[data-order-lines]')!.replaceChildren(...lineRows(order.lines));
  $<HTMLElement>(root, '[data-order-totals]')!.replaceChildren(...definitionRows(orderTotalRows(order)));
  $<HTMLElement>(root, '[data-order-payment]')!.replaceChildren(
    ...definitionRows(paymentRows(order, formatDate)),
  );
  $<HTMLElement>(root, '[data-order-places]')!.replaceChildren(...orderPlaces(order));
  const documents = $<HTMLElement>(root, '[data-order-documents]')!;
  documents.querySelector('ul')!.replaceChildren(...order.documents.map(documentLink));
  documents.hidden = order.documents.length === 0;
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
