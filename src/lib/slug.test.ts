import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSlug, slugify } from './slug.ts';

describe('slugify (spec §5)', () => {
  it('lowercases, strips accents, hyphenates spaces and apostrophes', () => {
    expect(slugify('Enduit de Lissage')).toBe('enduit-de-lissage');
    expect(slugify("L'été crème")).toBe('l-ete-creme');
    expect(slugify('Plasterer’s choice')).toBe('plasterer-s-choice');
  });

  it('turns the ligature into oe and drops the trailing hyphen', () => {
    expect(slugify('Œuvre cœur ')).toBe('oeuvre-coeur');
    expect(slugify('filler -')).toBe('filler');
  });

  it('always gives a valid slug (or nothing)', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const slug = slugify(text);
        expect(slug === '' || isSlug(slug)).toBe(true);
        expect(slug.endsWith('-')).toBe(false);
        expect(slugify(slug)).toBe(slug);
      }),
    );
  });
});
