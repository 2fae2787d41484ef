/**
 * What happens in the browser around a session (issue 11), loaded on demand (it brings the API client and zod):
 *
 * - after a login, a password reset or a sign-up's login: the `auth` store takes the customer, the device's favourites are
 *   merged into the account's wishlist and both become the union, and the basket the back-office merged (the
 *   login answer's `cart` token) replaces the browser's;
 * - on a page load while the login cookie is there (`auth-header.ts`): the store is refreshed from `GET /me`
 *   (a 401 means the session is gone: store and cookie cleared), and the customer's basket is restored when the
 *   browser has no valid cart token (spec: the second mechanism; `GET /cart` with the session answers with a
 *   fresh token);
 * - logging out: the session ends, the auth, cart and checkout stores are cleared (the basket belongs to the
 *   account; the checkout holds addresses), and the visitor goes to the audience's home.
 */
import { AUTH_INDICATOR_COOKIE, MAX_WISHLIST_ITEMS } from '@plasterwick/shop-rules/accounts';
import { putWishlist } from '../../lib/api/account.ts';
import { getMe, logout, type LoginAnswer } from '../../lib/api/auth.ts';
import { getCart } from '../../lib/api/cart.ts';
import { BackofficeError } from '../../lib/api/client.ts';
import { applyServerCart, resetCart, validCartToken } from '../cart/cart.store.ts';
import { resetOrder } from '../checkout/order.store.ts';
import { $favourites } from '../favourites/favourites.store.ts';
import { islandApi } from '../site/island-api.ts';
import { expiredAuthCookie, unionOfIds } from './auth.ts';
import { $auth, clearAuth, setCustomer } from './auth.store.ts';

const isUnauthorized = (error: unknown) => error instanceof BackofficeError && error.statusCode === 401;
const isCartGone = (error: unknown) => error instanceof BackofficeError && error.statusCode === 404;

/** The device favourites join the account's wishlist; both become the union. A failure leaves both as they are. */
export async function mergeFavourites(): Promise<void> {
  try {
    const device = $favourites.get();
    const account = await putWishlist(islandApi(), device.slice(0, MAX_WISHLIST_ITEMS), 'merge');
    $favourites.set(unionOfIds($favourites.get(), account));
  } catch (error) {
    // The wishlist is merged again at the next login; the login itself stands.
    console.error('The wishlist could not be merged', error);
  }
}

/**
 * The customer's basket as the back-office has it now: with the token the login gave (`basket`), or with the
 * session only (the answer then brings a fresh token).
 */
async function loadBasket(basket?: { token: string; tokenExpiresAt: string }): Promise<void> {
  try {
    const answer = await getCart(islandApi(), basket?.token);
    // A read with the basket's own token answers without one: the store keeps the token the login gave.
    applyServerCart(answer.token || !basket ? answer : { ...answer, ...basket });
  } catch (error) {
    // No basket on the server (a new account, an expired guest token): the browser keeps none either.
    if (isCartGone(error)) resetCart();
    else throw error;
  }
}

/**
 * After a successful login: the store, the wishlist union and the merged basket. `cart` null means the account
 * has no basket (and the guest basket, if any, was not merged: an empty one): the browser's is dropped.
 */
export async function afterLogin(answer: LoginAnswer): Promise<void> {
  setCustomer(answer.customer);
  if (!answer.cart) resetCart();
  // The token the login answer brings opens the merged basket; reading it fills the store.
  const basket = answer.cart ? loadBasket(answer.cart) : Promise.resolve();
  await Promise.all([mergeFavourites(), basket.catch((error: unknown) => console.error(error))]);
}

/** The session is gone (401): nobody is logged in in this browser any more. */
export function forgetSession(): void {
  clearAuth();
  document.cookie = expiredAuthCookie(AUTH_INDICATOR_COOKIE);
}

/** Spec's second mechanism: a logged-in browser without a valid cart token gets the customer's basket back. */
export async function restoreBasket(): Promise<void> {
  if (!$auth.get() || validCartToken()) return;
  await loadBasket();
}

/** The store refreshed from the back-office, then the basket restored; false when the session is gone. */
export async function refreshSession(): Promise<boolean> {
  try {
    setCustomer(await getMe(islandApi()));
  } catch (error) {
    if (isUnauthorized(error)) {
      forgetSession();
      return false;
    }
    throw error;
  }
  await restoreBasket();
  return true;
}

let refreshing: Promise<boolean> | undefined;
// A page the ClientRouter swaps in is a new page: the next caller (an account page) reads the customer afresh.
globalThis.document?.addEventListener('astro:after-swap', () => (refreshing = undefined));

/** `refreshSession` once per page shown, shared by the header and the page's own script. */
export function refreshSessionOnce(): Promise<boolean> {
  refreshing ??= refreshSession();
  // A failure (network, back-office restarting) may be retried by the next caller.
  refreshing.catch(() => (refreshing = undefined));
  return refreshing;
}

/** Ends the session, clears what belonged to it and goes to `home`. */
export async function logOut(home: string): Promise<void> {
  try {
    await logout(islandApi());
  } catch (error) {
    // Already logged out elsewhere (401): the browser's side is cleared all the same.
    if (!isUnauthorized(error)) throw error;
  }
  forgetSession();
  resetCart();
  resetOrder();
  window.location.assign(home);
}
