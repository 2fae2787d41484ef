/**
 * What a page load may have to tell the server about the cart (the shared script loads this only when
 * `cartNeedsSync` says so): the old local basket of the calculator moves into the server cart, once; a cart
 * priced in the other audience is re-priced in this one (the server keeps the lines it has and names the others).
 */
import { BackofficeError } from '../../lib/api/client.ts';
import { $plan } from '../site/settings.store.ts';
import { addToCart, refreshCart } from './cart-actions.ts';
import { legacyBasketItems } from './legacy-basket.ts';
import { $cart, LEGACY_CART_STORAGE_KEY } from './cart.store.ts';

type BasketStorage = Pick<Storage, 'getItem' | 'removeItem'>;

/** The server refused the items for good (not in this plan, unknown pack): retrying on the next page will not help. */
const refusedForGood = (error: unknown) =>
  error instanceof BackofficeError && error.statusCode >= 400 && error.statusCode < 500;

/**
 * Adds the old local basket to the server cart and forgets it. The lines go together; when the server refuses
 * them (one pack not in this audience's plan), one by one, keeping what it takes. The page stays where it is
 * (no plan switch). When the server cannot be reached the old basket stays for the next page.
 */
export async function migrateLegacyBasket(storage: BasketStorage = localStorage): Promise<number> {
  const items = legacyBasketItems(storage.getItem(LEGACY_CART_STORAGE_KEY));
  if (items.length === 0) {
    storage.removeItem(LEGACY_CART_STORAGE_KEY);
    return 0;
  }
  try {
    await addToCart(items, { noPlanSwitch: true });
    storage.removeItem(LEGACY_CART_STORAGE_KEY);
    return items.length;
  } catch (error) {
    if (!refusedForGood(error)) throw error;
  }
  let moved = 0;
  for (const item of items) {
    try {
      await addToCart([item], { noPlanSwitch: true });
      moved++;
    } catch (error) {
      if (!refusedForGood(error)) throw error;
    }
  }
  storage.removeItem(LEGACY_CART_STORAGE_KEY);
  return moved;
}

let running: Promise<void> | undefined;

/** Migrates the old basket, then re-prices a cart of the other audience; one run at a time. */
export function syncCart(storage: BasketStorage = localStorage): Promise<void> {
  running ??= (async () => {
    try {
      if (storage.getItem(LEGACY_CART_STORAGE_KEY)) await migrateLegacyBasket(storage);
      const state = $cart.get();
      if (state.products.length > 0 && state.audience !== $plan.get().target) await refreshCart();
    } catch (error) {
      console.error('The basket could not be brought up to date', error);
    } finally {
      running = undefined;
    }
  })();
  return running;
}
