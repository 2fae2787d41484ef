/** Store locator: origins (point, postcode at any precision, town), sorting, filters, importer and district precision. */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { importPostcodes, parsePostcodeCsv } from '../src/modules/store-locator/import.ts';
import { geocodeCandidates } from '../src/modules/store-locator/postcode.ts';
import { originSchema, stockistItem } from '../src/modules/store-locator/schemas.ts';
import { createTestApp, PART_PLAN, q, type TestApp } from './helpers.ts';
import {
  FIXTURE_DISTRICT_COUNT,
  FIXTURE_DISTRICTS,
  OPTIONAL_OUTCODES_FILE,
  OUTCODES_CSV,
} from './outcodes-fixture.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const answer = z.object({
  data: z.object({ items: z.array(stockistItem), total: z.number().int(), origin: originSchema }),
});
const errorSchema = z.object({ status: z.string(), message: z.string() });

async function locate(params: Record<string, string | number>, status = 200) {
  const res = await t.app.inject({ url: `/api/v1/store-locator?${q(params)}` });
  expect(res.statusCode, res.body).toBe(status);
  return res;
}
const found = async (params: Record<string, string | number>) =>
  answer.parse((await locate(params)).json()).data;

describe('searching', () => {
  test('by point: nearest first, each with its distance, within the radius', async () => {
    const data = await found({ lat: 51.4545, lng: -2.5879, radius: 30 });
    expect(data.items.length).toBeGreaterThan(0);
    expect(data.items[0]?.town).toBe('Bristol');
    const distances = data.items.map((s) => s.distance_km);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances.every((d) => d <= 30)).toBe(true);
    expect(data.origin.precision).toBe('point');
  });

  test('by postcode in any case and spacing, falling back from full to area', async () => {
    for (const postcode of ['M1 1AE', 'm11ae', ' M1  1AE', 'm1', 'M']) {
      const data = await found({ postcode });
      expect(data.origin).toMatchObject({ precision: 'area', label: 'M' });
      expect(data.items[0]?.town).toMatch(/Manchester|Salford/);
    }
  });

  test('by town, case-insensitive', async () => {
    const data = await found({ town: 'newcastle upon tyne', radius: 10 });
    expect(data.origin).toMatchObject({ precision: 'town', label: 'Newcastle upon Tyne' });
    expect(data.items.length).toBeGreaterThan(0);
    expect(data.items.every((s) => s.distance_km <= 10)).toBe(true);
    expect(data.items[0]?.town).toBe('Newcastle upon Tyne');
  });

  test('filters: type, audience from the plan or the parameter, perPage and radius', async () => {
    const trade = await found({ postcode: 'LS1', type: 'trade_counter', radius: 500, perPage: 100 });
    expect(trade.items.length).toBeGreaterThan(0);
    expect(trade.items.every((s) => s.type === 'trade_counter')).toBe(true);
    const diy = await found({ postcode: 'LS1', saleplan_id: PART_PLAN, radius: 500, perPage: 100 });
    expect(diy.items.length).toBeGreaterThan(0);
    expect(diy.items.every((s) => s.audiences.includes('part') && s.type !== 'trade_counter')).toBe(true);
    const part = await found({ postcode: 'LS1', audience: 'part', radius: 500, perPage: 100 });
    expect(part.total).toBe(diy.total);
    const few = await found({ postcode: 'B', radius: 500, perPage: 3 });
    expect(few.items).toHaveLength(3);
    expect(few.total).toBeGreaterThan(3);
    const wide = await found({ postcode: 'B', radius: 500, perPage: 100 });
    const narrow = await found({ postcode: 'B', radius: 20, perPage: 100 });
    expect(narrow.total).toBeLessThan(wide.total);
  });

  test('unknown postcode and town are 404 with their own status; bad input is 400', async () => {
    expect(errorSchema.parse((await locate({ postcode: 'QQ1 1AA' }, 404)).json()).status).toBe(
      'postcode_not_found',
    );
    expect(errorSchema.parse((await locate({ town: 'Atlantis' }, 404)).json()).status).toBe('town_not_found');
    await locate({ postcode: '12345' }, 400);
    await locate({ lat: 53 }, 400);
    await locate({}, 400);
    await locate({ postcode: 'M1', radius: 501 }, 400);
    await locate({ postcode: 'M1', perPage: 101 }, 400);
    await locate({ postcode: 'M1', type: 'garden_centre' }, 400);
  });

  test('arbitrary query values never answer ≥ 500', async () => {
    const value = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.double().map(String),
      fc.constantFrom('M1', 'm', 'EC1A 1BB', '-0', '91', 'part'),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(
          fc.constantFrom(
            'lat',
            'lng',
            'postcode',
            'town',
            'type',
            'radius',
            'perPage',
            'page',
            'audience',
            'saleplan_id',
          ),
          value,
        ),
        async (params) => {
          const res = await t.app.inject({
            url: `/api/v1/store-locator?${new URLSearchParams({ site_id: '3', ...params })}`,
          });
          expect(res.statusCode).toBeLessThan(500);
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('postcode importer', () => {
  test('geocode candidates: full, then district, then area', () => {
    expect(geocodeCandidates('ec1a 1bb')).toEqual(['EC1A1BB', 'EC1A', 'EC']);
    expect(geocodeCandidates('M1')).toEqual(['M1', 'M']);
    expect(geocodeCandidates('not a postcode')).toEqual([]);
  });

  test('rejects malformed rows with their line numbers and an unknown header', () => {
    const csv = [
      'pcds,lat,long',
      '"M1 1AE",53.4781,-2.2362',
      'NOTACODE,53,-2',
      'M2 3BB,,-2.24',
      'M3 4CC,99.999999,0',
      'M4 5DD,53.48,abc',
      '',
    ].join('\n');
    const { rows, rejected } = parsePostcodeCsv(csv);
    expect(rows).toEqual([{ code: 'M11AE', latitude: 53.4781, longitude: -2.2362, precision: 'full' }]);
    expect(rejected.map((r) => r.line)).toEqual([3, 4, 5, 6]);
    expect(rejected[0]?.reason).toContain('invalid postcode');
    expect(rejected[2]?.reason).toContain('latitude');
    expect(rejected[3]?.reason).toContain('longitude');
    expect(() => parsePostcodeCsv('name,x,y\nA,1,2')).toThrow(/Unrecognised header/);
  });

  test('importing a district file makes a district search land closer than its area', async () => {
    const before = await found({ postcode: 'SK1', perPage: 1 });
    expect(before.origin.precision).toBe('area');
    const result = await importPostcodes(t.database.db, OUTCODES_CSV);
    expect(result).toEqual({
      imported: FIXTURE_DISTRICT_COUNT,
      byPrecision: { area: 0, district: FIXTURE_DISTRICT_COUNT, full: 0 },
      rejected: [],
    });
    const after = await found({ postcode: 'SK1', perPage: 1 });
    expect(after.origin).toMatchObject({ precision: 'district', label: 'SK1', ...FIXTURE_DISTRICTS.SK1 });
    // Our Stockport stockists sit in SK1: the district centroid is nearer to them than the SK area centroid.
    expect(after.items[0]?.town).toBe('Stockport');
    expect(after.items[0]!.distance_km).toBeLessThan(before.items[0]!.distance_km);
    const full = await found({ postcode: 'sk1 9zz', perPage: 1 });
    expect(full.origin.precision).toBe('district');
    // A district the file does not list still falls back to its area.
    expect((await found({ postcode: 'SK3', perPage: 1 })).origin).toMatchObject({
      precision: 'area',
      label: 'SK',
    });
    // Re-importing updates instead of duplicating.
    const again = await importPostcodes(t.database.db, OUTCODES_CSV);
    expect(again.imported).toBe(result.imported);
  });

  test.skipIf(!OPTIONAL_OUTCODES_FILE)(
    'imports a full outcode file (skipped unless UK_OUTCODES_CSV names one: it is not part of the repository)',
    async () => {
      const content = readFileSync(OPTIONAL_OUTCODES_FILE!, 'utf8');
      const result = await importPostcodes(t.database.db, content);
      expect(result.imported).toBeGreaterThan(2500);
      expect(result.byPrecision.district).toBe(result.imported);
      const after = await found({ postcode: 'SK1', perPage: 1 });
      expect(after.origin).toMatchObject({ precision: 'district', label: 'SK1' });
      expect(after.items[0]?.town).toBe('Stockport');
    },
    120_000,
  );
});
