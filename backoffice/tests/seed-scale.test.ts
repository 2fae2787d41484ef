/** `SEED_SCALE`: a first seed at scale 2 holds twice the demo catalogue, and the API serves the copies. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows.ts';
import { createTestApp, PRO_PLAN, q, type TestApp } from './helpers.ts';

let demo: TestApp;
let scaled: TestApp;

beforeAll(async () => {
  [demo, scaled] = await Promise.all([createTestApp(), createTestApp({}, { seedScale: 2 })]);
});
afterAll(async () => {
  await Promise.all([demo?.close(), scaled?.close()]);
});

const countsOf = async (t: TestApp) =>
  rowsOf<Record<string, number>>(
    await t.database.db.execute(sql`
      select (select count(*)::int from product) as products,
             (select count(*)::int from variant) as variants,
             (select count(*)::int from variant_price) as prices,
             (select count(*)::int from product_characteristic) as characteristics,
             (select count(*)::int from product_media) as media_links,
             (select count(*)::int from product_relation) as relations,
             (select count(*)::int from content_entry where resource = 'notice' and data ? 'product_id') as sheets,
             (select count(*)::int from media) as media_files,
             (select count(distinct gtin)::int from variant) as gtins
    `),
  )[0]!;

describe('SEED_SCALE=2', () => {
  it('doubles the products and everything hanging off them, and renders no new media', async () => {
    const [one, two] = await Promise.all([countsOf(demo), countsOf(scaled)]);
    for (const key of [
      'products',
      'variants',
      'prices',
      'characteristics',
      'media_links',
      'relations',
      'sheets',
    ]) {
      expect(two[key], key).toBe(2 * one[key]!);
    }
    expect(two.gtins).toBe(two.variants);
    expect(two.media_files).toBe(one.media_files);
  });

  it('serves a copy with its own identity and the original’s pictures and data sheets', async () => {
    const [original, copy] = await Promise.all(
      [
        [demo, 'plasterwick-multi-fill-powder'],
        [scaled, 'plasterwick-multi-fill-powder-ashford'],
      ].map(async ([t, slug]) => {
        const response = await (t as TestApp).app.inject(
          `/api/v1/product/${slug as string}?${q({ saleplan_id: PRO_PLAN })}`,
        );
        expect(response.statusCode).toBe(200);
        return response.json().data.items[0];
      }),
    );
    expect(copy.name).toBe('Plasterwick Ashford Multi-Fill® Powder');
    expect(copy.reference).toBe('PW-2001');
    expect(copy.category_slug).toBe('fillers-ashford');
    expect(copy.cover.url).toBe(original.cover.url);
    expect(copy.documents.map((d: { url: string }) => d.url)).toEqual(
      original.documents.map((d: { url: string }) => d.url),
    );
    expect(copy.related.every((r: { slug: string }) => r.slug.endsWith('-ashford'))).toBe(true);
    expect(copy.variants.map((v: { gtin: string }) => v.gtin)).not.toEqual(
      original.variants.map((v: { gtin: string }) => v.gtin),
    );
  });

  it('lists the copies in their range sub-category, under the family', async () => {
    const response = await scaled.app.inject(`/api/v1/category/fillers?${q({ saleplan_id: PRO_PLAN })}`);
    const fillers = response.json().data.items[0];
    expect(fillers.children.map((c: { slug: string }) => c.slug)).toContain('fillers-ashford');
    const list = await scaled.app.inject(
      `/api/v1/product?${q({ saleplan_id: PRO_PLAN, perPage: 100, page: 1, categories: fillers.children.find((c: { slug: string }) => c.slug === 'fillers-ashford').id })}`,
    );
    const items = list.json().data.items as { name: string }[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((p) => p.name.includes('Ashford'))).toBe(true);
  });
});
