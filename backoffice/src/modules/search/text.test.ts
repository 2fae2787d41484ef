import { describe, expect, it } from 'vitest';
import { editsFor } from './site-index.ts';
import { compactCode, indexWords, phrases, queryWords, singular } from './text.ts';

describe('search text', () => {
  it('indexes a hyphenated name both as its words and as one word', () => {
    expect(indexWords('Multi-Fill® Powder')).toEqual(['multi', 'fill', 'powder', 'multifill']);
    expect(indexWords('Décorateurs’ caulk')).toEqual(['decorateurs', 'caulk']);
  });

  it('searches at most eight distinct words, leaving out single letters but not digits', () => {
    expect(queryWords('a filler for a 5 mm gap')).toEqual(['filler', 'for', '5', 'mm', 'gap']);
    expect(queryWords('one two three four five six seven eight nine')).toHaveLength(8);
    expect(queryWords('filler FILLER')).toEqual(['filler']);
  });

  it.each([
    ['fillers', 'filler'],
    ['brushes', 'brush'],
    ['assemblies', 'assembly'],
    ['tubes', 'tube'],
    ['gloss', 'gloss'],
    ['gypsum', 'gypsum'],
    ['gas', 'gas'],
  ])('folds "%s" to "%s"', (word, folded) => expect(singular(word)).toBe(folded));

  it('compacts codes to letters and digits', () => {
    expect(compactCode(' PW-1091-05 ')).toBe('pw109105');
  });

  it('reads a name as phrases, as written and with its compounds joined', () => {
    expect(phrases('Plasterwick Multi-Fill® Powders')).toEqual([
      ' plasterwick multi fill powder',
      ' plasterwick multifill powder',
    ]);
  });

  it('allows no edit below four letters, one up to six, two from seven', () => {
    expect(['gap', 'filer', 'plastr', 'plsater', 'pw10'].map(editsFor)).toEqual([0, 1, 1, 2, 0]);
  });
});
