/**
 * Writes that never lose data (issue 20, products): a patch changes only what it names, a full replace names
 * every field, packs change one at a time, and a write made from a version another write already moved on is
 * refused with 409 `version_conflict`, changing nothing. Each change is checked through the storefront's own
 * read, the public product call.
 */
import { versionConflictBody, versionedWriteResponse } from '../src/lib/http.ts';
import { expectStale, staffCall, type StaffMethod } from './support/staff-writes.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { bumpProductVersion } from '../src/modules/catalogue/product-version.ts';
import { productListResponse, productResponse } from '../src/modules/catalogue/schemas.ts';
import { createTestApp, PART_PLAN, PRO_PLAN, q, SITE_ID, type TestApp } from './helpers.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

type Product = z.infer<typeof productResponse>['data']['items'][number];

/** The product as the storefront reads it. */
async function read(id: number, plan = PRO_PLAN): Promise<Product> {
  const response = await t.app.inject({ url: `/api/v1/product/${id}?${q({ saleplan_id: plan })}` });
  expect(response.statusCode, response.body).toBe(200);
  return productResponse.parse(response.json()).data.items[0]!;
}

const staffWrite = (method: StaffMethod, path: string, payload?: object) =>
  staffCall(t.app, method, path, payload);

async function expectWritten(response: Awaited<ReturnType<typeof staffWrite>>, id: number, version: number) {
  expect(response.statusCode, response.body).toBeLessThan(300);
  expect(versionedWriteResponse.parse(response.json()).data).toEqual({ id, version });
}

const taken = new Set<number>();

/**
 * A seeded product sold in both plans with everything a careless write could empty (description, instructions,
 * characteristics, related products, two packs or more), not yet used by another test of this file.
 */
async function richProduct(): Promise<Product> {
  const listing = await t.app.inject({
    url: `/api/v1/product?${q({ saleplan_id: PRO_PLAN, perPage: 100 })}`,
  });
  for (const summary of productListResponse.parse(listing.json()).data.items) {
    if (taken.has(summary.id) || !summary.exist_in.includes(PART_PLAN)) continue;
    const product = await read(summary.id);
    const rich =
      product.description !== '' &&
      product.instructions.length > 0 &&
      Object.keys(product.caracteristics).length > 1 &&
      product.related.length > 0 &&
      product.variants.length > 1;
    if (rich) {
      taken.add(product.id);
      return product;
    }
  }
  throw new Error('No seeded product has every field filled');
}

/** The product answer with the fields a write changes put back: what must equal the answer before it. */
const withVersion = (product: Product, version: number) => ({ ...product, version });

describe('PATCH /product/{id}', () => {
  it('changes only the short description: description, instructions, characteristics, related and packs stay', async () => {
    const before = await richProduct();
    const beforeDiy = await read(before.id, PART_PLAN);
    const response = await staffWrite('PATCH', `/product/${before.id}`, {
      version: before.version,
      short_description: 'New text',
    });
    await expectWritten(response, before.id, before.version + 1);

    const after = await read(before.id);
    expect(after.short_description).toBe('New text');
    expect(after.version).toBe(before.version + 1);
    expect({ ...after, short_description: before.short_description, version: before.version }).toEqual(
      before,
    );
    const afterDiy = await read(before.id, PART_PLAN);
    expect(afterDiy.short_description).toBe('New text');
    expect({
      ...afterDiy,
      short_description: beforeDiy.short_description,
      version: beforeDiy.version,
    }).toEqual(beforeDiy);
  });

  it('merges characteristics by code, a null removing one', async () => {
    const before = await richProduct();
    const [kept, removed] = Object.keys(before.caracteristics);
    const response = await staffWrite('PATCH', `/product/${before.id}`, {
      version: before.version,
      caracteristics: { [removed!]: null },
    });
    await expectWritten(response, before.id, before.version + 1);
    const after = await read(before.id);
    expect(Object.keys(after.caracteristics)).not.toContain(removed);
    expect(after.caracteristics[kept!]).toEqual(before.caracteristics[kept!]);
    expect(after.description).toBe(before.description);
  });

  it('requires the version, and refuses fields it does not change (packs have their own calls)', async () => {
    const before = await richProduct();
    const noVersion = await staffWrite('PATCH', `/product/${before.id}`, { short_description: 'Lost?' });
    expect(noVersion.statusCode).toBe(400);
    expect(versionConflictBody.parse(noVersion.json()).errors?.map((e) => e.field)).toContain('body.version');
    const withPacks = await staffWrite('PATCH', `/product/${before.id}`, {
      version: before.version,
      variants: [],
    });
    expect(withPacks.statusCode).toBe(400);
    expect(await read(before.id)).toEqual(before);
  });

  it('answers 404 for an unknown product', async () => {
    const response = await staffWrite('PATCH', '/product/99999999', { version: 1, name: 'Nobody' });
    expect(response.statusCode).toBe(404);
  });
});

