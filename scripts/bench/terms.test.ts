import { describe, expect, it } from 'vitest';
import { productWords, searchTerms } from './terms.ts';

describe('bench search terms', () => {
  it('takes the words of product URLs only, once each', () => {
    expect(
      productWords([
        'http://shop/professional-filler/product/plasterwick-easy-fill-20',
        'http://shop/diy-filler/product/plasterwick-fine-surface-filler',
        'http://shop/professional-filler/news/easy-does-it',
      ]),
    ).toEqual(['plasterwick', 'easy', 'fill', 'fine', 'surface', 'filler']);
  });

  it('makes as many distinct terms as asked for from words, fragments and pairs', () => {
    const words = Array.from({ length: 120 }, (_, at) => `word${String.fromCharCode(97 + (at % 26))}${at}`);
    const terms = searchTerms(words, 10_000);
    expect(terms.length).toBeGreaterThanOrEqual(10_000);
    expect(new Set(terms).size).toBe(terms.length);
    expect(terms).toContain('wor');
    expect(terms.some((term) => term.includes(' '))).toBe(true);
    expect(searchTerms(words, 10_000)).toEqual(terms);
  });
});
