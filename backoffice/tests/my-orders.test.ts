/**
 * My orders (api-contract.md "Accounts"): the session's orders listed newest first and paged, one order for its
 * owner's session (another customer's, or no session without a guest token → 404), and "order again" (spec §4):
 * a new basket with a new token, the lines whose pack is still sold at a price above 0; the free line of
 * FREEKNIFE and a discontinued pack are skipped and reported; the previous open basket is detached. Another
 * customer's order is 404 on every call (IDOR).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carts, orderLines, orders, variants } from '../src/db/schema.ts';
import { HOUR_MS } from '@plasterwick/shop-rules/time';
import { fakeClock } from '../src/lib/clock.ts';
import { sessionCartResponse } from '../src/modules/cart/schemas.ts';
import { completeResponse } from '../src/modules/checkout/schemas.ts';
import { myOrdersResponse, orderResponse, reorderResponse } from '../src/modules/orders/schemas.ts';
import { createCustomer, type TestCustomer } from './account-helpers.ts';
import { productOf } from './cart-helpers.ts';
import { customerCart } from './customer-cart-helpers.ts';
import { createTestApp, PART_PLAN, q, type TestApp } from './helpers.ts';

const START = new Date('2027-03-01T09:00:00Z');
const clock = fakeClock(START);
let t: TestApp;
let alex: TestCustomer;
let sam: TestCustomer;
let bag: { id: number; reference: string };
let other: { id: number; reference: string; name: string };
let first: string;
let second: string;

/** A paid DIY order of `items`, with a code when given, delivered to Manchester. */
async function paidOrder(
  who: TestCustomer,
  items: { id: number; reference: string; quantity: number }[],
  code?: string,
) {
  const cart = customerCart(t.app, who, PART_PLAN);
  await cart.add(
    items.map((item) => ({
      element_id: item.id,
      variant_reference: item.reference,
      quantity: item.quantity,
    })),
  );
  if (code) await cart.ok('POST', '/cart/discount', { code });
  const view = await cart.deliver('standard');
  const response = await cart.call('POST', '/checkout/complete', {
    payment_method: 'card',
    card_token: 'tok_ok',
    accept_terms: true,
    expected_total: view.grand_total.ttc,
    email: who.customer.email,
  });
  expect(response.statusCode, response.body).toBe(201);
  return completeResponse.parse(response.json()).order.number;
}

function call(who: TestCustomer | null, method: 'GET' | 'POST', path: string, payload?: object) {
  return t.app.inject({
    method,
    url: `/api/v1${path}${path.includes('?') ? '&' : '?'}${q({ saleplan_id: PART_PLAN })}`,
    headers: who?.headers ?? {},
    ...(payload ? { payload } : {}),
  });
}

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  alex = await createCustomer(t.app, { audience: 'part' });
  sam = await createCustomer(t.app, { audience: 'part' });
  const multiFill = await productOf(t.app, 'plasterwick-multi-fill-powder', PART_PLAN);
  bag = { id: multiFill.id, reference: multiFill.variants[1]!.reference };
  const listing = await t.app.inject({
    url: `/api/v1/product?${q({ saleplan_id: PART_PLAN, perPage: 20 })}`,
  });
  const products = listing.json().data.items as {
    id: number;
    name: string;
    variants: { reference: string }[];
  }[];
  const pick = products.find(
    (p) => p.id !== multiFill.id && !p.variants.some((v) => v.reference === 'PW-1121-50'),
  )!;
  other = { id: pick.id, reference: pick.variants[0]!.reference, name: pick.name };
  // 3 bags (over 40 £: FREEKNIFE's free knife) and one other pack; then, an hour later, one bag.
  first = await paidOrder(
    alex,
    [
      { ...bag, quantity: 3 },
      { ...other, quantity: 1 },
    ],
    'FREEKNIFE',
  );
  clock.advance(HOUR_MS);
  second = await paidOrder(alex, [{ ...bag, quantity: 1 }]);
});
afterAll(() => t.close());

