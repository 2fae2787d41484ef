import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_FILTER_SEGMENTS } from './config.ts';
import {
  audienceFromSegment,
  decodeNumberValue,
  encodeFilterValue,
  formatListingSegments,
  matchFilterValue,
  needsOnDemandSort,
  parseListingSegments,
  parseSort,
  segmentOf,
  splitCategoryPath,
  toggleFilterValue,
} from './routing.ts';
import common from '../i18n/en-GB/common.json' with { type: 'json' };

describe('audience segments', () => {
  it('maps both audiences and nothing else', () => {
    expect(audienceFromSegment('professional-filler')).toBe('pro');
    expect(audienceFromSegment('diy-filler')).toBe('part');
    expect(audienceFromSegment('pro')).toBeUndefined();
    expect(audienceFromSegment(undefined)).toBeUndefined();
    expect(segmentOf('part')).toBe('diy-filler');
  });

  it('agrees with the catalogue keys target_route_{target}', () => {
    expect(segmentOf('pro')).toBe(common.target_route_pro);
    expect(segmentOf('part')).toBe(common.target_route_part);
  });
});

describe('filter values', () => {
  it('writes spaces and decimal points as dashes, lowercase', () => {
    expect(encodeFilterValue('Ready mixed')).toBe('ready-mixed');
    expect(encodeFilterValue('1.5')).toBe('1-5');
    expect(encodeFilterValue('interior_exterior')).toBe('interior_exterior');
    expect(encodeFilterValue('Crème')).toBe('creme');
  });

  it('resolves a segment value against the real values', () => {
    expect(matchFilterValue('1-5', ['1', '1.5', '2'])).toBe('1.5');
    expect(matchFilterValue('wood', ['plaster'])).toBeUndefined();
    expect(decodeNumberValue('12-5')).toBe(12.5);
    expect(decodeNumberValue('abc')).toBeUndefined();
  });
});

describe('parseListingSegments', () => {
  it('reads filters and the page', () => {
    expect(parseListingSegments(['SURFACE__wood__plaster', 'FORMAT__ready_mixed', '_p__3'])).toEqual({
      filters: [
        { key: 'surface', values: ['wood', 'plaster'] },
        { key: 'format', values: ['ready_mixed'] },
      ],
      page: 3,
    });
    expect(parseListingSegments([])).toEqual({ filters: [], page: 1 });
    expect(parseListingSegments(['MAX_THICKNESS__10'])).toEqual({
      filters: [{ key: 'max_thickness', values: ['10'] }],
      page: 1,
    });
  });

  it('ignores p, r and the search term', () => {
    expect(
      parseListingSegments(['P__1', 'R__x', 'FILLER__wood', 'USE__interior'], { search: 'filler' }),
    ).toEqual({
      filters: [{ key: 'use', values: ['interior'] }],
      page: 1,
    });
  });

  it('ignores a filter named like the search term, whatever its case or number of words', () => {
    const kept = { key: 'use', values: ['interior'] };
    for (const search of ['Filler', 'FILLER', ' filler ']) {
      expect(parseListingSegments(['FILLER__wood', 'USE__interior'], { search }), search).toEqual({
        filters: [kept],
        page: 1,
      });
    }
    // Words of a key are joined by underscores, words of a search term by spaces.
    for (const search of ['joint filler', 'Joint Filler', 'JOINT  FILLER']) {
      expect(parseListingSegments(['JOINT_FILLER__wood', 'USE__interior'], { search }), search).toEqual({
        filters: [kept],
        page: 1,
      });
    }
    // Only the whole term: a key that is one of its words, or another term, stays a filter.
    expect(parseListingSegments(['JOINT__wood'], { search: 'joint filler' })?.filters).toEqual([
      { key: 'joint', values: ['wood'] },
    ]);
    expect(parseListingSegments(['JOINT_FILLER__wood'], { search: 'jointfiller' })?.filters).toHaveLength(1);
  });

  it('refuses malformed segments', () => {
    expect(parseListingSegments(['surface__wood'])).toBeNull();
    expect(parseListingSegments(['SURFACE__Wood'])).toBeNull();
    expect(parseListingSegments(['SURFACE'])).toBeNull();
    expect(parseListingSegments(['SURFACE__'])).toBeNull();
    expect(parseListingSegments(['_p__2', 'SURFACE__wood'])).toBeNull();
    expect(parseListingSegments(['_p__0'])).toBeNull();
    expect(parseListingSegments(['_p__abc'])).toBeNull();
  });

  it('accepts up to 10 filter segments', () => {
    const keys = 'ABCDEFGHIJK'.split('').map((key) => `${key}__x`);
    expect(parseListingSegments(keys.slice(0, MAX_FILTER_SEGMENTS))?.filters).toHaveLength(10);
    expect(parseListingSegments(keys.slice(0, MAX_FILTER_SEGMENTS + 1))).toBeNull();
  });

  it('never throws on arbitrary input', () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { maxLength: 14 }), fc.option(fc.string()), (segments, search) => {
        parseListingSegments(segments, { search: search ?? undefined });
      }),
    );
  });
});

