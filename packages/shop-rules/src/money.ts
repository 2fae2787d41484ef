/**
 * Money in integer pence and VAT arithmetic (api-contract.md principle 2): every amount is a whole number of pence,
 * VAT is worked out once per line and rounded half up to the penny, and for every line `ex + vat = inc`.
 * Trade (`pro`) prices are ex VAT, DIY (`part`) shelf prices inc VAT. Formatting is `price-format.ts`.
 * Browser-safe.
 */
import { VAT_RATE_BP } from './constants.ts';

/** A rate in basis points: 2000 = 20 %. */
export type RateBp = number;

/** One line (or a total) in both VAT bases, in pence. */
export interface Amounts {
  ex: number;
  vat: number;
  inc: number;
}

const BP = 10_000;

function assertPence(value: number, what: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} must be a whole number of pence: ${value}`);
}

function assertRate(rateBp: RateBp): void {
  if (!Number.isSafeInteger(rateBp) || rateBp < 0)
    throw new RangeError(`Not a VAT rate in basis points: ${rateBp}`);
}

/** `a / b` rounded to the nearest integer, halves up (`floor((2a + b) / 2b)`), for integers and `b > 0`. */
export function roundDiv(a: number, b: number): number {
  if (!Number.isSafeInteger(a) || !Number.isSafeInteger(b) || b <= 0) {
    throw new RangeError(`roundDiv needs integers and a positive divisor: ${a} / ${b}`);
  }
  return Math.floor((2 * a + b) / (2 * b));
}

/** The VAT on an amount ex VAT: `roundDiv(ex × rate, 10000)`. */
export function vatOnNet(exPence: number, rateBp: RateBp = VAT_RATE_BP): number {
  assertPence(exPence, 'An amount ex VAT');
  assertRate(rateBp);
  return roundDiv(exPence * rateBp, BP);
}

/** The VAT inside an amount inc VAT: `roundDiv(inc × rate, 10000 + rate)`. */
export function vatInGross(incPence: number, rateBp: RateBp = VAT_RATE_BP): number {
  assertPence(incPence, 'An amount inc VAT');
  assertRate(rateBp);
  return roundDiv(incPence * rateBp, BP + rateBp);
}

/** Ex VAT → inc VAT, rounded to the penny (half up). */
export function grossFromNet(exPence: number, rateBp: RateBp = VAT_RATE_BP): number {
  return exPence + vatOnNet(exPence, rateBp);
}

/** Inc VAT → ex VAT, rounded to the penny (half up on the VAT). */
export function netFromGross(incPence: number, rateBp: RateBp = VAT_RATE_BP): number {
  return incPence - vatInGross(incPence, rateBp);
}

/** Unit price × quantity, checked to stay whole pence. */
export function lineTotal(unitPence: number, quantity: number): number {
  assertPence(unitPence, 'A unit price');
  if (!Number.isSafeInteger(quantity) || quantity < 0) throw new RangeError(`Not a quantity: ${quantity}`);
  const total = unitPence * quantity;
  assertPence(total, 'A line total');
  return total;
}

/** A line priced ex VAT (trade): VAT on the line total, not per unit. */
export function lineFromNet(unitExPence: number, quantity: number, rateBp: RateBp = VAT_RATE_BP): Amounts {
  const ex = lineTotal(unitExPence, quantity);
  const vat = vatOnNet(ex, rateBp);
  return { ex, vat, inc: ex + vat };
}

/** A line priced inc VAT (DIY shelf price): the VAT inside the line total. */
export function lineFromGross(unitIncPence: number, quantity: number, rateBp: RateBp = VAT_RATE_BP): Amounts {
  const inc = lineTotal(unitIncPence, quantity);
  const vat = vatInGross(inc, rateBp);
  return { ex: inc - vat, vat, inc };
}

/** The sum of amounts in pence. */
export function sumPence(amounts: Iterable<number>): number {
  let total = 0;
  for (const amount of amounts) {
    assertPence(amount, 'An amount');
    total += amount;
  }
  assertPence(total, 'A total');
  return total;
}

/** Totals of lines: each basis summed, so the total's `ex + vat = inc` holds as it does per line. */
export function sumAmounts(lines: Iterable<Amounts>): Amounts {
  const list = [...lines];
  return {
    ex: sumPence(list.map((line) => line.ex)),
    vat: sumPence(list.map((line) => line.vat)),
    inc: sumPence(list.map((line) => line.inc)),
  };
}

// ---- prices in a plan's basis, discounts (the basket and the order) --------------------------------------

/** A line in the basis its price is stored in: inc VAT (DIY shelf prices) or ex VAT (trade). */
export function lineInBasis(
  unitPence: number,
  quantity: number,
  includesVat: boolean,
  rateBp: RateBp = VAT_RATE_BP,
): Amounts {
  return includesVat ? lineFromGross(unitPence, quantity, rateBp) : lineFromNet(unitPence, quantity, rateBp);
}

/** The amount of `amounts` in a basis: `inc` when prices include VAT, else `ex`. */
export const basisOf = (amounts: Amounts, includesVat: boolean) => (includesVat ? amounts.inc : amounts.ex);

/** `percent` % of an amount, rounded half up once: `roundDiv(pence × percent, 100)`. */
export function percentOf(pence: number, percent: number): number {
  assertPence(pence, 'An amount');
  if (!Number.isSafeInteger(percent) || percent < 0 || percent > 100)
    throw new RangeError(`Not a whole percentage: ${percent}`);
  return roundDiv(pence * percent, 100);
}

export const ZERO: Amounts = Object.freeze({ ex: 0, vat: 0, inc: 0 });

/** `a − b` on each basis (still `ex + vat = inc` when both hold it). */
export function subtractAmounts(a: Amounts, b: Amounts): Amounts {
  return { ex: a.ex - b.ex, vat: a.vat - b.vat, inc: a.inc - b.inc };
}

/**
 * A discount taken off `subtotal`, given in the subtotal's basis (`pence`, inc VAT when prices include VAT):
 * capped at the subtotal, its VAT worked out once like a line's, then kept inside the subtotal on every basis,
 * so that `subtotal − discount` never goes below zero (the subtotal's VAT is a sum of rounded lines, which can be
 * a penny below the VAT of the sum). `ex + vat = inc` holds for the result.
 */
export function discountWithin(
  subtotal: Amounts,
  pence: number,
  includesVat: boolean,
  rateBp: RateBp = VAT_RATE_BP,
): Amounts {
  assertPence(pence, 'A discount');
  const capped = Math.max(0, Math.min(pence, basisOf(subtotal, includesVat)));
  if (capped === basisOf(subtotal, includesVat)) return { ...subtotal };
  let { ex, vat, inc } = lineInBasis(capped, 1, includesVat, rateBp);
  if (vat > subtotal.vat) {
    vat = subtotal.vat;
    if (includesVat) ex = inc - vat;
    else inc = ex + vat;
  }
  if (ex > subtotal.ex) {
    ex = subtotal.ex;
    if (includesVat) vat = inc - ex;
    else inc = ex + vat;
  }
  if (inc > subtotal.inc) {
    inc = subtotal.inc;
    vat = inc - ex;
  }
  return { ex, vat, inc };
}
