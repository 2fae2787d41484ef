/**
 * Adding to the basket from a page, with feedback that keeps the shopper where they are: the button is busy while
 * the call runs, then a toast names what was added and offers "View basket" (the mini-basket drawer; the basket
 * page while another dialog such as the scanner is open). Loaded on the first add, with the API client.
 */
import type { CartItemInput } from '../../lib/api/cart.ts';
import { paths } from '../../lib/paths.ts';
import { audienceFromPath } from '../site/settings.store.ts';
import { showToast, type ToastAction } from '../toasts/toasts.store.ts';
import { addToCart } from './cart-actions.ts';
import { openBasketDrawer } from './cart.store.ts';
import { cartText } from './cart-text.ts';

function viewBasket(opener: HTMLElement | null | undefined): ToastAction {
  const label = cartText('add.view');
  const inDialog = [...document.querySelectorAll('dialog')].some((dialog) => dialog.matches(':modal'));
  const header = document.querySelector<HTMLElement>('[data-open-basket]');
  const returnTo = opener?.isConnected ? opener : header;
  if (inDialog || !returnTo) return { label, href: paths.basket(audienceFromPath(window.location.pathname)) };
  return { label, onSelect: () => openBasketDrawer(returnTo) };
}

export interface AddRequest {
  items: CartItemInput[];
  /** The toast's text once added. */
  text: string;
  /** The control that asked (focus returns to it when the drawer closes). */
  opener?: HTMLElement | null;
}

/** Adds the items; true when the server took them. Failures are told in a toast. */
export async function addAndConfirm({ items, text, opener }: AddRequest): Promise<boolean> {
  try {
    await addToCart(items);
    showToast({ text, action: viewBasket(opener) });
    return true;
  } catch (error) {
    console.error('Add to basket failed', error);
    showToast({ kind: 'danger', text: cartText('add.failed') });
    return false;
  }
}

/** While a call runs the control says so and ignores more clicks (a double click adds once). */
export async function whileBusy<T>(control: HTMLElement, task: () => Promise<T>): Promise<T | undefined> {
  if (control.getAttribute('aria-busy') === 'true') return undefined;
  control.setAttribute('aria-busy', 'true');
  try {
    return await task();
  } finally {
    control.removeAttribute('aria-busy');
  }
}

/**
 * A card's or table's button (`data-add-to-basket`): one of the product's default pack, named by
 * `data-product-id`, `data-variant-reference` and `data-product-name`.
 */
export function addFromButton(button: HTMLElement): Promise<boolean | undefined> {
  const productId = Number(button.dataset.productId);
  const reference = button.dataset.variantReference;
  if (!Number.isInteger(productId) || productId <= 0 || !reference) return Promise.resolve(false);
  const name = button.dataset.productName ?? reference;
  return whileBusy(button, () =>
    addAndConfirm({
      items: [{ element_id: productId, element_type: 'product', variant_reference: reference, quantity: 1 }],
      text: cartText('add.added', { quantity: 1, name }),
      opener: button,
    }),
  );
}
