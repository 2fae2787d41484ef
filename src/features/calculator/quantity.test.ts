import { describe, expect, it } from 'vitest';
import { WASTAGE_RATE, netWallArea, parseDecimal, quantityNeeded } from './quantity.ts';

describe('netWallArea', () => {
  it('adds the walls and takes off the openings', () => {
    const walls = [
      { width: 4, height: 2.5 },
      { width: 3.2, height: 2.5 },
    ];
    const openings = [
      { width: 0.9, height: 2 },
      { width: 1.2, height: 1 },
    ];
    expect(netWallArea(walls, openings)).toBe(15);
  });

  it('never goes below zero and rounds to the hundredth', () => {
    expect(netWallArea([{ width: 1, height: 1 }], [{ width: 2, height: 2 }])).toBe(0);
    expect(
      netWallArea(
        [
          { width: 0.1, height: 0.2 },
          { width: 0.1, height: 0.1 },
        ],
        [],
      ),
    ).toBe(0.03);
  });
});

describe('quantityNeeded', () => {
  it('multiplies area, thickness and consumption, then adds the wastage allowance', () => {
    const q = quantityNeeded(20, 3, 0.8);
    expect(q.theoreticalKg).toBeCloseTo(48);
    expect(q.wastageKg).toBeCloseTo(48 * WASTAGE_RATE);
    expect(q.requiredGrams).toBe(52_800);
  });

  it('rounds up to the gram without adding one for floating-point noise', () => {
    expect(quantityNeeded(0.1, 3, 1).requiredGrams).toBe(330);
    expect(quantityNeeded(1, 1, 0.0011).requiredGrams).toBe(2);
  });
});

describe('parseDecimal', () => {
  it('accepts comma or point decimals', () => {
    expect(parseDecimal('2,5')).toBe(2.5);
    expect(parseDecimal(' 12.75 ')).toBe(12.75);
    expect(parseDecimal('.5')).toBe(0.5);
    expect(parseDecimal('40')).toBe(40);
  });

  it('rejects empty, negative and non-numeric text', () => {
    expect(parseDecimal('')).toBeUndefined();
    expect(parseDecimal('-3')).toBeUndefined();
    expect(parseDecimal('3 m')).toBeUndefined();
    expect(parseDecimal('1e3')).toBeUndefined();
  });
});
