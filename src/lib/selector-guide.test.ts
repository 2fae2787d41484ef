import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeGuideAnswers, readGuideAnswers } from './selector-guide.ts';

/** The answers only, or null. */
const decodeGuideAnswers = (segment: string) => readGuideAnswers(segment)?.answers ?? null;

describe('selector guide answers in the URL', () => {
  it('encodes as base64url without padding', () => {
    const encoded = encodeGuideAnswers({ surface: 'wood', use: 'interior' });
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(encoded).toBe(Buffer.from('{"surface":"wood","use":"interior"}').toString('base64url'));
    expect(decodeGuideAnswers(encoded)).toEqual({ surface: 'wood', use: 'interior' });
  });

  it('reads other spellings of valid answers and names their canonical segment', () => {
    const canonical = encodeGuideAnswers({ a: '~~~' });
    expect(canonical).toBe('eyJhIjoifn5-In0');
    for (const spelling of [
      'eyJhIjoifn5+In0=',
      'eyJhIjoifn5+In0',
      'eyJhIjoifn5-In0=',
      'eyJhIjoifn5-In0',
      Buffer.from('{ "a" : "~~~" }').toString('base64'),
      Buffer.from('{\n  "a": "~~~"\n}\n').toString('base64url'),
    ]) {
      expect(readGuideAnswers(spelling), spelling).toEqual({ answers: { a: '~~~' }, canonical });
    }
    const slashed = Buffer.from('{"a":"???"}').toString('base64');
    expect(slashed).toContain('/');
    const expected = { answers: { a: '???' }, canonical: Buffer.from('{"a":"???"}').toString('base64url') };
    expect(readGuideAnswers(slashed)).toEqual(expected);
    expect(readGuideAnswers(slashed.replaceAll('/', '%2F'))).toEqual(expected);
    expect(readGuideAnswers(slashed.replaceAll('/', '%2f'))).toEqual(expected);
    expect(readGuideAnswers(encodeURIComponent(slashed))).toEqual(expected);
    expect(encodeURIComponent('eyJhIjoifn5+In0=')).toBe('eyJhIjoifn5%2BIn0%3D');
    expect(readGuideAnswers('eyJhIjoifn5%2BIn0%3D')).toEqual({ answers: { a: '~~~' }, canonical });
  });

  it('refuses invalid encodings and invalid answers', () => {
    const encoded = encodeGuideAnswers({ surface: 'wood' });
    expect(decodeGuideAnswers(`${encoded}===`)).toBeNull();
    expect(decodeGuideAnswers(`${encoded}=`)).toBeNull();
    expect(decodeGuideAnswers(`${encoded}%3D%3D%3D`)).toBeNull();
    expect(decodeGuideAnswers(`${encoded}%20`)).toBeNull();
    expect(decodeGuideAnswers(`=${encoded}`)).toBeNull();
    expect(decodeGuideAnswers(`${encoded.slice(0, 4)} ${encoded.slice(4)}`)).toBeNull();
    expect(decodeGuideAnswers(Buffer.from('["wood"]').toString('base64url'))).toBeNull();
    expect(decodeGuideAnswers(Buffer.from('{}').toString('base64url'))).toBeNull();
    expect(decodeGuideAnswers(Buffer.from('{"Surface":"wood"}').toString('base64url'))).toBeNull();
    expect(decodeGuideAnswers(Buffer.from('{"surface":3}').toString('base64url'))).toBeNull();
    expect(decodeGuideAnswers(Buffer.from('{"surface":"wood"').toString('base64url'))).toBeNull();
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
