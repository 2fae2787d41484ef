/**
 * `/{target}/account/orders` in the browser: the account's orders a page at a time (`?page=`), newest first:
 * number (a link to its page), date, status with where the order is (FULFILMENT_LABELS), total inc VAT, and "Order again" on each row; the empty state when
 * there is none. The same orders are written as cards too: the stylesheet shows the table or the cards by the
 * column's width.
 */
import { listMyOrders, type OrderSummary } from '../../lib/api/account.ts';
import { formatPrice } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';
import { h } from '../checkout/checkout-session.ts';
import { orderStateText } from '../checkout/order-summary.ts';
import { formatDate } from '../content/format.ts';
import { islandApi } from '../site/island-api.ts';
import { ORDERS_PER_PAGE, pageCount, pageFrom } from './account-format.ts';
import { $, audienceOf, isUnauthorized, preparePage, setStatus, toLogin } from './account-session.ts';
import { accountText } from './account-text.ts';
import { orderAgain } from './reorder-action.ts';

/** The order's two actions: its details and "Order again" (the same in its row and in its card). */
function actions(root: HTMLElement, order: OrderSummary): HTMLElement {
  const audience = audienceOf(root);
  return h(
    'div',
    { class: 'account-actions' },
    h(
      'a',
      {
        href: paths.accountOrder(audience, order.number),
        'aria-label': accountText('orders.view_named', { number: order.number }),
      },
      accountText('orders.view'),
    ),
    h(
      'button',
      {
        type: 'button',
        class: 'button button--ghost',
        'data-reorder': order.number,
        'aria-label': accountText('reorder.button_named', { number: order.number }),
      },
      accountText('reorder.button'),
    ),
  );
}

/** The order as a card, shown instead of the table where the column is too narrow for it (phones). */
function card(root: HTMLElement, order: OrderSummary): HTMLElement {
  const fact = (label: string, value: string, className?: string) => [
    h('dt', {}, label),
    h('dd', className ? { class: className } : {}, value),
  ];
  return h(
    'li',
    { class: 'order-card' },
    h(
      'h2',
      { class: 'order-card__number' },
      h('a', { href: paths.accountOrder(audienceOf(root), order.number) }, order.number),
    ),
    h(
      'dl',
      { class: 'order-card__facts' },
      ...fact(accountText('orders.date'), formatDate(order.placedAt) ?? ''),
      ...fact(accountText('orders.status'), orderStateText(order)),
      ...fact(accountText('orders.total'), formatPrice(order.total), 'num'),
    ),
    actions(root, order),
  );
}

function row(root: HTMLElement, order: OrderSummary): HTMLElement {
  const audience = audienceOf(root);
  return h(
    'tr',
    {},
    h('th', { scope: 'row' }, h('a', { href: paths.accountOrder(audience, order.number) }, order.number)),
    h('td', {}, formatDate(order.placedAt) ?? ''),
    h('td', {}, orderStateText(order)),
    h('td', { class: 'num' }, formatPrice(order.total)),
    h('td', {}, actions(root, order)),
  );
}

function pager(root: HTMLElement, page: number, pages: number): void {
  const nav = $<HTMLElement>(root, '[data-orders-pager]')!;
  nav.hidden = pages <= 1;
  const link = (selector: string, target: number, shown: boolean) => {
    const anchor = $<HTMLAnchorElement>(nav, selector)!;
    anchor.hidden = !shown;
    anchor.href = `${window.location.pathname}?page=${target}`;
  };
  link('[data-page-previous]', page - 1, page > 1);
  link('[data-page-next]', page + 1, page < pages);
  $<HTMLElement>(nav, '[data-page-of]')!.textContent = accountText('orders.page_of', { page, pages });
}

const started = new WeakSet<HTMLElement>();

export async function start(root: HTMLElement): Promise<void> {
  if (started.has(root)) return;
  started.add(root);
  preparePage();
  const page = pageFrom(window.location.search);
  let answer;
  try {
    answer = await listMyOrders(islandApi(), page, ORDERS_PER_PAGE);
  } catch (error) {
    if (isUnauthorized(error)) return toLogin(root);
    console.error('The orders could not be loaded', error);
    setStatus(root, accountText('retry'));
    return;
  }
  setStatus(root, '');
  if (answer.total === 0) {
    $<HTMLElement>(root, '[data-orders-empty]')!.hidden = false;
    return;
  }
  $<HTMLElement>(root, '[data-orders-count]')!.textContent = accountText('orders.count', {
    count: answer.total,
  });
  $<HTMLElement>(root, '[data-orders-rows]')!.replaceChildren(
    ...answer.items.map((order) => row(root, order)),
  );
  $<HTMLElement>(root, '[data-order-cards]')!.replaceChildren(
    ...answer.items.map((order) => card(root, order)),
  );
  pager(root, page, pageCount(answer.total, answer.perPage || ORDERS_PER_PAGE));
  $<HTMLElement>(root, '[data-orders]')!.hidden = false;
  const notice = $<HTMLElement>(root, '[data-reorder-notice]')!;
  root.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>('button[data-reorder]');
    if (button) void orderAgain(root, button, notice);
  });
}
