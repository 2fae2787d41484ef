/** Catalogue calls: categories, product listing, detail, plan error, barcode scan, facets and writes. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  categoryListResponse,
  filtersResponse,
  productListResponse,
  productResponse,
  scanResponse,
} from '../src/modules/catalogue/schemas.ts';
import { API_KEY, createTestApp, PART_PLAN, PRO_PLAN, q, type TestApp } from './helpers.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function get<T extends z.ZodType>(url: string, schema: T, status = 200): Promise<z.infer<T>> {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1${url}` });
  expect(response.statusCode, response.body).toBe(status);
  return schema.parse(response.json());
}

const errorSchema = z.object({
  status: z.string(),
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  exist_in: z.array(z.number()).optional(),
});

const listOf = (params: Record<string, string | number | undefined>) =>
  get(`/product?${q({ saleplan_id: PRO_PLAN, ...params })}`, productListResponse).then((r) => r.data);

describe('GET /category', () => {
  it('returns the top level with children at depth 0 and every category flat at depth 1', async () => {
    const tree = (await get(`/category?${q({ saleplan_id: PRO_PLAN, depth: 0 })}`, categoryListResponse)).data
      .items;
    expect(tree.map((c) => c.slug)).toEqual([
      'fillers',
      'wood-fillers',
      'plasters-and-skims',
      'jointing',
      'caulks-and-sealants',
      'primers-and-preparation',
      'tools',
    ]);
    const fillers = tree[0]!;
    expect(fillers.children?.map((c) => c.slug)).toContain('deep-gap-fillers');
    expect(fillers.cover?.url).toMatch(/^\/api\/v1\/media\/c\/fillers-cover\.png$/);
    // A parent counts the products of its children.
    const childTotal = fillers.children!.reduce((n, c) => n + c.product_count, 0);
    expect(fillers.product_count).toBe(childTotal);

    const flat = (await get(`/category?${q({ saleplan_id: PRO_PLAN, depth: 1 })}`, categoryListResponse)).data
      .items;
    expect(flat.length).toBe(tree.length + tree.reduce((n, c) => n + (c.children?.length ?? 0), 0));
    expect(flat.every((c) => c.children === undefined && c.exist_in.includes(PRO_PLAN))).toBe(true);
  });

  it('counts products per plan', async () => {
    const pro = (await get(`/category/fillers?${q({ saleplan_id: PRO_PLAN })}`, categoryListResponse)).data
      .items[0]!;
    const part = (await get(`/category/fillers?${q({ saleplan_id: PART_PLAN })}`, categoryListResponse)).data
      .items[0]!;
    const proList = await listOf({ categories: pro.id, perPage: 100 });
    expect(pro.product_count).toBe(proList.total);
    expect(part.product_count).not.toBe(pro.product_count);
  });

  it('answers one category by id with its children, 404 for an unknown one', async () => {
    const [fillers] = (await get(`/category/fillers?${q({ saleplan_id: PRO_PLAN })}`, categoryListResponse))
      .data.items;
    const byId = (await get(`/category/${fillers!.id}?${q({ saleplan_id: PRO_PLAN })}`, categoryListResponse))
      .data.items[0]!;
    expect(byId.slug).toBe('fillers');
    expect(byId.children!.length).toBeGreaterThan(0);
    const missing = await get(`/category/999999?${q({ saleplan_id: PRO_PLAN })}`, errorSchema, 404);
    expect(missing.status).toBe('not_found');
  });

  it('rejects a bad depth and an unknown plan', async () => {
    await get(`/category?${q({ saleplan_id: PRO_PLAN, depth: 3 })}`, errorSchema, 400);
    await get(`/category?${q({ saleplan_id: 99 })}`, errorSchema, 404);
  });
});

describe('GET /product', () => {
  it('paginates with perPage 1–100 (default 12) and page ≥ 1', async () => {
    const first = await listOf({});
    expect(first.perPage).toBe(12);
    expect(first.items).toHaveLength(12);
    expect(first.total).toBeGreaterThanOrEqual(40);
    const all = await listOf({ perPage: 100 });
    expect(all.items).toHaveLength(all.total);
    const second = await listOf({ page: 2 });
    expect(second.items[0]!.id).toBe(all.items[12]!.id);
    const beyond = await listOf({ page: 50 });
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe(first.total);
    for (const bad of [{ perPage: 0 }, { perPage: 101 }, { page: 0 }, { page: -1 }, { perPage: 'ten' }]) {
      const error = await get(`/product?${q({ saleplan_id: PRO_PLAN, ...bad })}`, errorSchema, 400);
      expect(error.status).toBe('invalid_request');
      expect(error.errors?.[0]?.field).toMatch(/^querystring\./);
    }
  });

  it('needs a plan', async () => {
    const error = await get(`/product?${q({})}`, errorSchema, 400);
    expect(error.errors?.[0]?.field).toBe('saleplan_id');
  });

  it('gives prices ex and inc VAT in pence, trade below DIY', async () => {
    const [pro] = (await listOf({ text: 'Multi-Fill Powder', perPage: 1 })).items;
    expect(pro!.price).toEqual({
      ex_vat: pro!.price!.ex_vat,
      inc_vat: Math.round(pro!.price!.ex_vat * 1.2),
      vat_rate: 20,
      currency: 'GBP',
    });
    const part = (await get(`/product/${pro!.slug}?${q({ saleplan_id: PART_PLAN })}`, productResponse)).data
      .items[0]!;
    expect(part.price!.ex_vat).toBeGreaterThan(pro!.price!.ex_vat);
    expect(pro!.price!.ex_vat).toBe(Math.min(...pro!.variants.map((v) => v.price.ex_vat)));
  });

  it('filters promoted products, categories with descendants, price bounds and characteristics', async () => {
    const promoted = await listOf({ promoted: 1, perPage: 100 });
    expect(promoted.total).toBeGreaterThanOrEqual(8);
    expect(promoted.items.every((p) => p.promoted)).toBe(true);

    const [fillers] = (await get(`/category/fillers?${q({ saleplan_id: PRO_PLAN })}`, categoryListResponse))
      .data.items;
    const inFillers = await listOf({ categories: fillers!.id, perPage: 100 });
    const childIds = fillers!.children!.map((c) => c.id);
    expect(inFillers.total).toBeGreaterThan(0);
    expect(inFillers.items.every((p) => p.categories.some((c) => childIds.includes(c.id)))).toBe(true);

    const cheap = await listOf({ price: JSON.stringify({ min: 500, max: 1500 }), perPage: 100 });
    expect(cheap.total).toBeGreaterThan(0);
    expect(cheap.items.every((p) => p.price!.ex_vat >= 500 && p.price!.ex_vat <= 1500)).toBe(true);

    const wood = await listOf({ caracteristics: JSON.stringify({ surface: ['wood'] }), perPage: 100 });
    expect(wood.items.every((p) => p.caracteristics.surface!.values.includes('wood'))).toBe(true);
    const woodOrTiles = await listOf({
      caracteristics: JSON.stringify({ surface: ['wood', 'render_concrete'] }),
      perPage: 100,
    });
    expect(woodOrTiles.total).toBeGreaterThan(wood.total);
    const woodOutside = await listOf({
      caracteristics: JSON.stringify({ surface: 'wood', use: 'exterior' }),
      perPage: 100,
    });
    expect(woodOutside.total).toBeGreaterThan(0);
    expect(woodOutside.total).toBeLessThan(wood.total);
    expect(woodOutside.items.every((p) => p.caracteristics.use!.values[0] === 'exterior')).toBe(true);

    await get(`/product?${q({ saleplan_id: PRO_PLAN, caracteristics: '{"surface":' })}`, errorSchema, 400);
    await get(`/product?${q({ saleplan_id: PRO_PLAN, caracteristics: '{"nope":["x"]}' })}`, errorSchema, 400);
    await get(`/product?${q({ saleplan_id: PRO_PLAN, price: '{"min":-1}' })}`, errorSchema, 400);
    await get(`/product?${q({ saleplan_id: PRO_PLAN, categories: '1,x' })}`, errorSchema, 400);
  });

  it('orders by name, price and newest', async () => {
    const names = (await listOf({ orderBy: 'name_asc', perPage: 100 })).items.map((p) => p.name);
    expect(names).toEqual(
      names.toSorted((a, b) => a.localeCompare(b, 'en-GB', { sensitivity: 'base', numeric: true })),
    );
    const desc = (await listOf({ orderBy: 'name_desc', perPage: 100 })).items.map((p) => p.name);
    expect(desc).toEqual(names.toReversed());
    const prices = (await listOf({ orderBy: 'price_asc', perPage: 100 })).items.map((p) => p.price!.ex_vat);
    expect(prices).toEqual(prices.toSorted((a, b) => a - b));
    const pricesDesc = (await listOf({ orderBy: 'price_desc', perPage: 100 })).items.map(
      (p) => p.price!.ex_vat,
    );
    expect(pricesDesc).toEqual(pricesDesc.toSorted((a, b) => b - a));
    const newest = (await listOf({ orderBy: 'newest', perPage: 3 })).items.map((p) => p.reference);
    expect(newest[0]).toBe('PW-1132');
    await get(`/product?${q({ saleplan_id: PRO_PLAN, orderBy: 'cheapest' })}`, errorSchema, 400);
  });

  it('searches text with the same matching as suggest, typos included', async () => {
    const plaster = await listOf({ text: 'plastr', perPage: 100 });
    expect(plaster.total).toBeGreaterThan(0);
    expect(plaster.items.some((p) => p.name.includes('Plaster'))).toBe(true);
    const none = await listOf({ text: 'zzqxjw' });
    expect(none.total).toBe(0);
  });
});

describe('GET /product/:id', () => {
  it('answers by slug and by id with description, instructions, documents and related products', async () => {
    const bySlug = (
      await get(`/product/plasterboard-finishing-solutions?${q({ saleplan_id: PRO_PLAN })}`, productResponse)
    ).data.items[0]!;
    expect(bySlug.reference).toBe('PW-1091');
    expect(bySlug.description.split('\n\n').length).toBeGreaterThanOrEqual(2);
    expect(bySlug.instructions.length).toBeGreaterThanOrEqual(4);
    const sheet = bySlug.documents.find((d) => d.type === 'technical-data-sheet');
    expect(sheet).toMatchObject({ url: '/api/v1/media/docs/tds-pw-1091.pdf' });
    expect(sheet!.size_bytes).toBeGreaterThan(1000);
    expect(bySlug.related.length).toBeGreaterThanOrEqual(2);
    expect(bySlug.related.every((r) => r.exist_in.includes(PRO_PLAN))).toBe(true);
    expect(bySlug.medias.visuel[0]!.webp).toMatch(/\.webp$/);
    expect(bySlug.medias.PICTO.length).toBeGreaterThan(0);
    expect(bySlug.caracteristics.consumption).toMatchObject({ unit: 'kg/m²/mm', number: 0.9 });
    expect(bySlug.caracteristics.surface).toMatchObject({
      label: 'Surface',
      value: 'Plasterboard',
      values: ['plasterboard'],
    });
    expect(bySlug.variants.every((v) => /^\d{14}$/.test(v.gtin))).toBe(true);
    // Each pack has its own packshot, named after the pack; the first pack's is the product's main picture.
    expect(bySlug.variants.length).toBeGreaterThan(1);
    // The product's picture is its first pack's, drawn the same way (its own file).
    expect(bySlug.variants[0]!.media?.alt).toBe(bySlug.cover?.alt);
    for (const variant of bySlug.variants) expect(variant.media?.alt).toContain(variant.label);
    expect(new Set(bySlug.variants.map((v) => v.media?.url)).size).toBe(bySlug.variants.length);

    const byId = (await get(`/product/${bySlug.id}?${q({ saleplan_id: PRO_PLAN })}`, productResponse)).data
      .items[0]!;
    expect(byId).toEqual(bySlug);
  });

  it('answers the plan error with exist_in for a product of the other plan, 404 for an unknown one', async () => {
    const error = await get(
      `/product/plasterwick-tradefill-powder?${q({ saleplan_id: PART_PLAN })}`,
      errorSchema,
      400,
    );
    expect(error).toMatchObject({ status: 'not_available_in_this_saleplan', exist_in: [PRO_PLAN] });
    const diyOnly = await get(
      `/product/plasterwick-handy-tube-filler?${q({ saleplan_id: PRO_PLAN })}`,
      errorSchema,
      400,
    );
    expect(diyOnly.exist_in).toEqual([PART_PLAN]);
    await get(`/product/no-such-product?${q({ saleplan_id: PRO_PLAN })}`, errorSchema, 404);
    await get(`/product/99999999?${q({ saleplan_id: PRO_PLAN })}`, errorSchema, 404);
    await get(`/product/Not%20A%20Slug?${q({ saleplan_id: PRO_PLAN })}`, errorSchema, 400);
  });
});

describe('GET /product/scan/:code', () => {
  it('finds a 13-digit GTIN through left padding and returns the product and the variant', async () => {
    const product = (
      await get(`/product/plasterwick-multi-fill-powder?${q({ saleplan_id: PRO_PLAN })}`, productResponse)
    ).data.items[0]!;
    const variant = product.variants[1]!;
    expect(variant.gtin.startsWith('0')).toBe(true);
    const gtin13 = variant.gtin.slice(1);
    const found = (await get(`/product/scan/${gtin13}?${q({ saleplan_id: PRO_PLAN })}`, scanResponse)).data;
    expect(found.error).toBeNull();
    expect(found.product!.id).toBe(product.id);
    expect(found.item!.reference).toBe(variant.reference);
    const full = (await get(`/product/scan/${variant.gtin}?${q({ saleplan_id: PRO_PLAN })}`, scanResponse))
      .data;
    expect(full.item!.id).toBe(variant.id);
  });

  it('finds an outer-case GTIN-14', async () => {
    const product = (
      await get(`/product/plasterwick-decorators-caulk?${q({ saleplan_id: PRO_PLAN })}`, productResponse)
    ).data.items[0]!;
    const outer = product.variants.find((v) => v.gtin.startsWith('1'))!;
    const found = (await get(`/product/scan/${outer.gtin}?${q({ saleplan_id: PRO_PLAN })}`, scanResponse))
      .data;
    expect(found.item!.label).toMatch(/^Box of/);
  });

  it('answers no_results with 200 for a short or unknown code, 400 for non-digits or more than 14 digits', async () => {
    const short = (await get(`/product/scan/123?${q({ saleplan_id: PRO_PLAN })}`, scanResponse)).data;
    expect(short).toEqual({ product: null, item: null, error: 'no_results' });
    for (const bad of ['12a4', '123456789012345', '%20']) {
      await get(`/product/scan/${bad}?${q({ saleplan_id: PRO_PLAN })}`, errorSchema, 400);
    }
  });

  it('answers the plan error for a GTIN of the other plan', async () => {
    const product = (
      await get(`/product/plasterwick-tradefill-powder?${q({ saleplan_id: PRO_PLAN })}`, productResponse)
    ).data.items[0]!;
    const error = await get(
      `/product/scan/${product.variants[0]!.gtin}?${q({ saleplan_id: PART_PLAN })}`,
      errorSchema,
      400,
    );
    expect(error.exist_in).toEqual([PRO_PLAN]);
  });
});

describe('GET /filters-products', () => {
  type Facets = Record<string, { data: { value: string; count: number }[] }>;
  const facets = async (params: Record<string, string | number>) => {
    const body = await get(`/filters-products?${q({ saleplan_id: PRO_PLAN, ...params })}`, filtersResponse);
    return body.data as Facets;
  };
  const count = (f: Facets, name: string, value: string) =>
    f[name]!.data.find((d) => d.value === value)?.count ?? 0;

  it('lists categories, enum characteristics and a price range in display order', async () => {
    const all = await facets({});
    expect(Object.keys(all)).toEqual([
      'categories',
      'surface',
      'job',
      'finish',
      'format',
      'use',
      'colour',
      'price',
    ]);
    const total = (await listOf({})).total;
    // Each product has exactly one format: the format counts add up to the listing's total.
    expect(all.format!.data.reduce((n, d) => n + d.count, 0)).toBe(total);
    expect(all.price!.data.map((d) => d.value)).toEqual(['min', 'max']);
    for (const option of all.surface!.data) {
      const listed = await listOf({ caracteristics: JSON.stringify({ surface: [option.value] }) });
      expect(listed.total, option.value).toBe(option.count);
    }
  });

  it("ignores a facet's own filter and respects the others", async () => {
    const base = await facets({});
    const filtered = await facets({
      caracteristics: JSON.stringify({ surface: ['wood'], use: ['interior'] }),
    });
    // surface counts ignore surface=wood but respect use=interior.
    const interior = await facets({ caracteristics: JSON.stringify({ use: ['interior'] }) });
    expect(filtered.surface).toEqual(interior.surface);
    expect(count(filtered, 'surface', 'masonry')).toBeLessThan(count(base, 'surface', 'masonry'));
    // use counts ignore use=interior but respect surface=wood.
    const wood = await facets({ caracteristics: JSON.stringify({ surface: ['wood'] }) });
    expect(filtered.use).toEqual(wood.use);
    const woodInterior = await listOf({
      caracteristics: JSON.stringify({ surface: ['wood'], use: ['interior'] }),
    });
    expect(count(filtered, 'use', 'interior')).toBe(woodInterior.total);
    // the price range ignores the price filter.
    const priced = await facets({ price: JSON.stringify({ min: 1000, max: 2000 }) });
    expect(priced.price).toEqual(base.price);
    expect(count(priced, 'format', 'tool')).toBeLessThan(count(base, 'format', 'tool') + 1);
  });

  it('narrows selector guide options by earlier answers only', async () => {
    type Guide = { technical_name: string; position: number; data: { value: string; count: number }[] }[];
    const guide = async (answers: object) =>
      (
        await get(
          `/filters-products?${q({ saleplan_id: PRO_PLAN, guide_de_choix: 1, caracteristics: JSON.stringify(answers) })}`,
          filtersResponse,
        )
      ).data as unknown as { items: Guide };
    const open = (await guide({})).items;
    expect(open.map((g) => g.technical_name)).toEqual(['surface', 'job', 'finish', 'use']);
    expect(open.map((g) => g.position)).toEqual([1, 2, 3, 4]);
    const tiles = (await guide({ surface: 'tiles' })).items;
    expect(tiles[0]).toEqual(open[0]);
    expect(tiles[1]!.data.map((d) => d.value)).toEqual(['sealing']);
    // A later answer does not narrow an earlier question.
    const byJob = (await guide({ job: 'jointing' })).items;
    expect(byJob[0]).toEqual(open[0]);
    expect(byJob[2]!.data.reduce((n, d) => n + d.count, 0)).toBeGreaterThan(0);
  });
});

describe('catalogue writes', () => {
  const headers = { 'x-api-key': API_KEY, 'content-type': 'application/json' };
  const product = {
    reference: 'PW-9001',
    name: 'Plasterwick Test Patch Filler',
    short_description: 'A filler made by the test suite.',
    description: 'First paragraph.\n\nSecond paragraph.',
    instructions: ['Prepare', 'Fill', 'Sand'],
    category_ids: [0],
    plans: [{ plan_id: PART_PLAN, promoted: true }],
    variants: [
      {
        reference: 'PW-9001-01',
        label: '1 kg tub',
        gtin: '5000000000012',
        quantity: 1,
        unit: 'kg',
        // The DIY plan sells at shelf prices inc VAT: £9.99 is stored as such.
        prices: [{ plan_id: PART_PLAN, inc_vat: 999 }],
      },
    ],
    caracteristics: { surface: ['wood'], format: ['ready_mixed'], max_thickness: 12 },
  };

  it('refuses writes without the API key', async () => {
    for (const [method, url] of [
      ['POST', '/api/v1/product'],
      ['PUT', '/api/v1/product'],
      ['DELETE', '/api/v1/product'],
      ['PATCH', '/api/v1/product/1'],
      ['POST', '/api/v1/product/1/variants/PW-1001-99'],
      ['PATCH', '/api/v1/product/1/variants/PW-1001-01'],
      ['DELETE', '/api/v1/product/1/variants/PW-1001-01'],
      ['POST', '/api/v1/category'],
    ] as const) {
      const response = await t.app.inject({ method, url: `${url}?${q()}`, payload: {} });
      expect(response.statusCode).toBe(401);
    }
  });

  it('creates a category and a product, shows them in the plan, updates and deletes them', async () => {
    const newCategory = await t.app.inject({
      method: 'POST',
      url: `/api/v1/category?${q()}`,
      headers,
      payload: { slug: 'test-fillers', name: 'Test fillers', parent_id: null },
    });
    expect(newCategory.statusCode, newCategory.body).toBe(201);
    const categoryId = newCategory.json().data.id as number;
    // An empty category is in no plan.
    await get(`/category/test-fillers?${q({ saleplan_id: PART_PLAN })}`, errorSchema, 404);

    const created = await t.app.inject({
      method: 'POST',
      url: `/api/v1/product?${q()}`,
      headers,
      payload: { ...product, category_ids: [categoryId] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;

    const shown = (await get(`/product/${id}?${q({ saleplan_id: PART_PLAN })}`, productResponse)).data
      .items[0]!;
    expect(shown).toMatchObject({
      slug: 'plasterwick-test-patch-filler',
      promoted: true,
      exist_in: [PART_PLAN],
    });
    expect(shown.variants[0]!.gtin).toBe('05000000000012');
    // £9.99 on the shelf; ex VAT derived with the one rounding rule: 999 − roundDiv(999 × 2000, 12000) = 832.
    expect(shown.price).toEqual({ ex_vat: 832, inc_vat: 999, vat_rate: 20, currency: 'GBP' });
    expect(shown.variants[0]!.price).toEqual(shown.price);
    await get(`/product/${id}?${q({ saleplan_id: PRO_PLAN })}`, errorSchema, 400);
    const category = (
      await get(`/category/test-fillers?${q({ saleplan_id: PART_PLAN })}`, categoryListResponse)
    ).data.items[0]!;
    expect(category).toMatchObject({ product_count: 1, exist_in: [PART_PLAN] });
    await get(`/category/test-fillers?${q({ saleplan_id: PRO_PLAN })}`, errorSchema, 400);

    const duplicate = await t.app.inject({
      method: 'POST',
      url: `/api/v1/product?${q()}`,
      headers,
      payload: { ...product, category_ids: [categoryId] },
    });
    expect(duplicate.statusCode, duplicate.body).toBe(409);
    const busy = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/category?${q({ id: categoryId })}`,
      headers: { 'x-api-key': API_KEY },
    });
    expect(busy.statusCode, busy.body).toBe(409);

    const updated = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/product/${id}?${q()}`,
      headers,
      payload: {
        version: shown.version,
        name: 'Plasterwick Renamed Test Filler',
        caracteristics: { surface: ['plaster'] },
      },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toEqual({ id, version: shown.version + 1 });
    const renamed = (await get(`/product/${id}?${q({ saleplan_id: PART_PLAN })}`, productResponse)).data
      .items[0]!;
    expect(renamed.name).toBe('Plasterwick Renamed Test Filler');
    expect(renamed.caracteristics.surface!.values).toEqual(['plaster']);
    // Characteristics merge by code: the ones the patch did not name are kept.
    expect(renamed.caracteristics.max_thickness!.number).toBe(12);

    // Its data sheet (a notice naming it) goes with it: it would otherwise list a product that is gone.
    const notice = await t.app.inject({
      method: 'POST',
      url: `/api/v1/notice?${q()}`,
      headers,
      payload: {
        title: 'Renamed test filler data sheet',
        type: 'technical-data-sheet',
        section: 'technical',
        file: { url: '/api/v1/media/test-filler.pdf', size_bytes: 1024 },
        product_id: id,
      },
    });
    expect(notice.statusCode, notice.body).toBe(201);
    const noticeId = notice.json().data.id as number;
    const documented = (await get(`/product/${id}?${q({ saleplan_id: PART_PLAN })}`, productResponse)).data
      .items[0]!;
    expect(documented.documents.map((d) => d.id)).toContain(noticeId);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/product?${q()}`,
      headers,
      payload: { id },
    });
    expect(deleted.statusCode).toBe(200);
    await get(`/product/${id}?${q({ saleplan_id: PART_PLAN })}`, errorSchema, 404);
    const noticeAfter = await t.app.inject({ url: `/api/v1/notice/${noticeId}?${q()}` });
    expect(noticeAfter.statusCode).toBe(404);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/category?${q({ id: categoryId })}`,
      headers: { 'x-api-key': API_KEY },
    });
    expect(removed.statusCode).toBe(200);
    await get(`/category/${categoryId}?${q()}`, errorSchema, 404);
  });

  const withPrice = (price: object) => ({
    ...product,
    category_ids: [1],
    variants: [{ ...product.variants[0]!, prices: [price] }],
  });

  it('takes each price in its plan basis: inc VAT for DIY, ex VAT for trade', async () => {
    for (const [price, field] of [
      [{ plan_id: PART_PLAN, ex_vat: 833 }, 'body.variants.0.prices.0.inc_vat'],
      [{ plan_id: PRO_PLAN, inc_vat: 999 }, 'body.variants.0.prices.0.ex_vat'],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/v1/product?${q()}`,
        headers,
        payload: { ...withPrice(price), plans: [{ plan_id: price.plan_id }] },
      });
      expect(response.statusCode, JSON.stringify(price)).toBe(400);
      expect(errorSchema.parse(response.json()).errors).toEqual([{ field, message: expect.any(String) }]);
    }
  });

  it('validates product bodies with clear 400s', async () => {
    const cases: [string, object][] = [
      [
        'bad GTIN check digit',
        { ...product, category_ids: [1], variants: [{ ...product.variants[0]!, gtin: '5000000000016' }] },
      ],
      ['unknown category', { ...product, category_ids: [999999] }],
      ['unknown characteristic', { ...product, category_ids: [1], caracteristics: { smell: ['nice'] } }],
      ['unknown option', { ...product, category_ids: [1], caracteristics: { surface: ['glass'] } }],
      ['variant not priced in a plan', { ...product, category_ids: [1], plans: [{ plan_id: PRO_PLAN }] }],
      ['a DIY price ex VAT', withPrice({ plan_id: PART_PLAN, ex_vat: 833 })],
      ['a price in both bases', withPrice({ plan_id: PART_PLAN, ex_vat: 833, inc_vat: 999 })],
      ['no price amount', withPrice({ plan_id: PART_PLAN })],
      ['missing name', { ...product, category_ids: [1], name: undefined }],
    ];
    for (const [label, payload] of cases) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/v1/product?${q()}`,
        headers,
        payload,
      });
      expect(response.statusCode, label).toBe(400);
      expect(errorSchema.parse(response.json()).status, label).toBe('invalid_request');
    }
  });
});
