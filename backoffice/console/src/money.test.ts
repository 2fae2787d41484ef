import { describe, expect, it } from 'vitest';
import { parsePounds, pounds } from './money.ts';

describe('amounts shown', () => {
  it('are pounds with a thousands separator and two decimals', () => {
    expect(pounds(123456)).toBe('£1,234.56');
    expect(pounds(5)).toBe('£0.05');
    expect(pounds(1200)).toBe('£12.00');
    expect(pounds(-250)).toBe('-£2.50');
  });
});

describe('amounts typed', () => {
  it('are read in pence without rounding errors', () => {
    expect(parsePounds('12')).toBe(1200);
    expect(parsePounds('12.5')).toBe(1250);
    expect(parsePounds('0.29')).toBe(29);
    expect(parsePounds(' £1,234.56 ')).toBe(123456);
    expect(parsePounds('£ 4.10')).toBe(410);
  });

  it('are refused when they are not an amount of pounds and pence', () => {
    for (const text of ['', '£', 'ten', '1.234', '-5', '1,23', '12,5', '1e3', '12.']) {
      expect(parsePounds(text), text).toBeUndefined();
    }
  });
});