describe('PUT /product', () => {
  it('refuses a body missing required fields with a 400 naming them, and changes nothing', async () => {
    const before = await richProduct();
    const response = await staffWrite('PUT', '/product', { id: before.id, short_description: 'New text' });
    expect(response.statusCode).toBe(400);
    const fields = versionConflictBody.parse(response.json()).errors?.map((e) => e.field) ?? [];
    for (const field of [
      'description',
      'instructions',
      'caracteristics',
      'related_ids',
      'variants',
      'plans',
    ]) {
      expect(fields).toContain(`body.${field}`);
    }
    expect(await read(before.id)).toEqual(before);
  });

  it('replaces the whole product from its version, and refuses a stale one', async () => {
    const before = await richProduct();
    const body = {
      id: before.id,
      version: before.version,
      reference: before.reference,
      slug: before.slug,
      name: `${before.name} (replaced)`,
      short_description: before.short_description,
      description: before.description,
      instructions: before.instructions,
      category_ids: before.categories.map((c) => c.id),
      plans: before.exist_in.map((planId) => ({ plan_id: planId, promoted: before.promoted })),
      variants: await staffPacks(before),
      caracteristics: Object.fromEntries(
        Object.entries(before.caracteristics).map(([code, c]) => [code, c.number ?? c.values]),
      ),
      related_ids: before.related.map((r) => r.id),
    };
    await expectWritten(await staffWrite('PUT', '/product', body), before.id, before.version + 1);
    const after = await read(before.id);
    expect(after.name).toBe(`${before.name} (replaced)`);
    expect(after.variants).toEqual(before.variants);

    const stale = await staffWrite('PUT', '/product', { ...body, name: 'Stale' });
    expectStale(stale, before.version + 1);
    expect(await read(before.id)).toEqual(after);
  });
});

/** The packs of a product as a write gives them: prices in each plan's own basis (DIY inc VAT, trade ex VAT). */
async function staffPacks(product: Product) {
  const diy = await read(product.id, PART_PLAN);
  return product.variants.map((pack) => ({
    reference: pack.reference,
    label: pack.label,
    gtin: pack.gtin,
    quantity: pack.quantity,
    unit: pack.unit,
    prices: [
      { plan_id: PRO_PLAN, ex_vat: pack.price.ex_vat },
      {
        plan_id: PART_PLAN,
        inc_vat: diy.variants.find((v) => v.reference === pack.reference)!.price.inc_vat,
      },
    ],
  }));
}

