import { describe, expect, it } from 'vitest';
import type { Facet } from './api/types.ts';
import { knownFilters, otherAudienceTargets, productSwitchTarget } from './audience-switch.ts';

const facets: Facet[] = [
  {
    kind: 'list',
    technicalName: 'format',
    label: 'Format',
    options: [
      { value: 'powder', label: 'Powder', count: 4 },
      { value: 'Ready mixed', label: 'Ready mixed', count: 0 },
    ],
  },
  { kind: 'range', technicalName: 'price', label: 'Price', min: 300, max: 2_000 },
];

describe('knownFilters', () => {
  it('keeps the filters the other audience has, value by value', () => {
    expect(
      knownFilters(
        [
          { key: 'format', values: ['powder', 'tube', 'ready-mixed'] },
          { key: 'job', values: ['skimming'] },
          { key: 'price', values: ['3', '10-5'] },
        ],
        facets,
      ),
    ).toEqual([
      { key: 'format', values: ['powder', 'ready-mixed'] },
      { key: 'price', values: ['3', '10-5'] },
    ]);
  });

  it('drops a filter none of whose values exist there, and a malformed range', () => {
    expect(knownFilters([{ key: 'format', values: ['tube'] }], facets)).toEqual([]);
    expect(knownFilters([{ key: 'price', values: ['3'] }], facets)).toEqual([]);
    expect(knownFilters([{ key: 'price', values: ['3', 'ten'] }], facets)).toEqual([]);
  });
});

describe('productSwitchTarget', () => {
  const proOnly = { slug: 'trade-filler', categorySlug: 'fillers', audiences: ['pro' as const] };

  it('keeps the product where it is sold', () => {
    expect(productSwitchTarget({ ...proOnly, audiences: ['pro', 'part'] }, 'part', [])).toBe(
      '/diy-filler/product/trade-filler',
    );
  });

  it("leads to that audience's page of the main category, with the reason", () => {
    expect(productSwitchTarget(proOnly, 'part', ['tools', 'fillers'])).toBe(
      '/diy-filler/category/fillers?switched=product',
    );
    expect(productSwitchTarget({ ...proOnly, audiences: ['part'] }, 'pro', ['fillers'])).toBe(
      '/professional-filler/category/fillers?switched=product',
    );
  });

  it("leads to that audience's home when the category is missing there too", () => {
    expect(productSwitchTarget(proOnly, 'part', ['tools'])).toBe('/diy-filler?switched=product_home');
    expect(productSwitchTarget({ ...proOnly, audiences: ['part'], categorySlug: '' }, 'pro', [''])).toBe(
      '/?switched=product_home',
    );
  });
});

describe('otherAudienceTargets', () => {
  it('names a target for every audience but the current one', async () => {
    expect(await otherAudienceTargets('pro', (other) => `/${other}`)).toEqual({ part: '/part' });
    expect(await otherAudienceTargets('part', async (other) => `/${other}`)).toEqual({ pro: '/pro' });
  });
});