const keyArb = fc
  .stringMatching(/^[a-z][a-z0-9]{0,6}(_[a-z0-9]{1,5})?$/)
  .filter((key) => key !== 'p' && key !== 'r');
const valueArb = fc.stringMatching(/^[a-z0-9-]{1,8}(_[a-z0-9-]{1,5})?$/);
const paramsArb = fc.record({
  filters: fc.uniqueArray(
    fc.record({ key: keyArb, values: fc.uniqueArray(valueArb, { minLength: 1, maxLength: 3 }) }),
    { selector: (filter) => filter.key, maxLength: MAX_FILTER_SEGMENTS },
  ),
  page: fc.integer({ min: 1, max: 9999 }),
});

describe('formatListingSegments', () => {
  it('writes the segments of spec §2', () => {
    expect(
      formatListingSegments({ filters: [{ key: 'surface', values: ['wood', 'plaster'] }], page: 2 }),
    ).toEqual(['SURFACE__wood__plaster', '_p__2']);
    expect(formatListingSegments({ page: 1 })).toEqual([]);
  });

  it('round-trips with parseListingSegments', () => {
    fc.assert(
      fc.property(paramsArb, (params) => {
        const segments = formatListingSegments(params);
        expect(parseListingSegments(segments)).toEqual(params);
        expect(formatListingSegments(parseListingSegments(segments)!)).toEqual(segments);
      }),
    );
  });
});

describe('category paths and facet links', () => {
  it('splits the slug from the listing segments', () => {
    expect(splitCategoryPath('fillers/interior/SURFACE__wood/_p__2')).toEqual({
      slug: 'fillers/interior',
      segments: ['SURFACE__wood', '_p__2'],
    });
    expect(splitCategoryPath(undefined)).toEqual({ slug: '', segments: [] });
    expect(splitCategoryPath('_p__2')).toEqual({ slug: '', segments: ['_p__2'] });
  });

  it('toggles a facet value and goes back to page 1', () => {
    const start = { filters: [{ key: 'surface', values: ['wood'] }], page: 3 };
    expect(toggleFilterValue(start, 'surface', 'plaster')).toEqual({
      filters: [{ key: 'surface', values: ['wood', 'plaster'] }],
      page: 1,
    });
    expect(toggleFilterValue(start, 'surface', 'wood')).toEqual({ filters: [], page: 1 });
  });
});

describe('sort orders (?sort=)', () => {
  it('reads the four orders; anything else is relevance, never an error', () => {
    expect(parseSort('name')).toBe('name');
    expect(parseSort('price-asc')).toBe('price-asc');
    expect(parseSort('price-desc')).toBe('price-desc');
    for (const value of [null, undefined, '', 'PRICE-ASC', 'newest', 'price_asc', '<script>'])
      expect(parseSort(value)).toBe('relevance');
  });

  it('keeps a sort other than relevance in the parsed params and through facet toggles', () => {
    expect(parseListingSegments(['_p__2'], { sort: 'name' })).toEqual({ filters: [], page: 2, sort: 'name' });
    expect(parseListingSegments([], { sort: 'bogus' })).toEqual({ filters: [], page: 1 });
    const sorted = parseListingSegments(['SURFACE__wood'], { sort: 'price-desc' })!;
    expect(toggleFilterValue(sorted, 'format', 'powder')).toEqual({
      filters: [
        { key: 'surface', values: ['wood'] },
        { key: 'format', values: ['powder'] },
      ],
      page: 1,
      sort: 'price-desc',
    });
  });

  it('sends a sorted category listing to the on-demand route, relevance to its static page', () => {
    const query = (text: string) => new URLSearchParams(text);
    expect(needsOnDemandSort('/diy-filler/category/tools', query('sort=name'))).toBe(true);
    expect(needsOnDemandSort('/diy-filler/category/tools/_p__2', query('sort=price-asc'))).toBe(true);
    expect(needsOnDemandSort('/diy-filler/category/tools', query('sort=relevance'))).toBe(false);
    expect(needsOnDemandSort('/diy-filler/category/tools', query('sort=bogus'))).toBe(false);
    expect(needsOnDemandSort('/diy-filler/category/tools', query(''))).toBe(false);
    expect(needsOnDemandSort('/diy-filler/contact', query('sort=name'))).toBe(false);
  });
});
