/**
 * The staff's product reads (issue 25, docs/api-contract.md "Staff: products"): the list with search and its
 * filters (category, audience, availability, missing picture, missing document), one product as the edit screen
 * writes it with its version, the definitions its fields are typed by; and the edit screen's writes through the
 * catalogue's own calls: a pack's price changed from the version read, a stale one refused (409), a `content`
 * person who may read but gets 403 on a write.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fakeClock } from '../src/lib/clock.ts';
import {
  productDefinitionsSchema,
  staffProductItem,
  staffProductSchema,
} from '../src/modules/catalogue/staff-product-schemas.ts';
import { createTestApp, PART_PLAN, q, type TestApp } from './helpers.ts';
import { consoleHeaders, inviteAndEnrol, keyHeaders, type StaffPerson } from './staff-helpers.ts';

const clock = fakeClock(new Date('2027-06-01T09:00:00Z'));
let t: TestApp;
let content: StaffPerson;

const listOf = z.object({ data: z.object({ items: z.array(staffProductItem), total: z.number().int() }) });

function call(method: 'GET' | 'PATCH', path: string, payload?: object, headers: object = keyHeaders) {
  return t.app.inject({
    method,
    url: `/api/v1${path}${path.includes('?') ? '&' : '?'}${q()}`,
    headers: headers as Record<string, string>,
    ...(payload ? { payload } : {}),
  });
}

async function list(params: Record<string, string | number> = {}) {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  const response = await call('GET', `/staff/products?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return listOf.parse(response.json()).data;
}

async function product(id: number, headers: object = keyHeaders) {
  const response = await call('GET', `/staff/products/${id}`, undefined, headers);
  expect(response.statusCode, response.body).toBe(200);
  return staffProductSchema.parse(response.json().data);
}

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  content = await inviteAndEnrol(t.app, clock, 'content');
});

afterAll(async () => {
  await t?.close();
});

describe('the staff product list', () => {
  it('pages, sorts and searches by name, reference, pack reference and GTIN', async () => {
    const all = await list({ perPage: 100 });
    expect(all.total).toBeGreaterThan(5);
    const byReference = (await list({ perPage: 100, sort: 'reference' })).items.map((p) => p.reference);
    expect(byReference).toEqual([...byReference].sort());
    const second = await list({ perPage: 2, page: 2, sort: 'id', order: 'DESC' });
    expect(second.items).toHaveLength(2);
    expect(second.items[0]!.id).toBeGreaterThan(second.items[1]!.id);

    const one = await product(all.items[0]!.id);
    // Each row's counts are the product's own (the subqueries name the outer product).
    for (const item of all.items.slice(0, 5)) {
      const read = await product(item.id);
      expect([item.pack_count, item.picture_count, item.document_count]).toEqual([
        read.packs.length,
        read.picture_count,
        read.document_count,
      ]);
    }
    expect(all.items.some((item) => item.pack_count > 1)).toBe(true);
    expect(all.items.some((item) => item.picture_count > 0)).toBe(true);
    for (const text of [one.reference.toLowerCase(), one.packs[0]!.reference, one.packs[0]!.gtin]) {
      const found = await list({ q: text });
      expect(found.items.map((p) => p.id)).toContain(one.id);
    }
    expect((await list({ q: '100%_none' })).total).toBe(0);
  });

  it('filters by category, audience, availability, missing picture and missing document', async () => {
    const all = (await list({ perPage: 100 })).items;
    const first = await product(all[0]!.id);
    const inCategory = await list({ category_id: first.category_ids[0]!, perPage: 100 });
    expect(inCategory.items.map((p) => p.id)).toContain(first.id);
    expect(inCategory.total).toBeLessThan(all.length);

    const trade = await list({ audience: 'pro', perPage: 100 });
    expect(trade.items.every((p) => p.audiences.includes('pro'))).toBe(true);
    expect(trade.total).toBe(all.filter((p) => p.audiences.includes('pro')).length);
    for (const availability of ['both', 'pro', 'part', 'none'] as const) {
      const page = await list({ availability, perPage: 100 });
      expect(page.items.every((p) => p.availability === availability)).toBe(true);
      expect(page.total).toBe(all.filter((p) => p.availability === availability).length);
    }
    const noPicture = await list({ missing_picture: 'true', perPage: 100 });
    expect(noPicture.items.every((p) => p.picture_count === 0)).toBe(true);
    expect(noPicture.total).toBe(all.filter((p) => p.picture_count === 0).length);
    const noDocument = await list({ missing_document: 'true', perPage: 100 });
    expect(noDocument.items.every((p) => p.document_count === 0)).toBe(true);
    expect(noDocument.total).toBe(all.filter((p) => p.document_count === 0).length);
  });

  it('refuses a bad query with 400, an unknown product with 404, no credential with 401', async () => {
    expect((await call('GET', '/staff/products?perPage=101')).statusCode).toBe(400);
    expect((await call('GET', '/staff/products?availability=sometimes')).statusCode).toBe(400);
    expect((await call('GET', '/staff/products/999999')).statusCode).toBe(404);
    expect((await call('GET', '/staff/products', undefined, {})).statusCode).toBe(401);
  });
});

describe('one product and its edit', () => {
  it('answers the definitions: characteristics with units, plans with their price basis, categories', async () => {
    const response = await call(
      'GET',
      '/staff/products/definitions',
      undefined,
      consoleHeaders(content.session),
    );
    expect(response.statusCode, response.body).toBe(200);
    const definitions = productDefinitionsSchema.parse(response.json().data);
    expect(definitions.plans.map((p) => [p.target, p.prices_include_vat])).toEqual(
      expect.arrayContaining([
        ['pro', false],
        ['part', true],
      ]),
    );
    expect(definitions.characteristics.some((c) => c.kind === 'number' && c.unit)).toBe(true);
    expect(definitions.categories.length).toBeGreaterThan(1);
  });

  it('changes a pack price from the version read; a stale write is a 409 and changes nothing', async () => {
    const id = (await list({ availability: 'both' })).items[0]!.id;
    const before = await product(id, keyHeaders);
    const pack = before.packs[0]!;
    const diy = pack.prices.find((p) => p.plan_id === PART_PLAN)!;
    const patch = {
      version: before.version,
      prices: [{ plan_id: PART_PLAN, inc_vat: diy.inc_vat! + 100 }],
    };
    const changed = await call('PATCH', `/product/${id}/variants/${pack.reference}`, patch, keyHeaders);
    expect(changed.statusCode, changed.body).toBe(200);
    const after = await product(id);
    expect(after.version).toBe(before.version + 1);
    expect(after.packs[0]!.prices.find((p) => p.plan_id === PART_PLAN)!.inc_vat).toBe(diy.inc_vat! + 100);
    // Everything else as it was.
    expect({ ...after, version: 0, updated_at: '', packs: after.packs.slice(1) }).toEqual({
      ...before,
      version: 0,
      updated_at: '',
      packs: before.packs.slice(1),
    });

    const stale = await call(
      'PATCH',
      `/product/${id}`,
      { version: before.version, name: 'Lost' },
      keyHeaders,
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().status).toBe('version_conflict');
    expect((await product(id)).name).toBe(before.name);
  });

  it('sets pictograms from the library, in order; an unknown one is a 400 beside the field', async () => {
    const definitions = productDefinitionsSchema.parse(
      (await call('GET', '/staff/products/definitions')).json().data,
    );
    expect(definitions.pictograms.length).toBeGreaterThan(1);
    const [first, second] = definitions.pictograms;
    const id = (await list({ availability: 'both' })).items[1]!.id;
    const before = await product(id);
    const patch = { version: before.version, pictogram_keys: [second!.key, first!.key, second!.key] };
    const changed = await call('PATCH', `/product/${id}`, patch);
    expect(changed.statusCode, changed.body).toBe(200);
    const after = await product(id);
    expect(after).toMatchObject({
      version: before.version + 1,
      pictogram_keys: [second!.key, first!.key],
      pictograms: [second!.title, first!.title],
      name: before.name,
      packs: before.packs,
    });

    const unknown = await call('PATCH', `/product/${id}`, {
      version: after.version,
      pictogram_keys: ['p/not-a-pictogram.png'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'body.pictogram_keys', message: 'Unknown pictogram' }),
      ]),
    );
    const cleared = await call('PATCH', `/product/${id}`, { version: after.version, pictogram_keys: [] });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((await product(id)).pictograms).toEqual([]);
  });

  it('lets a content person read but not write (403)', async () => {
    const id = (await list()).items[0]!.id;
    const seen = await product(id, consoleHeaders(content.session));
    const refused = await call(
      'PATCH',
      `/product/${id}/variants/${seen.packs[0]!.reference}`,
      { version: seen.version, prices: [{ plan_id: PART_PLAN, inc_vat: 1 }] },
      consoleHeaders(content.session),
    );
    expect(refused.statusCode).toBe(403);
    expect((await product(id)).version).toBe(seen.version);
  });
});
