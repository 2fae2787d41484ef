/**
 * Two back-offices on one database (issue 27, "Changes reach every instance"): what staff change through one is
 * what the other charges and shows.
 *
 * - Completion reads its packs' prices and availability from the database under the cart's lock, so it holds even
 *   on a back-office whose cache heard of nothing (`followChanges: false`): on PGlite and on PostgreSQL.
 * - On PostgreSQL, a back-office following the changes (LISTEN/NOTIFY, and the version check when a notification
 *   is lost) answers with the new data within 2 s.
 */
import type { FastifyInstance } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERSION_CHECK_MS, type Notifications } from '../src/lib/content-changes.ts';
import { conflictBody, completeResponse } from '../src/modules/checkout/schemas.ts';
import { cartClient, productOf } from './cart-helpers.ts';
import { address, complete, completion, PHONE } from './checkout-helpers.ts';
import { productResponse } from '../src/modules/catalogue/schemas.ts';
import { anotherApp, createTestApp, PART_PLAN, q, type TestApp } from './helpers.ts';
import { staffCall } from './support/staff-writes.ts';

const onServer = Boolean(process.env.DATABASE_URL);
/** The bound for a back-office's answers to follow a change made through another. */
const FOLLOW_WITHIN_MS = 2000;

let t: TestApp;
const others: FastifyInstance[] = [];

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  for (const app of others) await app.close();
  await t?.close();
});

async function another(options: { notifications?: Notifications | null } = {}) {
  const app = await anotherApp(t, options);
  others.push(app);
  return app;
}

/** A DIY basket on `app` with two packs of the product `slug`, delivered, ready to pay; the total it shows. */
async function readyBasket(app: FastifyInstance, slug: string) {
  const product = await productOf(app, slug, PART_PLAN);
  const pack = product.variants[0]!;
  const cart = cartClient(app, 'part');
  await cart.add(
    [{ element_id: product.id, element_type: 'product', variant_reference: pack.reference, quantity: 2 }],
    201,
  );
  const view = await cart.ok('PUT', '/checkout/delivery', {
    method: 'delivery',
    address,
    carrier_code: 'standard',
    phone: PHONE,
  });
  return { cart, product, pack, total: view.grand_total.ttc };
}

/** The product's version as back-office A answers it (a staff write names the version it read). */
async function productVersion(id: number): Promise<number> {
  const read = await t.app.inject({ url: `/api/v1/product/${id}?${q({ saleplan_id: PART_PLAN })}` });
  return productResponse.parse(read.json()).data.items[0]!.version;
}

/** Through back-office A: the DIY shelf price of `reference` becomes `incVat` pence. */
async function setShelfPrice(productId: number, reference: string, incVat: number) {
  const response = await staffCall(t.app, 'PATCH', `/product/${productId}/variants/${reference}`, {
    version: await productVersion(productId),
    prices: [{ plan_id: PART_PLAN, inc_vat: incVat }],
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** Polls `read` until it gives `expected`; the milliseconds it took (fails past `withinMs`). */
async function followedWithin<T>(read: () => Promise<T>, expected: T, withinMs: number): Promise<number> {
  const started = performance.now();
  for (;;) {
    if ((await read()) === expected) return performance.now() - started;
    if (performance.now() - started > withinMs) {
      expect(await read(), `still not followed after ${withinMs} ms`).toBe(expected);
    }
    await sleep(50);
  }
}

describe('completion on a back-office whose cache heard of no change', () => {
  it('charges the price set through the other: 409 price_changed with the new total, then the order at it', async () => {
    const b = await another({ notifications: null });
    const { cart, product, pack, total } = await readyBasket(b, 'plasterwick-multi-fill-powder');
    await setShelfPrice(product.id, pack.reference, pack.price.inc_vat + 500);
    // B's own basket view still shows its cached price: only the completion reads again.
    expect((await cart.view()).grand_total.ttc).toBe(total);

    const refused = await complete(cart, completion(total));
    expect(refused.statusCode, refused.body).toBe(409);
    const fresh = conflictBody.parse(refused.json());
    expect(fresh.status).toBe('price_changed');
    expect(fresh.cart!.grand_total.ttc).toBe(total + 2 * 500);

    const paid = await complete(cart, completion(total + 2 * 500));
    // Accepted only because the total it names is the one the database's price makes.
    expect(paid.statusCode, paid.body).toBe(201);
    expect(completeResponse.parse(paid.json()).order.status).toBe('paid');
  });

  it('refuses a product deleted through the other, and takes no order', async () => {
    const b = await another({ notifications: null });
    const { cart, product, total } = await readyBasket(b, 'plasterwick-handy-tube-filler');
    const deleted = await staffCall(t.app, 'DELETE', '/product', { id: product.id });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);

    const refused = await complete(cart, completion(total));
    expect(refused.statusCode, refused.body).toBe(409);
    const fresh = conflictBody.parse(refused.json());
    expect(fresh.cart!.list).toEqual([]);
    expect(fresh.cart!.notice).toContain('No longer available, so removed from your basket');
  });
});

describe.skipIf(!onServer)('a back-office following the changes (PostgreSQL: LISTEN/NOTIFY)', () => {
  const nameOn = async (app: FastifyInstance, id: number) =>
    (await productOf(app, String(id), PART_PLAN)).name;

  it(`answers with a product renamed through the other within ${FOLLOW_WITHIN_MS} ms, and prices its baskets anew`, async () => {
    const b = await another();
    const { cart, product, pack, total } = await readyBasket(b, 'plasterwick-fine-surface-filler');
    const renamed = `${product.name} (renamed)`;
    // B answers from its cache from now on: the rename must reach it.
    expect(await nameOn(b, product.id)).toBe(product.name);
    const response = await staffCall(t.app, 'PATCH', `/product/${product.id}`, {
      version: await productVersion(product.id),
      name: renamed,
    });
    expect(response.statusCode, response.body).toBe(200);
    await followedWithin(() => nameOn(b, product.id), renamed, FOLLOW_WITHIN_MS);

    await setShelfPrice(product.id, pack.reference, pack.price.inc_vat + 100);
    await followedWithin(async () => (await cart.view()).grand_total.ttc, total + 2 * 100, FOLLOW_WITHIN_MS);
  });

  it('finds a change whose notification was lost by reading the version again', async () => {
    const deaf: Notifications = {
      listen: (channel, _onMessage, onListen) =>
        t.database.notifications!.listen(channel, () => {}, onListen),
      notify: (channel, payload) => t.database.notifications!.notify(channel, payload),
    };
    const c = await another({ notifications: deaf });
    const product = await productOf(c, 'plasterwick-easy-mix-interior-filler', PART_PLAN);
    const renamed = `${product.name} (renamed quietly)`;
    expect(await nameOn(c, product.id)).toBe(product.name);
    const response = await staffCall(t.app, 'PATCH', `/product/${product.id}`, {
      version: await productVersion(product.id),
      name: renamed,
    });
    expect(response.statusCode, response.body).toBe(200);
    await followedWithin(() => nameOn(c, product.id), renamed, VERSION_CHECK_MS + 1000);
  });
});
