import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { displayPrice, formatDecimal, formatDecimalsIn, formatPrice, parsePrice } from './format.ts';

describe('parsePrice', () => {
  it('reads back every price formatPrice writes', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), (pence) => {
        expect(parsePrice(formatPrice(pence))).toBe(pence);
        expect(parsePrice(formatPrice(pence, { forceDecimals: true }))).toBe(pence);
      }),
    );
  });

  it('accepts comma and dot decimals and the currency sign', () => {
    expect(parsePrice('12,5')).toBe(1250);
    expect(parsePrice('12.50')).toBe(1250);
    expect(parsePrice('£ 12')).toBe(1200);
  });

  it('refuses what is not an amount', () => {
    expect(parsePrice('')).toBeUndefined();
    expect(parsePrice('12,505')).toBeUndefined();
    expect(parsePrice('twelve')).toBeUndefined();
  });
});

describe('displayPrice', () => {
  const price = { exVat: 1000, incVat: 1200, vatRate: 20, currency: 'GBP' };

  it('shows ex VAT first then inc VAT for pro', () => {
    expect(displayPrice(price, 'pro')).toEqual({
      main: '10 £',
      mainBasis: 'ex_vat',
      secondary: '12 £',
      secondaryBasis: 'inc_vat',
    });
  });

  it('shows inc VAT only for DIY', () => {
    expect(displayPrice(price, 'part')).toEqual({ main: '12 £', mainBasis: 'inc_vat' });
  });
});

describe('formatDecimal', () => {
  it('writes quantities with the comma decimals of the prices, none when whole', () => {
    expect(formatDecimal(46.8)).toBe('46,8');
    expect(formatDecimal(55)).toBe('55');
    expect(formatDecimal(12.345)).toBe('12,35');
    expect(formatDecimal(0.5, 1)).toBe('0,5');
    expect(formatDecimal(-2.25)).toBe('-2,25');
  });

  it('refuses what is not a number', () => {
    expect(() => formatDecimal(Number.NaN)).toThrow(RangeError);
  });
});

describe('formatDecimalsIn', () => {
  it('writes the decimal points of catalogue values as commas and leaves words alone', () => {
    expect(formatDecimalsIn('0.9')).toBe('0,9');
    expect(formatDecimalsIn('0.5-1.5')).toBe('0,5-1,5');
    expect(formatDecimalsIn('3')).toBe('3');
    expect(formatDecimalsIn('Plaster, plasterboard. Wood.')).toBe('Plaster, plasterboard. Wood.');
  });
});
