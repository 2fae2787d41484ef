/**
 * The basket kept in the browser (localStorage, read back through `decodeCart`), filled by the calculator today
 * and by product pages and the basket drawer with the commerce issues. The storage key is unchanged since the
 * first release, so no shopper loses a basket.
 */
import { persistentAtom } from '@nanostores/persistent';
import { addLines, decodeCart, removeLine, setQuantity, type CartLine, type LineKey } from './cart.ts';

export const CART_STORAGE_KEY = 'plasterwick:cart';

export const $cart = persistentAtom<CartLine[]>(CART_STORAGE_KEY, [], {
  encode: JSON.stringify,
  decode: decodeCart,
});

/** Adds lines, adding quantities to a line of the same product and pack already in the basket. */
export function addCartLines(lines: readonly CartLine[]): void {
  $cart.set(addLines($cart.get(), lines));
}

export function setCartQuantity(key: LineKey, quantity: number): void {
  $cart.set(setQuantity($cart.get(), key, quantity));
}

export function removeCartLine(key: LineKey): void {
  $cart.set(removeLine($cart.get(), key));
}
