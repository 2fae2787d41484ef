import { describe, expect, it } from 'vitest';
import { pageCount, pageFrom, paymentMethodText, skippedText } from './account-format.ts';

describe('account formatting', () => {
  it('reads the page from the URL, 1 for anything else', () => {
    expect(pageFrom('?page=3')).toBe(3);
    expect(pageFrom('')).toBe(1);
    expect(pageFrom('?page=0')).toBe(1);
    expect(pageFrom('?page=2.5')).toBe(1);
    expect(pageFrom('?page=abc')).toBe(1);
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(21, 10)).toBe(3);
  });

  it('names the payment method and the lines order again left out', () => {
    expect(paymentMethodText('on_account')).toBe('On account');
    expect(paymentMethodText('card')).toBe('Card');
    expect(paymentMethodText(undefined)).toBeUndefined();
    expect(
      skippedText([
        { reference: 'PW-1', name: 'Filling knife', reason: 'free' },
        { reference: 'PW-2', name: 'Old filler', reason: 'unavailable' },
      ]),
    ).toEqual(['Filling knife (a free product of an offer)', 'Old filler (no longer available)']);
  });
});
