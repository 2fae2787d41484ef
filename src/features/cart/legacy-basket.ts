/**
 * The basket the calculator kept in the browser before the server cart (`plasterwick:cart`): its add-to-cart
 * items, read back for the one-time move to the server cart (`cart-sync.ts`).
 */
import type { CartItemInput } from '../../lib/api/cart.ts';
import { arrayOf, isPositiveInt, objectOf, oneOf, parseJson } from '../site/guards.ts';
import { clampQuantity } from './quantity.ts';

const isLegacyLine = objectOf({
  element_id: isPositiveInt,
  element_type: oneOf(['product'] as const),
  variant_reference: (value: unknown): value is string => typeof value === 'string' && value.length > 0,
  quantity: isPositiveInt,
});

/**
 * The lines of the basket the calculator kept in the browser before the server cart (`plasterwick:cart`, an
 * array of add-to-cart items): same pack merged, quantities capped at 999; unreadable → none.
 */
export function legacyBasketItems(raw: string | null | undefined): CartItemInput[] {
  const lines = parseJson(raw, arrayOf(isLegacyLine)) ?? [];
  const merged: CartItemInput[] = [];
  for (const line of lines) {
    const same = merged.find(
      (item) => item.element_id === line.element_id && item.variant_reference === line.variant_reference,
    );
    if (same) same.quantity = clampQuantity(same.quantity + line.quantity);
    else merged.push({ ...line, element_type: 'product', quantity: clampQuantity(line.quantity) });
  }
  return merged;
}
