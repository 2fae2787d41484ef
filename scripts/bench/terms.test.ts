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
    const starts = ['pla', 'fil', 'cra', 'smo', 'rep', 'joi', 'tap', 'boa', 'woo', 'ext'];
    const ends = ['ster', 'ler', 'cker', 'oth', 'air', 'nts', 'ing', 'rds', 'ods'];
    const words = starts.flatMap((start) => ends.map((end) => `${start}${end}`)).slice(0, 60);
    const terms = searchTerms(words, 10_000);
    expect(terms.length).toBeGreaterThanOrEqual(10_000);
    expect(new Set(terms).size).toBe(terms.length);
    expect(terms).toContain('plas');
    expect(terms.some((term) => term.includes(' '))).toBe(true);
    // 60 words give 3,540 pairs: the rest are a word and the start of another.
    expect(terms).toContain('plaster fill');
    expect(searchTerms(words, 10_000)).toEqual(terms);
  });
});
