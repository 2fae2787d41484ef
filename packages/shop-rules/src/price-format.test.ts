import { describe, expect, it } from 'vitest';
import { formatPrice, formatSterling } from './price-format.ts';

describe('formatPrice', () => {
  it.each([
    [1250, '12,50 £'],
    [1205, '12,05 £'],
    [5, '0,05 £'],
    [1200, '12 £'],
    [0, '0 £'],
    [-1250, '-12,50 £'],
  ])('%i → %s', (pence, text) => expect(formatPrice(pence)).toBe(text));

  it('forces decimals when asked', () => expect(formatPrice(1200, { forceDecimals: true })).toBe('12,00 £'));

  it('rounds to the penny', () => expect(formatPrice(1249.6)).toBe('12,50 £'));

  it('refuses what is not a number', () => {
    expect(() => formatPrice(Number.NaN)).toThrow(RangeError);
    expect(() => formatPrice(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('formatSterling', () => {
  it.each([
    [123456, '£1,234.56'],
    [1200, '£12.00'],
    [5, '£0.05'],
    [0, '£0.00'],
    [123456789, '£1,234,567.89'],
    [-1250, '-£12.50'],
  ])('%i → %s', (pence, text) => expect(formatSterling(pence)).toBe(text));

  it('refuses what is not whole pence', () => {
    expect(() => formatSterling(12.5)).toThrow(RangeError);
    expect(() => formatSterling(Number.NaN)).toThrow(RangeError);
  });
});
