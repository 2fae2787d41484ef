/**
 * What every checkout step does first: the plan of the page's audience, the cart token (valid, spec §4), and the
 * cart as the back-office has it now, stored in the basket (spec §4 "cart update from server"). A cart the server
 * forgot (404 `cart_not_found`) resets the cart and the order state.
 */
import { BackofficeError } from '../../lib/api/client.ts';
import { getCheckoutCart, type CheckoutCartAnswer } from '../../lib/api/checkout.ts';
import { $cart, applyServerCart, resetCart, validCartToken } from '../cart/cart.store.ts';
import { islandApi } from '../site/island-api.ts';
import { syncPlanWithPath } from '../site/settings.store.ts';
import { resetOrder } from './order.store.ts';

export function isCartNotFound(error: unknown): boolean {
  return (
    error instanceof BackofficeError && error.statusCode === 404 && error.body?.status === 'cart_not_found'
  );
}

/** The cart's end: the server forgot it. */
export function forgetCart(): void {
  resetCart();
  resetOrder();
}

export type Session =
  | { kind: 'ready'; token: string; cart: CheckoutCartAnswer }
  | { kind: 'empty' }
  | { kind: 'gone' }
  | { kind: 'failed'; error: unknown };

/** Opens the checkout on the cart: empty (nothing to buy), gone (the server forgot it) or ready. */
export async function openSession(): Promise<Session> {
  syncPlanWithPath(window.location.pathname);
  const token = validCartToken();
  if (!token || $cart.get().products.length === 0) return { kind: 'empty' };
  try {
    const cart = await getCheckoutCart(islandApi(), token);
    applyServerCart(cart.answer);
    return cart.view.lines.length > 0 ? { kind: 'ready', token, cart } : { kind: 'empty' };
  } catch (error) {
    if (isCartNotFound(error)) {
      forgetCart();
      return { kind: 'gone' };
    }
    return { kind: 'failed', error };
  }
}

/** Shows the "nothing to check out" panel (with its link back to the basket) instead of the form. */
export function showEmpty(root: HTMLElement, text?: string): void {
  const panel = root.querySelector<HTMLElement>('[data-checkout-empty]');
  const status = root.querySelector<HTMLElement>('[data-checkout-status]');
  if (status) status.textContent = '';
  if (!panel) return;
  const message = panel.querySelector('[data-checkout-empty-text]');
  if (message && text) message.textContent = text;
  panel.hidden = false;
  panel.focus();
}

/** The busy state of a submit button: disabled, its label saying what happens. */
export function setBusy(form: HTMLFormElement, label: string | undefined): void {
  const button = form.querySelector<HTMLButtonElement>('[data-form-submit]');
  if (button) {
    button.dataset.label ??= button.textContent?.trim() ?? '';
    button.disabled = Boolean(label);
    button.textContent = label ?? button.dataset.label;
  }
  form.setAttribute('aria-busy', String(Boolean(label)));
}

/** The message above the form (a failure no field explains), focused when no field took the focus. */
export function showFormMessage(form: HTMLFormElement, message: string | undefined, focus = false): void {
  const element = form.querySelector<HTMLElement>('[data-form-message]');
  if (!element) return;
  element.textContent = message ?? '';
  element.hidden = !message;
  if (message && focus) element.focus();
}

/** A small element builder for the lists the steps draw (carriers, stockists, review lines). */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | boolean | undefined> = {},
  ...children: (Node | string | undefined | false)[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    element.setAttribute(name, value === true ? '' : value);
  }
  for (const child of children) if (child) element.append(child);
  return element;
}
