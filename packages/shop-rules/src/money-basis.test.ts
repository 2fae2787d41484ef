import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  basisOf,
  discountWithin,
  lineInBasis,
  percentOf,
  subtractAmounts,
  sumAmounts,
  type Amounts,
} from './money.ts';

const rateBp = fc.constantFrom(0, 500, 2000, 1750);
const line = fc.record({
  unit: fc.integer({ min: 0, max: 500_000 }),
  quantity: fc.integer({ min: 1, max: 999 }),
});
const holds = (a: Amounts) => a.ex + a.vat === a.inc && a.ex >= 0 && a.vat >= 0 && a.inc >= 0;

describe('lines in a basis', () => {
  it('prices DIY shelf prices inc VAT and trade prices ex VAT', () => {
    expect(lineInBasis(999, 1, true, 2000)).toEqual({ ex: 832, vat: 167, inc: 999 });
    expect(lineInBasis(999, 3, true, 2000)).toEqual({ ex: 2497, vat: 500, inc: 2997 });
    expect(lineInBasis(1249, 1, false, 2000)).toEqual({ ex: 1249, vat: 250, inc: 1499 });
    expect(lineInBasis(1249, 7, false, 2000)).toEqual({ ex: 8743, vat: 1749, inc: 10492 });
    expect(basisOf({ ex: 1, vat: 2, inc: 3 }, true)).toBe(3);
    expect(basisOf({ ex: 1, vat: 2, inc: 3 }, false)).toBe(1);
  });

  it('takes a whole percentage once, half up', () => {
    expect(percentOf(1995, 10)).toBe(200);
    expect(percentOf(1994, 10)).toBe(199);
    expect(percentOf(5, 10)).toBe(1);
    expect(() => percentOf(100, 101)).toThrow(RangeError);
  });
});

describe('discounts', () => {
  it('is the whole subtotal at most, on every basis', () => {
    const subtotal = { ex: 2497, vat: 500, inc: 2997 };
    expect(discountWithin(subtotal, 99_999, true)).toEqual(subtotal);
    expect(discountWithin(subtotal, 300, true)).toEqual({ ex: 250, vat: 50, inc: 300 });
    expect(discountWithin({ ex: 25_000, vat: 5000, inc: 30_000 }, 2500, false)).toEqual({
      ex: 2500,
      vat: 500,
      inc: 3000,
    });
  });

  it('keeps ex + vat = inc and never takes a basket below zero (property)', () => {
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 8 }),
        fc.boolean(),
        rateBp,
        fc.oneof(
          fc.integer({ min: 0, max: 100 }).map((p) => ({ percent: p })),
          fc.nat({ max: 10_000_000 }),
        ),
        (lines, includesVat, rate, discount) => {
          const priced = lines.map((l) => lineInBasis(l.unit, l.quantity, includesVat, rate));
          for (const amounts of priced) expect(holds(amounts)).toBe(true);
          const subtotal = sumAmounts(priced);
          const pence =
            typeof discount === 'number'
              ? discount
              : percentOf(basisOf(subtotal, includesVat), discount.percent);
          const off = discountWithin(subtotal, pence, includesVat, rate);
          expect(holds(off)).toBe(true);
          const net = subtractAmounts(subtotal, off);
          expect(holds(net)).toBe(true);
          expect(basisOf(off, includesVat)).toBe(Math.min(pence, basisOf(subtotal, includesVat)));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
