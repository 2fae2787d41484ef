import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  grossFromNet,
  lineFromGross,
  lineFromNet,
  lineTotal,
  netFromGross,
  roundDiv,
  sumAmounts,
  sumPence,
  vatInGross,
  vatOnNet,
} from './money.ts';

const pence = fc.integer({ min: 0, max: 10_000_000 });
const rateBp = fc.integer({ min: 0, max: 10_000 });
const quantity = fc.integer({ min: 1, max: 999 });

describe('roundDiv', () => {
  it('rounds to the nearest integer, halves up', () => {
    expect(roundDiv(4, 10)).toBe(0);
    expect(roundDiv(5, 10)).toBe(1);
    expect(roundDiv(15, 10)).toBe(2);
    expect(roundDiv(14, 10)).toBe(1);
    expect(roundDiv(-5, 10)).toBe(0);
    expect(roundDiv(-15, 10)).toBe(-1);
  });

  it('agrees with Math.round on integer quotients', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 1, max: 1e6 }), (a, b) => {
        expect(roundDiv(a, b)).toBe(Math.round(a / b) + 0);
      }),
    );
  });

  it('refuses fractions and non-positive divisors', () => {
    expect(() => roundDiv(1.5, 10)).toThrow(RangeError);
    expect(() => roundDiv(1, 0)).toThrow(RangeError);
    expect(() => roundDiv(1, -2)).toThrow(RangeError);
  });
});

describe('VAT (UK 20 % unless a rate is given)', () => {
  it('works VAT out on an amount ex VAT', () => {
    expect(vatOnNet(1000)).toBe(200);
    expect(vatOnNet(1)).toBe(0);
    expect(vatOnNet(3)).toBe(1);
    expect(grossFromNet(999)).toBe(1199);
    expect(grossFromNet(2, 2500)).toBe(3); // 0.5p of VAT rounds up
  });

  it('takes VAT out of an amount inc VAT', () => {
    expect(vatInGross(1200)).toBe(200);
    expect(vatInGross(999)).toBe(167); // 166.5 rounds up
    expect(netFromGross(999)).toBe(832);
    expect(netFromGross(0)).toBe(0);
  });

  it('is what the catalogue has always shown (Math.round of ex × (1 + rate))', () => {
    fc.assert(
      fc.property(pence, rateBp, (ex, rate) => {
        expect(grossFromNet(ex, rate)).toBe(Math.round((ex * (10_000 + rate)) / 10_000));
      }),
    );
  });

  it('round-trips ex → inc → ex', () => {
    fc.assert(
      fc.property(pence, rateBp, (ex, rate) => {
        expect(netFromGross(grossFromNet(ex, rate), rate)).toBe(ex);
      }),
    );
  });

  it('refuses amounts that are not whole pence', () => {
    expect(() => vatOnNet(10.5)).toThrow(RangeError);
    expect(() => vatInGross(Number.NaN)).toThrow(RangeError);
    expect(() => vatOnNet(100, -1)).toThrow(RangeError);
  });
});

describe('lines and totals', () => {
  it('works VAT out on the line, not per unit', () => {
    // 3 × 1p ex VAT: per unit the VAT would round to 0 each; on the line it is 0.6p → 1p.
    expect(lineFromNet(1, 3)).toEqual({ ex: 3, vat: 1, inc: 4 });
    expect(lineFromGross(999, 2)).toEqual({ ex: 1665, vat: 333, inc: 1998 });
  });

  it('every line satisfies ex + vat = inc, with 0 ≤ vat ≤ inc', () => {
    fc.assert(
      fc.property(pence, quantity, rateBp, fc.boolean(), (unit, qty, rate, grossPriced) => {
        const line = grossPriced ? lineFromGross(unit, qty, rate) : lineFromNet(unit, qty, rate);
        expect(line.ex + line.vat).toBe(line.inc);
        expect(line.vat).toBeGreaterThanOrEqual(0);
        expect(line.vat).toBeLessThanOrEqual(line.inc);
        expect(grossPriced ? line.inc : line.ex).toBe(unit * qty);
      }),
    );
  });

  it('the total of lines is the sum of each basis, and still ex + vat = inc', () => {
    const line = fc
      .tuple(pence, quantity, fc.boolean())
      .map(([unit, qty, grossPriced]) => (grossPriced ? lineFromGross(unit, qty) : lineFromNet(unit, qty)));
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), (lines) => {
        const total = sumAmounts(lines);
        expect(total.ex).toBe(lines.reduce((sum, l) => sum + l.ex, 0));
        expect(total.vat).toBe(lines.reduce((sum, l) => sum + l.vat, 0));
        expect(total.inc).toBe(lines.reduce((sum, l) => sum + l.inc, 0));
        expect(total.ex + total.vat).toBe(total.inc);
        // Order does not matter: integers add exactly.
        expect(sumAmounts([...lines].reverse())).toEqual(total);
      }),
    );
  });

  it('line totals and sums stay whole pence', () => {
    expect(lineTotal(1250, 4)).toBe(5000);
    expect(sumPence([])).toBe(0);
    expect(sumPence([1, 2, 3])).toBe(6);
    expect(() => lineTotal(12.5, 2)).toThrow(RangeError);
    expect(() => lineTotal(100, 1.5)).toThrow(RangeError);
    expect(() => lineTotal(Number.MAX_SAFE_INTEGER, 2)).toThrow(RangeError);
    expect(() => sumPence([1, 0.5])).toThrow(RangeError);
  });
});
