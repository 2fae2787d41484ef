/** `SEED_SCALE`: a first seed at scale 2 holds twice the demo catalogue, and the API serves the copies. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows.ts';
import { productReference } from '../src/seed/catalogue/index.ts';
import { productsData } from '../src/seed/catalogue/products-data.ts';
import { createTestApp, PRO_PLAN, q, type TestApp } from './helpers.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { seedScale: 2 });
});
afterAll(() => t?.close());

/** Row counts of what hangs off products: all of them, and the demo products' own. */
const countsOf = async (scope: 'all' | 'demo') => {
  const demo = productsData.map(productReference);
  const products =
    scope === 'all'
      ? sql`select id from product`
      : sql`select id from product where reference in (${sql.join(
          demo.map((reference) => sql`${reference}`),
          sql`, `,
        )})`;
  return rowsOf<Record<string, number>>(
    await t.database.db.execute(sql`
      select (select count(*)::int from product where id in (${products})) as products,
             (select count(*)::int from variant where product_id in (${products})) as variants,
             (select count(*)::int from variant_price vp join variant v on v.id = vp.variant_id
               where v.product_id in (${products})) as prices,
             (select count(*)::int from product_characteristic where product_id in (${products})) as characteristics,
             (select count(*)::int from product_media where product_id in (${products})) as media_links,
             (select count(*)::int from product_relation where product_id in (${products})) as relations,
             (select count(*)::int from content_entry
               where resource = 'notice' and (data ->> 'product_id')::int in (${products})) as sheets
    `),
  )[0]!;
};

describe('SEED_SCALE=2', () => {
  it('doubles the products and everything hanging off them, with distinct GTINs and no new media', async () => {
    const [all, demo] = await Promise.all([countsOf('all'), countsOf('demo')]);
    expect(demo.products).toBe(productsData.length);
    for (const key of Object.keys(all)) expect(all[key], key).toBe(2 * demo[key]!);
    const [gtins] = rowsOf<{ distinct: number; total: number; copied_media: number }>(
      await t.database.db.execute(sql`
        select count(distinct gtin)::int as distinct, count(*)::int as total,
               -- A copy's own picture or document would carry its reference (PW-2xxx at scale 2) in its key.
               (select count(*)::int from media where key ~ 'pw-2[0-9]{3}') as copied_media
        from variant
      `),
    );
    expect(gtins!.distinct).toBe(gtins!.total);
    expect(gtins!.copied_media).toBe(0);
  });

  it('serves a copy with its own identity and the original’s pictures and data sheets', async () => {
    const [original, copy] = await Promise.all(
      ['plasterwick-multi-fill-powder', 'plasterwick-ashford-multi-fill-powder'].map(async (slug) => {
        const response = await t.app.inject(`/api/v1/product/${slug}?${q({ saleplan_id: PRO_PLAN })}`);
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
    expect(copy.documents.map((d: { title: string }) => d.title)).toEqual([
      'Plasterwick Ashford Multi-Fill® Powder technical data sheet',
      'Plasterwick Ashford Multi-Fill® Powder safety data sheet',
    ]);
    expect(copy.related.length).toBe(original.related.length);
    expect(copy.related.every((r: { slug: string }) => r.slug.includes('ashford'))).toBe(true);
    expect(copy.variants.map((v: { gtin: string }) => v.gtin)).not.toEqual(
      original.variants.map((v: { gtin: string }) => v.gtin),
    );
  });

  it('lists the copies in their range sub-category, under the family', async () => {
    const response = await t.app.inject(`/api/v1/category/fillers?${q({ saleplan_id: PRO_PLAN })}`);
    const fillers = response.json().data.items[0];
    const range = fillers.children.find((c: { slug: string }) => c.slug === 'fillers-ashford');
    expect(range).toMatchObject({ name: 'Fillers: Ashford range' });
    const list = await t.app.inject(
      `/api/v1/product?${q({ saleplan_id: PRO_PLAN, perPage: 100, page: 1, categories: range.id })}`,
    );
    const items = list.json().data.items as { name: string }[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((p) => p.name.includes('Ashford'))).toBe(true);
  });
});
