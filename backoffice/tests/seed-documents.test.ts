/**
 * The seeded documents are real and follow the catalogue: the product catalogue (a page per range, every
 * product, reference and pack GTIN), a brochure per range, and a 16-section safety data sheet per product,
 * attached to its product like the technical data sheet and listed with its size.
 */
import { and, eq, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contentEntries } from '../src/db/schema.ts';
import { rowsOf } from '../src/db/rows.ts';
import { chemistryOf, sdsSectionTitles } from '../src/modules/catalogue/documents/safety-data-sheet.ts';
import { productsData } from '../src/seed/catalogue/products-data.ts';
import { categoryTree } from '../src/seed/catalogue/catalogue-data.ts';
import { createTestApp, PART_PLAN, PRO_PLAN, q, type TestApp } from './helpers.ts';
import { pdfPagesText, pdfText } from './pdf-text.ts';

let t: TestApp;
const all = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query));

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const notices = (type: string) =>
  t.database.db
    .select()
    .from(contentEntries)
    .where(and(eq(contentEntries.resource, 'notice'), eq(contentEntries.type, type)));

const fileOf = (notice: { data: Record<string, unknown> }) =>
  z.object({ url: z.string(), size_bytes: z.number() }).parse(notice.data.file);

async function download(url: string): Promise<Buffer> {
  const res = await t.app.inject({ url });
  expect(res.statusCode, url).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return res.rawPayload;
}

/** The number printed under a barcode: unit packs' GTIN-13 are stored left-padded to 14 digits. */
const printed = (gtin: string) => gtin.replace(/^0(?=\d{13}$)/, '');

describe('product catalogue PDF', () => {
  it('has a cover and a page per top-level category, and names every product, reference and pack GTIN', async () => {
    const [catalogue] = await notices('catalogue');
    const file = fileOf(catalogue!);
    const bytes = await download(file.url);
    expect(file.size_bytes).toBe(bytes.byteLength);
    const pages = await pdfPagesText(bytes);
    expect(pages.length).toBeGreaterThanOrEqual(categoryTree.length + 1);
    // Each range opens a page with its name as the title, and the running header names it.
    for (const top of categoryTree) {
      expect(
        pages.some((lines) => lines.includes(top.name) && lines.join(' ').includes(top.description)),
        top.name,
      ).toBe(true);
    }

    const text = pages.map((lines) => lines.join(' ')).join(' ');
    const products = await all<{ name: string; reference: string }>(sql`select name, reference from product`);
    expect(products.length).toBe(productsData.length);
    for (const product of products) {
      expect(text, product.reference).toContain(product.name);
      expect(text).toContain(`Reference ${product.reference}.`);
    }
    const variants = await all<{ reference: string; gtin: string; label: string }>(
      sql`select reference, gtin, label from variant`,
    );
    for (const variant of variants) {
      expect(text, variant.reference).toContain(`${variant.reference} ${variant.label}`);
      expect(text, variant.reference).toContain(printed(variant.gtin));
    }
  });
});

describe('range brochures', () => {
  it('are one per top-level category, each describing every product of its range', async () => {
    const brochures = await notices('brochure');
    expect(brochures.map((b) => b.title).sort()).toEqual(
      categoryTree.map((top) => `${top.name} brochure`).sort(),
    );
    for (const brochure of brochures) {
      expect(brochure.data.section).toBe('download');
      const bytes = await download(fileOf(brochure).url);
      expect(fileOf(brochure).size_bytes).toBe(bytes.byteLength);
      expect((await PDFDocument.load(bytes)).getPageCount()).toBeGreaterThanOrEqual(3);
      const text = await pdfText(bytes);
      const top = categoryTree.find((category) => `${category.name} brochure` === brochure.title)!;
      const slugs = [top.slug, ...(top.children ?? []).map((child) => child.slug)];
      for (const product of productsData.filter((p) => slugs.includes(p.category))) {
        expect(text, brochure.title).toContain(product.name);
        expect(text).toContain(`Reference PW-${product.n}.`);
      }
    }
  });
});