describe('my orders', () => {
  it('lists the session’s orders newest first, paged; 401 without a session', async () => {
    const response = await call(alex, 'GET', '/orders');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const page = myOrdersResponse.parse(response.json());
    expect(page).toMatchObject({ total: 2, page: 1, perPage: 10 });
    expect(page.items.map((o) => o.number)).toEqual([second, first]);
    expect(page.items[1]).toMatchObject({
      status: 'paid',
      payment_method: 'card',
      payment_due_at: null,
      po_number: null,
      currency: 'GBP',
      lines: 3,
      placed_at: START.toISOString(),
    });
    const paged = myOrdersResponse.parse((await call(alex, 'GET', '/orders?page=2&perPage=1')).json());
    expect(paged.items.map((o) => o.number)).toEqual([first]);
    expect(paged.total).toBe(2);

    expect(myOrdersResponse.parse((await call(sam, 'GET', '/orders')).json())).toEqual({
      items: [],
      total: 0,
      page: 1,
      perPage: 10,
    });
    const anonymous = await call(null, 'GET', '/orders');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ status: 'unauthorized', message: 'Please log in' });
    expect((await call(alex, 'GET', '/orders?perPage=500')).statusCode).toBe(400);
  });

  it('opens an order for its owner’s session; another customer’s session or none → 404', async () => {
    const own = await call(alex, 'GET', `/orders/${first}`);
    expect(own.statusCode, own.body).toBe(200);
    const { order } = orderResponse.parse(own.json());
    expect(order.number).toBe(first);
    expect(order.list.filter((line) => line.free)).toHaveLength(1);
    expect((await call(sam, 'GET', `/orders/${first}`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/orders/${first}`)).statusCode).toBe(404);
    expect((await call(alex, 'GET', '/orders/PW-999999')).statusCode).toBe(404);
  });
});

describe('order again', () => {
  it('makes a new basket of the lines still sold at a price; the free line and a discontinued pack are skipped', async () => {
    // Alex has an open basket already: it is detached, not merged. (Each basket a minute apart: a customer's
    // basket token is derived from its expiry, and the fake clock stands still.)
    clock.advance(60_000);
    const current = customerCart(t.app, alex, PART_PLAN);
    await current.add([{ element_id: other.id, variant_reference: other.reference, quantity: 2 }]);
    const previousToken = current.token!;
    const [previous] = await t.app.db
      .select()
      .from(carts)
      .where(and(eq(carts.customerId, alex.customer.id), isNull(carts.completedAt)));
    // The other pack is discontinued.
    await t.app.db.delete(variants).where(eq(variants.reference, other.reference));
    await t.app.contentChanged();
    clock.advance(HOUR_MS);

    const response = await call(alex, 'POST', `/orders/${first}/reorder`);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = reorderResponse.parse(response.json());
    expect(body.token).not.toBe(previousToken);
    expect(body.cart.list.map((line) => [line.variant_reference, line.quantity, line.free])).toEqual([
      [bag.reference, 3, false],
    ]);
    // In the order's line order: the gift line came last.
    expect(body.skipped).toEqual([
      {
        variant_reference: other.reference,
        name: expect.stringContaining(other.name),
        reason: 'unavailable',
      },
      { variant_reference: 'PW-1121-50', name: expect.stringContaining('Knife'), reason: 'free' },
    ]);

    // The new basket is the customer's; the previous one is detached and its old token opens nothing.
    const [detached] = await t.app.db.select().from(carts).where(eq(carts.id, previous!.id));
    expect(detached!.customerId).toBeNull();
    const mine = await t.app.inject({
      url: `/api/v1/cart?${q({ saleplan_id: PART_PLAN })}`,
      headers: { ...alex.headers, 'x-cart-token': body.token },
    });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(sessionCartResponse.parse(mine.json()).cart.list.map((line) => line.variant_reference)).toEqual([
      bag.reference,
    ]);
    const stale = await t.app.inject({
      url: `/api/v1/cart?${q({ saleplan_id: PART_PLAN })}`,
      headers: { 'x-cart-token': previousToken },
    });
    expect(stale.statusCode).toBe(404);
  });

  it('takes only the lines named; nothing left to order → 409 with the skipped lines; a foreign line id → 400', async () => {
    const lines = await t.app.db
      .select()
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(eq(orders.number, first));
    const byReference = (reference: string) =>
      lines.find((row) => row.order_line.variantReference === reference)!;
    const bagLine = byReference(bag.reference).order_line;
    const knifeLine = byReference('PW-1121-50').order_line;

    clock.advance(60_000);
    const one = await call(alex, 'POST', `/orders/${first}/reorder`, { line_ids: [bagLine.id] });
    expect(one.statusCode, one.body).toBe(201);
    expect(reorderResponse.parse(one.json()).skipped).toEqual([]);

    const nothing = await call(alex, 'POST', `/orders/${first}/reorder`, { line_ids: [knifeLine.id] });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json()).toMatchObject({
      status: 'nothing_to_reorder',
      skipped: [{ variant_reference: 'PW-1121-50', reason: 'free' }],
    });

    const [secondLine] = await t.app.db
      .select({ id: orderLines.id })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(eq(orders.number, second));
    const foreign = await call(alex, 'POST', `/orders/${first}/reorder`, { line_ids: [secondLine!.id] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual([
      { field: 'body.line_ids.0', message: 'Not a line of this order' },
    ]);
    expect((await call(alex, 'POST', `/orders/${first}/reorder`, { line_ids: [] })).statusCode).toBe(400);
  });

  it('a pack now priced 0 is skipped as free', async () => {
    const customer = await createCustomer(t.app, { audience: 'part' });
    clock.advance(60_000);
    const number = await paidOrder(customer, [{ ...bag, quantity: 1 }]);
    await t.app.db.execute(
      // The bag's DIY shelf price goes to 0 (a giveaway): ordering it again would order it for nothing.
      sql`update variant_price set price_inc_vat_pence = 0
        where plan_id = ${PART_PLAN} and variant_id = (select id from variant where reference = ${bag.reference})`,
    );
    await t.app.contentChanged();
    const response = await call(customer, 'POST', `/orders/${number}/reorder`);
    expect(response.statusCode).toBe(409);
    expect(response.json().skipped).toEqual([
      { variant_reference: bag.reference, name: expect.any(String), reason: 'free' },
    ]);
  });

  it('another customer’s order → 404, an anonymous call → 401, and no basket changes (IDOR)', async () => {
    clock.advance(60_000);
    const samCart = customerCart(t.app, sam, PART_PLAN);
    await samCart.add([{ element_id: bag.id, variant_reference: bag.reference, quantity: 1 }]);
    const before = await t.app.db.select().from(carts).where(eq(carts.customerId, sam.customer.id));
    const foreign = await call(sam, 'POST', `/orders/${first}/reorder`);
    expect(foreign.statusCode).toBe(404);
    expect(await t.app.db.select().from(carts).where(eq(carts.customerId, sam.customer.id))).toEqual(before);
    const anonymous = await call(null, 'POST', `/orders/${first}/reorder`, { line_ids: 'x' });
    expect(anonymous.statusCode).toBe(401);
    expect((await call(alex, 'POST', '/orders/PW-999999/reorder')).statusCode).toBe(404);
  });
});

describe('the OpenAPI document', () => {
  it("documents the account's calls; the staff ones take a staff credential and name their permission", async () => {
    const paths = (await t.app.inject({ url: '/api/v1/openapi.json' })).json().paths;
    for (const [path, methods] of [
      ['/api/v1/orders', ['get']],
      ['/api/v1/orders/{number}/reorder', ['post']],
      ['/api/v1/address', ['get', 'post', 'put', 'delete']],
      ['/api/v1/address/{id}', ['get']],
      ['/api/v1/wishlist', ['get', 'put']],
      ['/api/v1/wishlist/send', ['post']],
      ['/api/v1/customers', ['get']],
      ['/api/v1/customers/{id}/trade', ['put']],
    ] as const) {
      for (const method of methods) {
        const operation = paths[path]?.[method];
        expect(operation, `${method} ${path}`).toBeDefined();
        expect(operation.summary, `${method} ${path}`).toBeTruthy();
        if (path.startsWith('/api/v1/customers')) {
          expect(operation.security).toEqual([{ apiKey: [] }, { machineToken: [] }, { staffSession: [] }]);
          expect(operation['x-permission']).toBe(method === 'get' ? 'customers:read' : 'trade:write');
        } else expect(Object.keys(operation.responses)).toContain('401');
      }
    }
    expect(Object.keys(paths['/api/v1/checkout/complete'].post.responses)).toContain('402');
  });
});
