/**
 * `/{target}/confirmation?order={number}` in the browser: the order fetched with the guest access token kept on
 * this device (its own storage key, 2 hours: a reload, or cleared cart and checkout state, still show it). Without
 * a valid token, or for an order this device never placed, a friendly page: check your e-mail, call us. The order
 * placed from this checkout ends the cart (a 3-D Secure payment comes back here from the provider's page).
 */
import { BackofficeError } from '../../lib/api/client.ts';
import { getOrder, type Order } from '../../lib/api/orders.ts';
import { formatPrice } from '../../lib/format.ts';
import { formatDate } from '../content/format.ts';
import { resetCart } from '../cart/cart.store.ts';
import { islandApi } from '../site/island-api.ts';
import { syncPlanWithPath } from '../site/settings.store.ts';
import { focusHeading } from '../ui/focus-heading.ts';
import { h } from './checkout-session.ts';
import {
  definitionRows,
  lineRows,
  orderPlaces,
  orderStateText,
  orderTotalRows,
  paymentRows,
} from './order-summary.ts';
import { checkoutList, checkoutText } from './checkout-text.ts';
import { orderNumberFrom } from './order.ts';
import { $order, orderAccessToken, resetOrder } from './order.store.ts';

/** While the provider has not confirmed a payment, the page asks again (at most this many times, 2 s apart). */
const PENDING_POLLS = 10;
const POLL_MS = 2000;

const $ = <T extends Element>(root: ParentNode, selector: string) => root.querySelector<T>(selector);

function render(root: HTMLElement, order: Order): void {
  $<HTMLElement>(root, '[data-order-number]')!.textContent = checkoutText('confirmation.number', {
    number: order.number,
  });
  $<HTMLElement>(root, '[data-order-email]')!.textContent = order.email
    ? checkoutText('confirmation.email_sent', { email: order.email })
    : checkoutText('confirmation.email_sent_plain');
  const state = $<HTMLElement>(root, '[data-order-state]')!;
  state.textContent =
    order.status === 'pending_payment'
      ? checkoutText('confirmation.pending')
      : order.status === 'payment_failed'
        ? checkoutText('confirmation.failed')
        : order.status === 'on_account' && order.paymentDueAt
          ? checkoutText('confirmation.on_account_state', {
              total: formatPrice(order.total.inc),
              date: formatDate(order.paymentDueAt) ?? '',
            })
          : `${checkoutText('confirmation.status')}: ${orderStateText(order)}`;
  $<HTMLElement>(root, '[data-order-payment]')!.replaceChildren(
    ...definitionRows(paymentRows(order, formatDate)),
  );
  $<HTMLElement>(root, '[data-order-lines]')!.replaceChildren(...lineRows(order.lines));
  $<HTMLElement>(root, '[data-order-totals]')!.replaceChildren(...definitionRows(orderTotalRows(order)));
  $<HTMLElement>(root, '[data-order-places]')!.replaceChildren(...orderPlaces(order));
  $<HTMLElement>(root, '[data-order-next]')!.replaceChildren(
    ...checkoutList(order.delivery?.method === 'collect' ? 'next_collect' : 'next_delivery').map((step) =>
      h('li', {}, step),
    ),
  );
}

function showMissing(root: HTMLElement): void {
  $<HTMLElement>(root, '[data-checkout-status]')!.textContent = '';
  $<HTMLElement>(root, '[data-order]')!.hidden = true;
  const missing = $<HTMLElement>(root, '[data-order-missing]')!;
  missing.hidden = false;
  focusHeading(missing);
}

/** The order placed from this device's checkout is done with its cart (unless its payment failed). */
function closeCheckout(order: Order): void {
  if ($order.get().orderId !== order.number || order.status === 'payment_failed') return;
  resetCart();
  resetOrder();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const started = new WeakSet<HTMLElement>();

export async function start(root: HTMLElement): Promise<void> {
  if (started.has(root)) return;
  started.add(root);
  syncPlanWithPath(window.location.pathname);
  const number = orderNumberFrom(window.location.search) ?? $order.get().orderId ?? undefined;
  const token = number ? orderAccessToken(number) : undefined;
  if (!number || !token) return showMissing(root);
  const status = $<HTMLElement>(root, '[data-checkout-status]')!;
  const section = $<HTMLElement>(root, '[data-order]')!;
  for (let poll = 0; ; poll++) {
    let order: Order;
    try {
      order = await getOrder(islandApi(), number, token);
    } catch (error) {
      if (!(error instanceof BackofficeError) || error.statusCode !== 404)
        console.error('The order could not be loaded', error);
      if (poll === 0) showMissing(root);
      return;
    }
    render(root, order);
    closeCheckout(order);
    if (poll === 0) {
      status.textContent = '';
      section.hidden = false;
      focusHeading(section);
    }
    if (order.status !== 'pending_payment' || poll >= PENDING_POLLS || !root.isConnected) return;
    await sleep(POLL_MS);
  }
}
