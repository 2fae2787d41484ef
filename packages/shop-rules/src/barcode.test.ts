import { expect, test } from 'vitest';
import { gtin14 } from './barcode.ts';

test('shorter codes are left-padded with zeros to 14 digits', () => {
  expect(gtin14('5012345678900')).toBe('05012345678900');
  expect(gtin14('123')).toBe('00000000000123');
  expect(gtin14('12345678901234')).toBe('12345678901234');
});
