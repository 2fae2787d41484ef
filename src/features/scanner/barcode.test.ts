import { describe, expect, it } from 'vitest';
import { ScanGate, normaliseBarcode } from './barcode.ts';

describe('normaliseBarcode', () => {
  it('keeps the digits, dropping spaces and dashes', () => {
    expect(normaliseBarcode(' 501 2345-678900 ')).toBe('5012345678900');
  });

  it('rejects letters, empty text and codes longer than 14 digits', () => {
    expect(normaliseBarcode('50123A')).toBeUndefined();
    expect(normaliseBarcode('')).toBeUndefined();
    expect(normaliseBarcode('123456789012345')).toBeUndefined();
  });
});

describe('ScanGate', () => {
  it('ignores a repeated identical scan', () => {
    const gate = new ScanGate();
    expect(gate.accept('5012345678900')).toBe(true);
    expect(gate.accept('5012345678900')).toBe(false);
    // Same GTIN once padded: still the same scan.
    expect(gate.accept('05012345678900')).toBe(false);
  });

  it('accepts a different code, and the first code again after it', () => {
    const gate = new ScanGate();
    expect(gate.accept('111')).toBe(true);
    expect(gate.accept('222')).toBe(true);
    expect(gate.accept('111')).toBe(true);
  });

  it('accepts the same code again once forgotten', () => {
    const gate = new ScanGate();
    gate.accept('111');
    gate.forget();
    expect(gate.accept('111')).toBe(true);
  });
});
