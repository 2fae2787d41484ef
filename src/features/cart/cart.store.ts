/**
 * The minimal basket the calculator fills: lines in the shape of the spec's add-to-cart item (§3) plus the pack
 * chosen, kept in localStorage and parsed back with a schema. The checkout issue builds the basket on it.
 */
import { persistentAtom } from '@nanostores/persistent';
import * as z from 'zod/mini';

export const CART_STORAGE_KEY = 'plasterwick:cart';

const cartLineSchema = z.object({
  element_id: z.number().check(z.int(), z.positive()),
  element_type: z.literal('product'),
  variant_reference: z.string().check(z.minLength(1)),
  quantity: z.number().check(z.int(), z.positive()),
});
export type CartLine = z.infer<typeof cartLineSchema>;

/** Stored JSON → lines; anything unreadable gives an empty basket rather than a broken page. */
export function decodeCart(raw: string): CartLine[] {
  try {
    const parsed = z.array(cartLineSchema).safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

export const $cart = persistentAtom<CartLine[]>(CART_STORAGE_KEY, [], {
  encode: JSON.stringify,
  decode: decodeCart,
});

/** Adds lines, adding quantities to a line of the same product and pack already in the basket. */
export function addCartLines(lines: CartLine[]): void {
  const next = $cart.get().map((line) => ({ ...line }));
  for (const line of lines) {
    const existing = next.find(
      (candidate) =>
        candidate.element_id === line.element_id && candidate.variant_reference === line.variant_reference,
    );
    if (existing) existing.quantity += line.quantity;
    else next.push({ ...line });
  }
  $cart.set(next);
}
