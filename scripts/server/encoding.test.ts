import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { EncodedBody, negotiateEncoding } from './encoding.ts';

describe('negotiateEncoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['BR;Q=0.5', 'br'],
    ['*', 'br'],
    ['*, br;q=0', 'gzip'],
    ['identity', undefined],
    ['deflate', undefined],
    ['gzip;q=0, br;q=0', undefined],
    ['br;q=abc', undefined],
  ])('%s → %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});

describe('EncodedBody', () => {
  it('compresses once per encoding and reports the bytes it made', async () => {
    const made: number[] = [];
    const text = '<p>Plasterwick</p>'.repeat(500);
    const body = new EncodedBody(Buffer.from(text), 5, (bytes) => made.push(bytes));
    const [first, second] = await Promise.all([body.get('br'), body.get('br')]);
    expect(first).toBe(second);
    expect(brotliDecompressSync(first).toString()).toBe(text);
    expect(gunzipSync(await body.get('gzip')).toString()).toBe(text);
    expect(made).toHaveLength(2);
    expect(body.compressible).toBe(true);
    expect(new EncodedBody(Buffer.from('small'), 5).compressible).toBe(false);
  });
});