describe('safety data sheets', () => {
  it('every product has its own SDS with the 16 sections, its identifier and the supplier', async () => {
    const rows = await all<{ id: number; name: string; reference: string; plans: number[] }>(sql`
      select p.id, p.name, p.reference,
        (select array_agg(plan_id order by plan_id) from product_plan pp where pp.product_id = p.id) as plans
      from product p order by p.reference`);
    const sheets = await notices('safety-data-sheet');
    expect(sheets.length).toBe(rows.length);
    for (const product of rows) {
      const sheet = sheets.find((s) => s.data.product_id === product.id);
      expect(sheet, product.reference).toBeDefined();
      expect(sheet!.title).toBe(`${product.name} safety data sheet`);
      expect(sheet!.data.type).toEqual({ slug: 'safety-data-sheet', label: 'Safety data sheets' });
      expect(sheet!.data.section).toBe('technical');
      expect([...sheet!.audiences].sort()).toEqual(
        product.plans
          .map(Number)
          .map((plan) => (plan === PRO_PLAN ? 'pro' : 'part'))
          .sort(),
      );
      const file = fileOf(sheet!);
      expect(file.url).toBe(`/api/v1/media/docs/sds-${product.reference.toLowerCase()}.pdf`);
      const bytes = await download(file.url);
      expect(file.size_bytes).toBe(bytes.byteLength);
      const text = await pdfText(bytes);
      sdsSectionTitles.forEach((title, i) =>
        expect(text, product.reference).toContain(`SECTION ${i + 1}: ${title}`),
      );
      expect(text).toContain(`1.1 Product identifier ${product.name}, reference ${product.reference}`);
      expect(text).toContain('Plasterwick Ltd, Ribbleside Works, Preston');
      expect(text).toContain('0161 496 0000');
    }
  });

  it('classifies from the product chemistry: cement mortar is an eye hazard, gypsum filler is not classified', async () => {
    const sdsText = async (reference: string) =>
      pdfText(await download(`/api/v1/media/docs/sds-${reference.toLowerCase()}.pdf`));
    const mortar = productsData.find((p) => p.n === 1054)!;
    expect(chemistryOf(mortar)).toBe('cementitious');
    const mortarText = await sdsText('PW-1054');
    expect(mortarText).toContain('Eye Dam. 1, H318');
    expect(mortarText).toContain('Signal word: Danger.');
    const filler = productsData.find((p) => p.n === 1001)!;
    expect(chemistryOf(filler)).toBe('gypsum');
    const fillerText = await sdsText('PW-1001');
    expect(fillerText).toContain('2.1 Classification (GB CLP) Not classified as hazardous.');
    expect(fillerText).toContain('Calcium sulfate');
    expect(fillerText).toContain('Store dry');
  });

  it('the product API lists the SDS beside the technical data sheet, for each plan of the product', async () => {
    for (const plan of [PRO_PLAN, PART_PLAN]) {
      const res = await t.app.inject({
        url: `/api/v1/product/plasterboard-finishing-solutions?${q({ saleplan_id: plan })}`,
      });
      expect(res.statusCode).toBe(200);
      const documents = z
        .object({
          data: z.object({
            items: z.array(
              z.object({
                documents: z.array(z.object({ type: z.string(), url: z.string(), title: z.string() })),
              }),
            ),
          }),
        })
        .parse(res.json()).data.items[0]!.documents;
      expect(documents).toContainEqual({
        type: 'safety-data-sheet',
        title: 'Plasterwick Plasterboard Finishing Solutions safety data sheet',
        url: '/api/v1/media/docs/sds-pw-1091.pdf',
      });
      expect(documents.map((d) => d.type)).toContain('technical-data-sheet');
    }
  });
});
