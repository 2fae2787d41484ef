import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSlug, SLUG_SEGMENT_PATTERN, slugify } from './slug.ts';

describe('slugify (spec §5)', () => {
  it('lowercases, strips accents, hyphenates spaces and apostrophes', () => {
    expect(slugify('Enduit de Lissage')).toBe('enduit-de-lissage');
    expect(slugify("L'été crème")).toBe('l-ete-creme');
    expect(slugify('Plasterer’s choice')).toBe('plasterer-s-choice');
  });

  it('turns the ligature into oe and drops the trailing hyphen', () => {
    expect(slugify('Œuvre cœur ')).toBe('oeuvre-coeur');
    expect(slugify('filler -')).toBe('filler');
    expect(slugify('Cæsar')).toBe('caesar');
  });

  it('tidies hyphens and slashes so the result is a slug the back-office accepts', () => {
    expect(slugify(' - Fine  filler')).toBe('fine-filler');
    expect(slugify('Guides / Filling cracks')).toBe('guides/filling-cracks');
    expect(slugify('1/2 coat')).toBe('1/2-coat');
    expect(slugify('//')).toBe('');
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

describe('slug patterns', () => {
  it('accept nested slugs and refuse stray hyphens, slashes and capitals', () => {
    for (const good of ['filler', 'deep-gap-fillers', 'guides/filling-cracks', 'a1/b-2/c']) {
      expect(isSlug(good), good).toBe(true);
    }
    for (const bad of ['', '-filler', 'filler-', 'a--b', 'a//b', '/a', 'a/', 'Filler', 'a_b', 'a b']) {
      expect(isSlug(bad), bad).toBe(false);
    }
  });

  it('a segment never nests', () => {
    expect(SLUG_SEGMENT_PATTERN.test('deep-gap-fillers')).toBe(true);
    expect(SLUG_SEGMENT_PATTERN.test('guides/filling-cracks')).toBe(false);
  });
});
