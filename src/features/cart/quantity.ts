/**
 * Basket quantities: whole numbers 1–999 (api-contract.md "Cart"), what a shopper typed read against that rule
 * (spec §5 min_value), the stepper's next value. Used by the product page's form and the basket's steppers.
 */
import { CART_QUANTITY } from '../../lib/config.ts';

/** A quantity within 1–999 (whole numbers; anything else is the nearest allowed value). */
export function clampQuantity(quantity: number): number {
  if (!Number.isFinite(quantity)) return CART_QUANTITY.min;
  return Math.min(CART_QUANTITY.max, Math.max(CART_QUANTITY.min, Math.trunc(quantity)));
}

export type QuantityProblem = 'min' | 'max' | 'whole';

/**
 * What a shopper typed in a quantity field: a whole number 1–999, or the rule it breaks (below 1 or not a number:
 * `min`, spec §5 "Please enter a value of 1 or more."; above 999: `max`; a fraction: `whole`).
 */
export function readQuantity(text: string): { quantity: number } | { problem: QuantityProblem } {
  const cleaned = text.trim().replace(',', '.');
  const value = cleaned === '' ? Number.NaN : Number(cleaned);
  if (!Number.isFinite(value) || value < CART_QUANTITY.min) return { problem: 'min' };
  if (value > CART_QUANTITY.max) return { problem: 'max' };
  if (!Number.isInteger(value)) return { problem: 'whole' };
  return { quantity: value };
}

/** The stepper's next value: one up or down, kept within 1–999. */
export function stepQuantity(quantity: number, step: 1 | -1): number {
  return clampQuantity(quantity + step);
}
