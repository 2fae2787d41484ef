/** The demo catalogue is rich enough for every screen and internally consistent. */
import { sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidGtin } from '../src/seed/catalogue/gtin.ts';
import { productsData } from '../src/seed/catalogue/products-data.ts';
import { guideQuestionsData } from '../src/seed/catalogue/catalogue-data.ts';
import { rowsOf } from '../src/db/rows.ts';
import { createTestApp, PART_PLAN, PRO_PLAN, q, type TestApp } from './helpers.ts';
import { renderPdf } from '../src/lib/pdf.ts';

let t: TestApp;
const all = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query));

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('catalogue seed', () => {
  it('has at least 48 products, 40 for trade and 30 for DIY, each plan with products of its own', async () => {
    const [counts] = await all<{
      total: number;
      pro: number;
      part: number;
      pro_only: number;
      part_only: number;
    }>(sql`
      select count(*)::int as total,
        count(*) filter (where exists (select 1 from product_plan pp where pp.product_id = p.id and pp.plan_id = 1))::int as pro,
        count(*) filter (where exists (select 1 from product_plan pp where pp.product_id = p.id and pp.plan_id = 2))::int as part,
        count(*) filter (where (select array_agg(plan_id) from product_plan pp where pp.product_id = p.id) = '{1}')::int as pro_only,
        count(*) filter (where (select array_agg(plan_id) from product_plan pp where pp.product_id = p.id) = '{2}')::int as part_only
      from product p`);
    expect(counts!.total).toBeGreaterThanOrEqual(48);
    expect(counts!.pro).toBeGreaterThanOrEqual(40);
    expect(counts!.part).toBeGreaterThanOrEqual(30);
    expect(counts!.pro_only).toBeGreaterThan(0);
    expect(counts!.part_only).toBeGreaterThan(0);
  });

  it('promotes at least 8 products per plan', async () => {
    const rows = await all<{ plan_id: number; n: number }>(
      sql`select plan_id, count(*)::int as n from product_plan where promoted group by plan_id order by plan_id`,
    );
    expect(rows.map((r) => Number(r.plan_id))).toEqual([PRO_PLAN, PART_PLAN]);
    for (const row of rows) expect(Number(row.n)).toBeGreaterThanOrEqual(8);
  });

  it('stores valid GTINs, left-padded to 14 digits, and prices every variant in each plan of its product', async () => {
    const variants = await all<{ gtin: string; reference: string }>(sql`select gtin, reference from variant`);
    expect(variants.length).toBeGreaterThan(productsData.length);
    for (const v of variants) {
      expect(v.gtin, v.reference).toMatch(/^\d{14}$/);
      expect(isValidGtin(v.gtin), v.reference).toBe(true);
    }
    const [missing] = await all<{ n: number }>(sql`
      select count(*)::int as n from variant v join product_plan pp on pp.product_id = v.product_id
      where not exists (select 1 from variant_price vp where vp.variant_id = v.id and vp.plan_id = pp.plan_id)`);
    expect(Number(missing!.n)).toBe(0);
    const [dearer] = await all<{ n: number }>(sql`
      select count(*)::int as n from variant_price pro join variant_price part on part.variant_id = pro.variant_id
      where pro.plan_id = 1 and part.plan_id = 2 and pro.price_ex_vat_pence * 1.2 >= part.price_inc_vat_pence`);
    expect(Number(dearer!.n), 'trade prices are below DIY prices').toBe(0);
    // Each plan's prices are stored in its basis: trade ex VAT, DIY shelf prices inc VAT.
    const bases = await all<{ plan_id: number; ex: number; inc: number }>(sql`
      select plan_id, count(price_ex_vat_pence)::int as ex, count(price_inc_vat_pence)::int as inc
      from variant_price group by plan_id order by plan_id`);
    expect(bases.map((b) => [b.plan_id, Number(b.ex) > 0, Number(b.inc) > 0])).toEqual([
      [1, true, false],
      [2, false, true],
    ]);
  });

  it('gives every product a packshot, a technical data sheet that is a real PDF, and 2 to 4 related products', async () => {
    const rows = await all<{
      id: number;
      reference: string;
      visuel: number;
      related: number;
      pdf: string | null;
    }>(sql`
      select p.id, p.reference,
        (select count(*)::int from product_media pm where pm.product_id = p.id and pm.kind = 'visuel') as visuel,
        (select count(*)::int from product_relation r where r.product_id = p.id) as related,
        (select e.data -> 'file' ->> 'url' from content_entry e
          where e.resource = 'notice' and e.type = 'technical-data-sheet' and e.data ->> 'product_id' = p.id::text) as pdf
      from product p`);
    for (const row of rows) {
      expect(Number(row.visuel), row.reference).toBeGreaterThanOrEqual(1);
      expect(Number(row.related), row.reference).toBeGreaterThanOrEqual(2);
      expect(Number(row.related), row.reference).toBeLessThanOrEqual(4);
      expect(row.pdf, row.reference).toBe(`/api/v1/media/docs/tds-${row.reference.toLowerCase()}.pdf`);
    }
    const sheet = await t.app.inject({ method: 'GET', url: rows[0]!.pdf! });
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-type']).toContain('application/pdf');
    const pdf = await PDFDocument.load(sheet.rawPayload);
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1);
    expect(pdf.getTitle()).toContain('Plasterwick');
  });

  it('has pictograms shared between products and some in-use images', async () => {
    const [counts] = await all<{ pictos: number; uses: number; ambiance: number }>(sql`
      select count(distinct media_key) filter (where kind = 'PICTO')::int as pictos,
             count(*) filter (where kind = 'PICTO')::int as uses,
             count(*) filter (where kind = 'AMBIANCE')::int as ambiance
      from product_media`);
    expect(Number(counts!.pictos)).toBeGreaterThanOrEqual(5);
    expect(Number(counts!.uses)).toBeGreaterThan(Number(counts!.pictos));
    expect(Number(counts!.ambiance)).toBeGreaterThan(0);
  });

  it('shows a category in a plan iff it or a descendant has products there', async () => {
    const rows = await all<{ id: number; plan_id: number; listed: boolean; has_products: boolean }>(sql`
      select c.id, sp.id as plan_id,
        exists (select 1 from category_plan cp where cp.category_id = c.id and cp.plan_id = sp.id) as listed,
        exists (select 1 from product_category pc join product_plan pp on pp.product_id = pc.product_id
                join category cc on cc.id = pc.category_id
                where pp.plan_id = sp.id and (cc.id = c.id or cc.parent_id = c.id)) as has_products
      from category c cross join sales_plan sp`);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows)
      expect(row.listed, `category ${row.id} plan ${row.plan_id}`).toBe(row.has_products);
  });

  it('keeps the old joint-skim-fill target product', async () => {
    const response = await t.app.inject({
      url: `/api/v1/product/plasterboard-finishing-solutions?${q({ saleplan_id: PRO_PLAN })}`,
    });
    expect(response.statusCode).toBe(200);
  });

  it('never lets the selector guide dead-end: every path of answers leads to options until the last question', async () => {
    for (const [plan, target] of [
      [PRO_PLAN, 'pro'],
      [PART_PLAN, 'part'],
    ] as const) {
      const codes = guideQuestionsData.filter((g) => g.target === target).map((g) => g.code);
      expect(codes.length).toBeGreaterThanOrEqual(3);
      const walk = async (answers: Record<string, string>, depth: number): Promise<number> => {
        const response = await t.app.inject({
          url: `/api/v1/filters-products?${q({ saleplan_id: plan, guide_de_choix: 1, caracteristics: JSON.stringify(answers) })}`,
        });
        const items = response.json().data.items as {
          technical_name: string;
          data: { value: string; count: number }[];
        }[];
        expect(items.map((i) => i.technical_name)).toEqual(codes);
        const question = items[depth]!;
        expect(
          question.data.length,
          `${target} ${JSON.stringify(answers)} → ${question.technical_name}`,
        ).toBeGreaterThan(0);
        if (depth === codes.length - 1) return 1;
        let paths = 0;
        // Two options per level keep the walk short while still crossing branches.
        for (const option of question.data.slice(0, 2)) {
          paths += await walk({ ...answers, [question.technical_name]: option.value }, depth + 1);
        }
        return paths;
      };
      expect(await walk({}, 0)).toBeGreaterThan(1);
    }
  });

  it('offers products for every option of every guide question in each plan', async () => {
    for (const [plan, target] of [
      [PRO_PLAN, 'pro'],
      [PART_PLAN, 'part'],
    ] as const) {
      const response = await t.app.inject({
        url: `/api/v1/filters-products?${q({ saleplan_id: plan, guide_de_choix: 1 })}`,
      });
      for (const question of response.json().data.items as {
        technical_name: string;
        data: { value: string }[];
      }[]) {
        const [definition] = await all<{ options: { value: string }[] }>(
          sql`select options from characteristic where code = ${question.technical_name}`,
        );
        expect(question.data.map((d) => d.value).toSorted(), `${target} ${question.technical_name}`).toEqual(
          definition!.options.map((o) => o.value).toSorted(),
        );
      }
    }
  });
});

describe('renderPdf', () => {
  it('renders headings, paragraphs, lists and long tables over several pages', async () => {
    const bytes = await renderPdf({
      title: 'Brochure ® test',
      subtitle: 'Characters outside the standard font (→) are replaced',
      footer: 'Test',
      blocks: [
        { kind: 'heading', text: 'Section' },
        { kind: 'paragraph', text: 'Word '.repeat(400) },
        { kind: 'list', items: ['One', 'Two'], ordered: true },
        {
          kind: 'table',
          columns: ['A', 'B'],
          rows: Array.from({ length: 80 }, (_, i) => [`row ${i}`, 'value']),
        },
      ],
    });
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBeGreaterThan(1);
    expect(pdf.getTitle()).toBe('Brochure ® test');
  });
});