describe('packs one by one', () => {
  it("changes one pack's price in one plan; the other packs and plans stay as they were", async () => {
    const before = await richProduct();
    const beforeDiy = await read(before.id, PART_PLAN);
    const [changed, ...others] = before.variants;
    const newPrice = changed!.price.ex_vat + 111;
    const response = await staffWrite('PATCH', `/product/${before.id}/variants/${changed!.reference}`, {
      version: before.version,
      prices: [{ plan_id: PRO_PLAN, ex_vat: newPrice }],
    });
    await expectWritten(response, before.id, before.version + 1);

    const after = await read(before.id);
    expect(after.variants[0]!.price.ex_vat).toBe(newPrice);
    expect({ ...after.variants[0]!, price: changed!.price }).toEqual(changed);
    expect(after.variants.slice(1)).toEqual(others);
    expect(after.description).toBe(before.description);
    expect(await read(before.id, PART_PLAN)).toEqual(withVersion(beforeDiy, before.version + 1));
  });

  it('adds a pack priced in every plan of the product, and removes it again', async () => {
    const before = await richProduct();
    const pack = {
      reference: `${before.reference}-TEST`,
      label: 'Test pack',
      gtin: '5000000000012',
      quantity: 3,
      unit: 'kg',
    };
    const { reference: _reference, ...packFields } = pack;
    const unpriced = await staffWrite('POST', `/product/${before.id}/variants/${pack.reference}`, {
      ...packFields,
      version: before.version,
      prices: [{ plan_id: PRO_PLAN, ex_vat: 1000 }],
    });
    expect(unpriced.statusCode).toBe(400);
    expect(versionConflictBody.parse(unpriced.json()).errors?.[0]?.field).toBe('body.prices');

    const added = await staffWrite('POST', `/product/${before.id}/variants/${pack.reference}`, {
      ...packFields,
      version: before.version,
      prices: [
        { plan_id: PRO_PLAN, ex_vat: 1000 },
        { plan_id: PART_PLAN, inc_vat: 1299 },
      ],
    });
    await expectWritten(added, before.id, before.version + 1);
    const withPack = await read(before.id, PART_PLAN);
    expect(withPack.variants.at(-1)).toMatchObject({ reference: pack.reference, price: { inc_vat: 1299 } });

    const removed = await staffWrite('DELETE', `/product/${before.id}/variants/${pack.reference}`, {
      version: before.version + 1,
    });
    await expectWritten(removed, before.id, before.version + 2);
    expect(await read(before.id)).toEqual(withVersion(before, before.version + 2));
  });

  it('two products given a pack of one new reference at once: one is added, the other is a 409, never a 500', async () => {
    const [first, second] = [await richProduct(), await richProduct()];
    const reference = 'PW-RACE-01';
    const add = (product: Product, gtin: string) =>
      staffWrite('POST', `/product/${product.id}/variants/${reference}`, {
        version: product.version,
        label: 'Race pack',
        gtin,
        quantity: 1,
        unit: 'kg',
        prices: [
          { plan_id: PRO_PLAN, ex_vat: 500 },
          { plan_id: PART_PLAN, inc_vat: 650 },
        ],
      });
    const answers = await Promise.all([add(first, '5000000000029'), add(second, '5000000000036')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const holders = [await read(first.id), await read(second.id)].filter((product) =>
      product.variants.some((variant) => variant.reference === reference),
    );
    expect(holders).toHaveLength(1);
  });

  it('keeps the last pack and refuses a stale version', async () => {
    const before = await richProduct();
    const stale = await staffWrite(
      'DELETE',
      `/product/${before.id}/variants/${before.variants[0]!.reference}`,
      {
        version: before.version + 1,
      },
    );
    expect(stale.statusCode).toBe(409);
    expect(versionConflictBody.parse(stale.json()).current_version).toBe(before.version);

    let version = before.version;
    for (const pack of before.variants.slice(1)) {
      const removed = await staffWrite('DELETE', `/product/${before.id}/variants/${pack.reference}`, {
        version,
      });
      await expectWritten(removed, before.id, (version += 1));
    }
    const last = await staffWrite(
      'DELETE',
      `/product/${before.id}/variants/${before.variants[0]!.reference}`,
      {
        version,
      },
    );
    expect(last.statusCode).toBe(409);
    expect(versionConflictBody.parse(last.json()).status).toBe('conflict');
    expect((await read(before.id)).variants).toEqual([before.variants[0]]);
  });
});

describe('two writes made from the same version', () => {
  it('one after the other: the first succeeds, the second answers 409 with current_version and changes nothing', async () => {
    const before = await richProduct();
    const first = await staffWrite('PATCH', `/product/${before.id}`, {
      version: before.version,
      short_description: 'First',
    });
    await expectWritten(first, before.id, before.version + 1);
    const second = await staffWrite('PATCH', `/product/${before.id}`, {
      version: before.version,
      description: '<p>Second</p>',
    });
    expectStale(second, before.version + 1);
    const after = await read(before.id);
    expect(after).toMatchObject({ short_description: 'First', description: before.description });
    expect(after.version).toBe(before.version + 1);
  });

  it('at the same time (a real race on PostgreSQL): exactly one succeeds, and only its change is stored', async () => {
    const product = await richProduct();
    const [pack] = product.variants;
    // A few rounds, so the two transactions overlap at least once whatever the timing.
    for (const round of [1, 2, 3]) {
      const before = await read(product.id);
      const answers = await Promise.all([
        staffWrite('PATCH', `/product/${product.id}`, {
          version: before.version,
          short_description: `Racer A, round ${round}`,
        }),
        staffWrite('PATCH', `/product/${product.id}/variants/${pack!.reference}`, {
          version: before.version,
          label: `Racer B, round ${round}`,
        }),
      ]);
      expect(answers.map((a) => a.statusCode).toSorted()).toEqual([200, 409]);
      const winner = answers.findIndex((a) => a.statusCode === 200);
      expect(versionConflictBody.parse(answers[1 - winner]!.json())).toMatchObject({
        status: 'version_conflict',
        current_version: before.version + 1,
      });

      const after = await read(product.id);
      expect(after.version).toBe(before.version + 1);
      expect(after.short_description).toBe(
        winner === 0 ? `Racer A, round ${round}` : before.short_description,
      );
      expect(after.variants[0]!.label).toBe(
        winner === 1 ? `Racer B, round ${round}` : before.variants[0]!.label,
      );
    }
  });

  // PGlite runs one transaction at a time; on a server the second write really waits for the first.
  it.runIf(process.env.DATABASE_URL)(
    'on PostgreSQL, the second waits for the first to commit, then finds the version moved on',
    async () => {
      const product = await richProduct();
      const { db } = t.database;
      let bumped!: () => void;
      const firstBumped = new Promise<void>((resolve) => (bumped = resolve));
      let commit!: () => void;
      const firstMayCommit = new Promise<void>((resolve) => (commit = resolve));
      const first = db.transaction(async (tx) => {
        const version = await bumpProductVersion(tx, SITE_ID, product.id, product.version, new Date());
        bumped();
        await firstMayCommit;
        return version;
      });
      await firstBumped;
      const second = db.transaction((tx) =>
        bumpProductVersion(tx, SITE_ID, product.id, product.version, new Date()),
      );
      const stillWaiting = await Promise.race([
        second.then(
          () => false,
          () => false,
        ),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 300)),
      ]);
      expect(stillWaiting).toBe(true);
      commit();
      expect(await first).toBe(product.version + 1);
      await expect(second).rejects.toMatchObject({
        code: 'version_conflict',
        details: { current_version: product.version + 1 },
      });
    },
  );
});
