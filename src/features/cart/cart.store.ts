/**
 * The `cart` store of spec §3, persisted in localStorage: the server cart's lines and totals, its token and the
 * token's end, the discount and the assisted-service code. The header badge, the basket drawer and page, and the
 * checkout read it; the API answers write it through `applyServerCart` (spec §4 "cart update from server").
 * No API client here: the shared page script imports this module for the badge.
 */
import { persistentAtom } from '@nanostores/persistent';
import { computed } from 'nanostores';
import type { CartAnswer } from '../../lib/api/cart.ts';
import { $plan } from '../site/settings.store.ts';
import {
  EMPTY_CART,
  cartFromServer,
  decodeCartState,
  isStale,
  isTokenValid,
  itemCount,
  type CartState,
} from './cart.ts';

export const CART_STORAGE_KEY = 'plasterwick:basket';
/** The basket the calculator kept in the browser before the server cart; migrated once (`cart-sync.ts`). */
export const LEGACY_CART_STORAGE_KEY = 'plasterwick:cart';

export const $cart = persistentAtom<CartState>(CART_STORAGE_KEY, EMPTY_CART, {
  encode: JSON.stringify,
  decode: decodeCartState,
});

/** The header badge: the sum of the quantities. */
export const $cartCount = computed($cart, itemCount);

/** The cart token when it is valid (it exists and has not expired, spec §4); otherwise undefined. */
export function validCartToken(now: number = Date.now()): string | undefined {
  const state = $cart.get();
  return isTokenValid(state, now) ? (state.token ?? undefined) : undefined;
}

/**
 * Spec §4 "cart update from server", for every cart or checkout answer: a non-empty list sets the cart (and the
 * token when the answer brings one), an empty or absent list resets it. Priced in the plan of the call.
 */
export function applyServerCart(answer: CartAnswer, now: number = Date.now()): void {
  $cart.set(cartFromServer($cart.get(), answer, $plan.get().target, now));
}

/** Empties the cart, token included (a 404 `cart_not_found`, an order placed). */
export function resetCart(): void {
  $cart.set(EMPTY_CART);
}

/** Drops a stored cart whose token has expired (the server has forgotten it); true when it did. */
export function dropStaleCart(now: number = Date.now()): boolean {
  if (!isStale($cart.get(), now)) return false;
  resetCart();
  return true;
}

/** The opaque assisted-service code of spec §3, kept with the cart. */
export function setAsmCode(code: string | null): void {
  $cart.set({ ...$cart.get(), asmCode: code });
}

/**
 * Whether the page must talk to the server about the cart: an old local basket waits to be migrated, or the
 * cart was priced in the other audience (the server re-prices it and names what it removed).
 */
export function cartNeedsSync(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
): boolean {
  if (storage?.getItem(LEGACY_CART_STORAGE_KEY)) return true;
  const state = $cart.get();
  return state.products.length > 0 && state.audience !== null && state.audience !== $plan.get().target;
}

/** The event that asks the shared page script to open the mini-basket drawer (`detail.opener` gets focus back). */
export const OPEN_BASKET_EVENT = 'plasterwick:open-basket';

/**
 * Opens the mini-basket drawer from anywhere (a toast's "View basket"): the shared page script owns the dialog
 * islands, so this only asks it, and islands need not load the dialog code to offer the drawer.
 */
export function openBasketDrawer(opener: HTMLElement): void {
  document.dispatchEvent(new CustomEvent(OPEN_BASKET_EVENT, { detail: { opener } }));
}
