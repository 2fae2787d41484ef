/** The home slides' and pushes' pictures are wordless illustrations: the panel beside them carries the text. */
import { describe, expect, it } from 'vitest';
import { illustrationAlt, illustrationSvg } from '../src/seed/content/art.ts';

describe('illustrationSvg', () => {
  it('carries no words but the brand mark, so it never repeats or cuts the slide text', () => {
    for (let seed = 0; seed < 8; seed++) {
      const texts = [...illustrationSvg(seed).matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
      expect(texts).toEqual(['PLASTERWICK']);
      expect(illustrationAlt(seed)).toMatch(/^A .+[a-z]$/);
    }
  });
});
