import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatPostcode,
  FULL_POSTCODE_PATTERN,
  normalisePostcode,
  POSTCODE_PATTERN,
  postcodeArea,
  precisionOf,
} from './postcode.ts';

const letter = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ');
const digit = fc.constantFrom(...'0123456789');
const area = fc.array(letter, { minLength: 1, maxLength: 2 }).map((l) => l.join(''));
const district = fc
  .tuple(area, digit, fc.option(fc.oneof(letter, digit), { nil: '' }))
  .map((parts) => parts.join(''));
const full = fc.tuple(district, digit, letter, letter).map(([d, ...inward]) => `${d} ${inward.join('')}`);

describe('UK postcode', () => {
  it('tells an area, a district and a full postcode apart', () => {
    expect(precisionOf('M')).toBe('area');
    expect(precisionOf('EC')).toBe('area');
    expect(precisionOf('M1')).toBe('district');
    expect(precisionOf('EC1A')).toBe('district');
    expect(precisionOf('M11AE')).toBe('full');
    expect(precisionOf('EC1A1BB')).toBe('full');
    for (const bad of ['', '1', 'ABC', 'M1 1AE', 'M11A', 'M11AEE'])
      expect(precisionOf(bad), bad).toBeUndefined();
  });

  it('normalises, formats with one space and finds the area', () => {
    expect(normalisePostcode(' m1  1ae ')).toBe('M11AE');
    expect(formatPostcode('M11AE')).toBe('M1 1AE');
    expect(formatPostcode('EC1A1BB')).toBe('EC1A 1BB');
    expect(formatPostcode('M1')).toBe('M1');
    expect(postcodeArea('EC1A1BB')).toBe('EC');
    expect(postcodeArea('')).toBe('');
  });

  it('the patterns and the parser agree on every generated code', () => {
    fc.assert(
      fc.property(fc.oneof(area, district, full), fc.boolean(), (code, lower) => {
        const typed = lower ? code.toLowerCase() : code;
        const normalised = normalisePostcode(typed);
        expect(POSTCODE_PATTERN.test(typed)).toBe(true);
        expect(FULL_POSTCODE_PATTERN.test(typed)).toBe(precisionOf(normalised) === 'full');
        expect(precisionOf(normalised)).toBeDefined();
      }),
    );
  });

  it('a full postcode formats back to its Royal Mail form', () => {
    fc.assert(
      fc.property(full, (code) => {
        expect(formatPostcode(normalisePostcode(code))).toBe(code);
      }),
    );
  });
});
