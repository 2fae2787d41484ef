/**
 * The basket's pure logic: lines in the shape of the spec's add-to-cart item (§3), merged by product and pack,
 * quantities kept to whole numbers within commerce.md's 1–999, and totals in integer pence. The browser keeps no
 * prices (the back-office prices the basket); totals here are estimates from the prices a page already shows.
 */
import { lineFromGross, lineFromNet, sumAmounts, type Amounts } from '@plasterwick/shop-rules/money';
import * as z from 'zod/mini';
import { CART_QUANTITY, type Audience } from '../../lib/config.ts';

export const cartLineSchema = z.object({
  element_id: z.number().check(z.int(), z.positive()),
  element_type: z.literal('product'),
  variant_reference: z.string().check(z.minLength(1)),
  quantity: z.number().check(z.int(), z.positive()),
});
export type CartLine = z.infer<typeof cartLineSchema>;

/** What names a line: one product in one pack. */
export type LineKey = Pick<CartLine, 'element_id' | 'variant_reference'>;

const sameLine = (a: LineKey, b: LineKey) =>
  a.element_id === b.element_id && a.variant_reference === b.variant_reference;

/** A quantity within 1–999 (whole numbers; anything else is the nearest allowed value). */
export function clampQuantity(quantity: number): number {
  if (!Number.isFinite(quantity)) return CART_QUANTITY.min;
  return Math.min(CART_QUANTITY.max, Math.max(CART_QUANTITY.min, Math.trunc(quantity)));
}

/** Stored JSON → lines; anything unreadable gives an empty basket rather than a broken page. */
export function decodeCart(raw: string): CartLine[] {
  try {
    const parsed = z.array(cartLineSchema).safeParse(JSON.parse(raw));
    return parsed.success
      ? parsed.data.map((line) => ({ ...line, quantity: clampQuantity(line.quantity) }))
      : [];
  } catch {
    return [];
  }
}

/** `lines` plus `added`: the same product and pack adds to the existing line (summed, capped at 999). */
export function addLines(lines: readonly CartLine[], added: readonly CartLine[]): CartLine[] {
  const next = lines.map((line) => ({ ...line }));
  for (const line of added) {
    const existing = next.find((candidate) => sameLine(candidate, line));
    if (existing) existing.quantity = clampQuantity(existing.quantity + line.quantity);
    else next.push({ ...line, quantity: clampQuantity(line.quantity) });
  }
  return next;
}

/** The line named by `key` with a new quantity (1–999); other lines unchanged. */
export function setQuantity(lines: readonly CartLine[], key: LineKey, quantity: number): CartLine[] {
  return lines.map((line) => (sameLine(line, key) ? { ...line, quantity: clampQuantity(quantity) } : line));
}

export function removeLine(lines: readonly CartLine[], key: LineKey): CartLine[] {
  return lines.filter((line) => !sameLine(line, key));
}

/** How many items the basket holds (the header's count). */
export function itemCount(lines: readonly CartLine[]): number {
  return lines.reduce((count, line) => count + line.quantity, 0);
}

/** A quantity at the unit price the audience sees: ex VAT for trade (`pro`), the shelf price inc VAT for DIY. */
export interface PricedLine {
  unitPence: number;
  quantity: number;
}

/** Totals ex VAT, VAT and inc VAT, VAT worked out per line and rounded half up (commerce.md principle 2). */
export function cartTotals(lines: readonly PricedLine[], audience: Audience): Amounts {
  const price = audience === 'pro' ? lineFromNet : lineFromGross;
  return sumAmounts(lines.map((line) => price(line.unitPence, line.quantity)));
}
