import { isSlug, slugify } from '@plasterwick/shop-rules/slug';
import { describe, expect, it } from 'vitest';
import { MAX_SEED_SCALE } from '../../config.ts';
import { isValidGtin } from './gtin.ts';
import { catalogueVariants, productReference, productSlug } from './index.ts';
import { productsData } from './products-data.ts';
import { categoryTree } from './catalogue-data.ts';
import { copyTradePrice, rangeName, scaledCopies } from './scale.ts';

const demoCategorySlugs = categoryTree.flatMap((top) => [top, ...(top.children ?? [])]).map((c) => c.slug);

/** The whole catalogue at `scale`: the demo's rows and the copies'. */
function catalogueAt(scale: number) {
  const copies = scaledCopies(scale);
  return {
    copies,
    references: [
      ...productsData.map(productReference),
      ...copies.products.map((p) => productReference(p.seed)),
    ],
    slugs: [...productsData.map(productSlug), ...copies.products.map((p) => productSlug(p.seed))],
    names: [...productsData.map((p) => p.name), ...copies.products.map((p) => p.seed.name)],
    gtins: [...catalogueVariants.map((v) => v.gtin), ...copies.variants.map((v) => v.gtin)],
    packReferences: [
      ...catalogueVariants.map((v) => v.reference),
      ...copies.variants.map((v) => v.reference),
    ],
    categorySlugs: [...demoCategorySlugs, ...copies.categories.map((c) => c.slug)],
  };
}

const distinct = (values: string[]) => new Set(values).size === values.length;

describe('scaledCopies', () => {
  it('adds nothing at scale 1', () => {
    expect(scaledCopies(1)).toEqual({ categories: [], products: [], variants: [] });
  });

  it.each([2, 3])('makes %i times the demo products and packs', (scale) => {
    const { references, gtins, copies } = catalogueAt(scale);
    expect(references).toHaveLength(scale * productsData.length);
    expect(gtins).toHaveLength(scale * catalogueVariants.length);
    // One sub-category per copy and top-level family that has products.
    const families = categoryTree.filter((top) =>
      productsData.some((p) => [top, ...(top.children ?? [])].some((c) => c.slug === p.category)),
    );
    expect(copies.categories).toHaveLength((scale - 1) * families.length);
  });

  it('keeps names, slugs, references, pack references, GTINs and category slugs distinct', () => {
    const at = catalogueAt(3);
    for (const values of [at.references, at.slugs, at.names, at.gtins, at.packReferences, at.categorySlugs]) {
      expect(distinct(values)).toBe(true);
    }
    expect(at.slugs.every(isSlug)).toBe(true);
    expect(at.categorySlugs.every(isSlug)).toBe(true);
  });

  it('gives every pack a valid GTIN: GTIN-13 (padded to 14) for unit packs, GTIN-14 for outer cases', () => {
    for (const variant of scaledCopies(3).variants) {
      expect(isValidGtin(variant.gtin)).toBe(true);
      const original = catalogueVariants.find((v) => v.reference === variant.originalReference)!;
      expect(variant.gtin.startsWith('0')).toBe(original.gtin.startsWith('0'));
    }
  });

  it('keeps GTINs, slugs and names distinct at the largest scale', () => {
    const { gtins, slugs, names } = catalogueAt(MAX_SEED_SCALE);
    expect(distinct(gtins)).toBe(true);
    expect(distinct(slugs)).toBe(true);
    expect(distinct(names)).toBe(true);
    expect(gtins.every(isValidGtin)).toBe(true);
  });

  it('copies characteristics and packs, files each copy under its family, never promotes it', () => {
    const { products, categories, variants } = scaledCopies(2);
    const categorySlugs = new Set(categories.map((c) => c.slug));
    for (const { seed, original } of products) {
      // Everything but its identity is the original's: characteristics, plans, packs, texts.
      const { n, name, slug, category } = seed;
      expect(seed).toEqual({ ...original, n, name, slug, category, promoted: undefined });
      expect(productSlug(seed)).toBe(original.slug ? `${original.slug}-ashford` : slugify(seed.name));
      expect(seed.name).toContain('Ashford');
      expect(categorySlugs.has(seed.category)).toBe(true);
    }
    expect(categories.map((c) => c.parentSlug)).toEqual(
      expect.arrayContaining(['fillers', 'wood-fillers', 'tools']),
    );
    expect(variants.every((v) => Number.isInteger(v.trade) && v.trade > 0 && v.trade % 10 === 9)).toBe(true);
  });

  it('refuses a scale outside 1 to 200', () => {
    for (const scale of [0, 1.5, MAX_SEED_SCALE + 1]) expect(() => scaledCopies(scale)).toThrow(RangeError);
  });
});

describe('rangeName', () => {
  it('names every copy differently', () => {
    const names = Array.from({ length: MAX_SEED_SCALE - 1 }, (_, i) => rangeName(i + 1));
    expect(distinct(names)).toBe(true);
    expect(names[0]).toBe('Ashford');
  });
});

describe('copyTradePrice', () => {
  it('stays within 10 % of the original and ends in 9 pence', () => {
    for (let copy = 1; copy < 30; copy++) {
      const price = copyTradePrice(1249, copy, copy * 5);
      expect(price % 10).toBe(9);
      expect(Math.abs(price - 1249)).toBeLessThanOrEqual(135);
    }
  });
});
