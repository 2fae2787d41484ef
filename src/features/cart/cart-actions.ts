/**
 * The basket's calls from the browser: each goes through the island API client (same origin, live plan, spec §4
 * plan switch), one at a time so answers land in the order asked, and writes its answer into the store (spec §4
 * "cart update from server"). No valid token, or a 404 `cart_not_found`, resets the client cart. Loaded on the
 * first basket interaction, never by the shared page script.
 */
import {
  addCartItems,
  applyCartDiscount,
  getCart,
  getCartShipping,
  removeCartDiscount,
  removeCartLine,
  updateCartLine,
  type CartAnswer,
  type CartItemInput,
  type ShippingEstimate,
} from '../../lib/api/cart.ts';
import { BackofficeError, type RequestOptions } from '../../lib/api/client.ts';
import { toFormErrors } from '../../lib/api/form-errors.ts';
import { islandApi } from '../site/island-api.ts';
import { showToast } from '../toasts/toasts.store.ts';
import { applyServerCart, resetCart, validCartToken } from './cart.store.ts';
import { cartText } from './cart-text.ts';

let queue: Promise<unknown> = Promise.resolve();

/** Runs cart calls one after another: a stepper clicked twice never sees its answers swapped. */
function serial<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

export function isCartNotFound(error: unknown): boolean {
  return (
    error instanceof BackofficeError && error.statusCode === 404 && error.body?.status === 'cart_not_found'
  );
}

/** Stores an answer and shows its notice (lines removed when the basket moved to the other audience). */
function take(answer: CartAnswer): CartAnswer {
  applyServerCart(answer);
  if (answer.cart.notice) showToast({ kind: 'info', text: answer.cart.notice });
  return answer;
}

/**
 * A call on the existing cart. Without a valid token there is no cart to call; a 404 `cart_not_found` means the
 * server has forgotten it: either way the client cart is reset and the answer is undefined.
 */
function onCart(call: (token: string) => Promise<CartAnswer>): Promise<CartAnswer | undefined> {
  return serial(async () => {
    const token = validCartToken();
    if (!token) {
      resetCart();
      return undefined;
    }
    try {
      return take(await call(token));
    } catch (error) {
      if (!isCartNotFound(error)) throw error;
      resetCart();
      return undefined;
    }
  });
}

/** Adds items to the cart, creating one (and its token) when there is no valid token. */
export function addToCart(items: readonly CartItemInput[], options?: RequestOptions): Promise<CartAnswer> {
  return serial(async () => take(await addCartItems(islandApi(), validCartToken(), items, options)));
}

/** The cart as the server has it now, priced in the page's plan. */
export function refreshCart(): Promise<CartAnswer | undefined> {
  return onCart((token) => getCart(islandApi(), token));
}

export function changeQuantity(lineId: string, quantity: number): Promise<CartAnswer | undefined> {
  return onCart((token) => updateCartLine(islandApi(), token, lineId, quantity));
}

export function removeLine(lineId: string): Promise<CartAnswer | undefined> {
  return onCart((token) => removeCartLine(islandApi(), token, lineId));
}

export type DiscountOutcome = { ok: true } | { ok: false; message: string };

/** Applies a code; a refusal gives the back-office's message for the shopper ("This code has expired"). */
export async function applyDiscount(code: string): Promise<DiscountOutcome> {
  try {
    const answer = await onCart((token) => applyCartDiscount(islandApi(), token, code.trim()));
    return answer ? { ok: true } : { ok: false, message: cartText('basket.gone') };
  } catch (error) {
    const errors = toFormErrors(error, cartText('basket.error'));
    return { ok: false, message: errors.fields.code ?? errors.message ?? cartText('basket.error') };
  }
}

export function removeDiscount(): Promise<CartAnswer | undefined> {
  return onCart((token) => removeCartDiscount(islandApi(), token));
}

/** Delivery costs for the cart (to a postcode when given); undefined when there is no cart. */
export function estimateShipping(postcode?: string): Promise<ShippingEstimate | undefined> {
  return serial(async () => {
    const token = validCartToken();
    if (!token) return undefined;
    try {
      return await getCartShipping(islandApi(), token, postcode);
    } catch (error) {
      if (!isCartNotFound(error)) throw error;
      resetCart();
      return undefined;
    }
  });
}
