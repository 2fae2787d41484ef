/**
 * "Order again" (spec §4) from my orders and from an order's page: `POST /orders/{number}/reorder` makes a new
 * basket of the lines still sold at a price; its token and cart replace the browser's (`applyServerCart`). When
 * every line made it, the shopper goes to the basket; otherwise the page says which lines were left out and
 * why, with a link to the basket, before anything moves; when none could be added (409 `nothing_to_reorder`) the
 * basket is as it was, and the page says so.
 */
import { reorder } from '../../lib/api/account.ts';
import { BackofficeError } from '../../lib/api/client.ts';
import { paths } from '../../lib/paths.ts';
import { applyServerCart } from '../cart/cart.store.ts';
import { h } from '../checkout/checkout-session.ts';
import { islandApi } from '../site/island-api.ts';
import { showToast } from '../toasts/toasts.store.ts';
import { skippedText } from './account-format.ts';
import { audienceOf, isUnauthorized, setButtonBusy, toLogin } from './account-session.ts';
import { accountText } from './account-text.ts';

let busy = false;

export async function orderAgain(root: HTMLElement, button: HTMLButtonElement, notice: HTMLElement) {
  const number = button.dataset.reorder;
  if (!number || busy) return;
  busy = true;
  setButtonBusy(button, accountText('reorder.busy'));
  notice.hidden = true;
  try {
    const result = await reorder(islandApi(), number);
    applyServerCart(result.cart);
    const basket = paths.basket(audienceOf(root));
    if (result.skipped.length === 0) {
      window.location.assign(basket);
      return;
    }
    const added = result.cart.cart.lines.length > 0;
    notice.replaceChildren(
      h('p', {}, added ? accountText('reorder.done', { number }) : accountText('reorder.nothing')),
      h('p', {}, accountText('reorder.skipped_intro')),
      h('ul', {}, ...skippedText(result.skipped).map((line) => h('li', {}, line))),
      ...(added
        ? [h('p', {}, h('a', { class: 'button', href: basket }, accountText('reorder.to_basket')))]
        : []),
    );
    notice.hidden = false;
    notice.focus();
  } catch (error) {
    if (isUnauthorized(error)) return toLogin(root);
    // Every line was left out (free, or no longer sold): the basket is as it was.
    if (error instanceof BackofficeError && error.body?.status === 'nothing_to_reorder') {
      notice.replaceChildren(h('p', {}, accountText('reorder.nothing')));
      notice.hidden = false;
      notice.focus();
      return;
    }
    console.error('Order again failed', error);
    showToast({ kind: 'danger' });
  } finally {
    busy = false;
    setButtonBusy(button, undefined);
  }
}
