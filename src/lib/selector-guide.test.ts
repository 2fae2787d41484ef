import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeGuideAnswers, encodeGuideAnswers } from './selector-guide.ts';

describe('selector guide answers in the URL', () => {
  it('encodes as base64url without padding', () => {
    const encoded = encodeGuideAnswers({ surface: 'wood', use: 'interior' });
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(encoded).toBe(Buffer.from('{"surface":"wood","use":"interior"}').toString('base64url'));
    expect(decodeGuideAnswers(encoded)).toEqual({ surface: 'wood', use: 'interior' });
  });

  it('refuses non-canonical or invalid encodings', () => {
    const encoded = encodeGuideAnswers({ surface: 'wood' });
    expect(decodeGuideAnswers(`${encoded}==`)).toBeNull();
    // Standard base64 (with '+' and padding) is not base64url.
    expect(decodeGuideAnswers('eyJhIjoifn5+In0=')).toBeNull();
    expect(decodeGuideAnswers('eyJhIjoifn5+In0')).toBeNull();
    expect(decodeGuideAnswers('eyJhIjoifn5-In0')).toEqual({ a: '~~~' });
    expect(decodeGuideAnswers(Buffer.from('{ "surface": "wood" }').toString('base64url'))).toBeNull();
    expect(decodeGuideAnswers(Buffer.from('["wood"]').toString('base64url'))).toBeNull();
    expect(decodeGuideAnswers(Buffer.from('{}').toString('base64url'))).toBeNull();
    expect(decodeGuideAnswers(Buffer.from('{"Surface":"wood"}').toString('base64url'))).toBeNull();
    expect(decodeGuideAnswers(Buffer.from('{"surface":3}').toString('base64url'))).toBeNull();
    expect(decodeGuideAnswers('not base64!')).toBeNull();
    expect(decodeGuideAnswers('')).toBeNull();
  });

  it('round-trips any valid answers', () => {
    const answers = fc.dictionary(
      fc.stringMatching(/^[a-z][a-z0-9_]{0,20}$/),
      fc.string({ minLength: 1, maxLength: 40, unit: 'binary' }),
      { minKeys: 1, maxKeys: 8 },
    );
    fc.assert(
      fc.property(answers, (value) => {
        expect(decodeGuideAnswers(encodeGuideAnswers(value))).toEqual(value);
      }),
    );
  });

  it('never throws on arbitrary input', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.base64String(), fc.string({ unit: 'binary' })), (text) => {
        const result = decodeGuideAnswers(text);
        expect(result === null || typeof result === 'object').toBe(true);
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.jsonValue(), (json) => {
        decodeGuideAnswers(Buffer.from(JSON.stringify(json) ?? '').toString('base64url'));
      }),
    );
  });
});
