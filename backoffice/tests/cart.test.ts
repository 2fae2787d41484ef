/**
 * The basket (api-contract.md "Cart"): token, strict bodies, quantities, VAT per audience, the audience switch,
 * discount codes with each refusal, shipping, and the sweep of expired carts. A fake clock moves time.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../src/lib/tokens.ts';
import { openDatabase } from '../src/db/client.ts';
import { discounts } from '../src/db/schema.ts';
import { HOUR_MS } from '@plasterwick/shop-rules/time';
import { fakeClock } from '../src/lib/clock.ts';
import { cartClient, expectConsistent, productOf } from './cart-helpers.ts';
import { createTestApp, PART_PLAN, PRO_PLAN, q, SITE_ID, type TestApp } from './helpers.ts';

const START = new Date('2027-03-01T09:00:00Z');
const clock = fakeClock(START);
let t: TestApp;

/** Seeded products used below. */
let multiFill: Awaited<ReturnType<typeof productOf>>; // both plans: 1 kg, 5 kg, 10 kg
let multiFillPro: Awaited<ReturnType<typeof productOf>>;
let easyMix: Awaited<ReturnType<typeof productOf>>; // DIY only
let tradeFill: Awaited<ReturnType<typeof productOf>>; // trade only

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  multiFill = await productOf(t.app, 'plasterwick-multi-fill-powder', PART_PLAN);
  multiFillPro = await productOf(t.app, 'plasterwick-multi-fill-powder', PRO_PLAN);
  easyMix = await productOf(t.app, 'plasterwick-easy-mix-interior-filler', PART_PLAN);
  tradeFill = await productOf(t.app, 'plasterwick-tradefill-powder', PRO_PLAN);
});
afterAll(() => t.close());

const pack = (product: typeof multiFill, index: number, quantity: number) => ({
  element_id: product.id,
  element_type: 'product' as const,
  variant_reference: product.variants[index]!.reference,
  quantity,
});

async function query<T>(text: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await t.database.db.execute(text)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

describe('the cart token', () => {
  it('opens a new cart (201) with a 32-byte token stored hashed, valid 3 days, and answers no-store', async () => {
    const cart = cartClient(t.app);
    const { response, created } = await cart.add([pack(multiFill, 0, 2)], 201);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(created!.token).toMatch(/^[\w-]{43}$/);
    expect(Buffer.from(created!.token, 'base64url')).toHaveLength(32);
    expect(created!.token_expires_at).toBe(new Date(START.getTime() + 72 * HOUR_MS).toISOString());
    expect(created!.cart.token_expires_at).toBe(created!.token_expires_at);
    const stored = await query<{ token_hash: string }>(sql`select token_hash from cart`);
    expect(stored.map((row) => row.token_hash)).toContain(hashToken(created!.token));
    expect(JSON.stringify(stored)).not.toContain(created!.token);

    // An open cart: 200 and the same cart, no new token.
    const again = await cart.add([pack(multiFill, 0, 1)], 200);
    expect(again.cart!.list[0]!.quantity).toBe(3);
    expect(again.response.json()).not.toHaveProperty('token');
  });

  it('is valid at 71 hours and gone at 73 (never extended by use): 404 cart_not_found, then a new cart', async () => {
    clock.set(START);
    const cart = cartClient(t.app);
    await cart.add([pack(multiFill, 0, 1)], 201);
    const first = cart.token!;
    const lineId = (await cart.view()).list[0]!.id;

    clock.advance(71 * HOUR_MS);
    expect((await cart.view()).list).toHaveLength(1);
    await cart.ok('PATCH', `/cart/items/${lineId}`, { quantity: 2 });

    clock.advance(2 * HOUR_MS);
    const calls = [
      ['GET', '/cart', undefined],
      ['PATCH', `/cart/items/${lineId}`, { quantity: 3 }],
      ['DELETE', `/cart/items/${lineId}`, undefined],
      ['POST', '/cart/discount', { code: 'WELCOME10' }],
      ['DELETE', '/cart/discount', undefined],
      ['GET', '/cart/shipping', undefined],
    ] as const;
    for (const [method, path, payload] of calls) {
      const error = await cart.refused(method, path, payload, 404);
      expect(error.status, `${method} ${path}`).toBe('cart_not_found');
    }
    // Adding with the expired token opens a new cart with a new token.
    const { created } = await cart.add([pack(multiFill, 0, 1)], 201);
    expect(created!.token).not.toBe(first);
    expect(created!.cart.list.map((line) => line.quantity)).toEqual([1]);
    clock.set(START);
  });

  it('refuses a missing or unknown token with 404 cart_not_found', async () => {
    const cart = cartClient(t.app);
    expect((await cart.refused('GET', '/cart', undefined, 404)).status).toBe('cart_not_found');
    cart.token = 'x'.repeat(43);
    expect((await cart.refused('GET', '/cart', undefined, 404)).status).toBe('cart_not_found');
  });

  it('is read from X-Cart-Token, or a cart_token field of the query or body (spec §7)', async () => {
    const cart = cartClient(t.app);
    await cart.add([pack(multiFill, 0, 1)], 201);
    const token = cart.token!;
    const byQuery = await t.app.inject({ method: 'GET', url: `/api/v1/cart?${q({ cart_token: token })}` });
    expect(byQuery.statusCode, byQuery.body).toBe(200);
    const byBody = await t.app.inject({
      method: 'POST',
      url: `/api/v1/cart/discount?${q({ saleplan_id: PART_PLAN })}`,
      payload: { code: 'WELCOME10', cart_token: token },
    });
    expect(byBody.statusCode, byBody.body).toBe(200);
    // Without a plan in the query, the cart keeps the plan it was priced in.
    expect(byQuery.json().cart.plan_id).toBe(PART_PLAN);
  });
});

describe('strict bodies and quantities', () => {
  it('refuses a price sent by the browser (400) and adds nothing', async () => {
    const cart = cartClient(t.app);
    await cart.add([pack(multiFill, 0, 1)], 201);
    for (const [label, payload] of [
      ['price', { items: [{ ...pack(multiFill, 0, 1), price: 1 }] }],
      ['price_with_tax', { items: [{ ...pack(multiFill, 0, 1), price_with_tax: 1 }] }],
      ['total', { items: [pack(multiFill, 0, 1)], total: 1 }],
    ] as const) {
      const error = await cart.refused('POST', '/cart/items', payload, 400);
      expect(error.status, label).toBe('invalid_request');
      expect(error.errors?.[0]?.message, label).toContain(label);
    }
    const lineId = (await cart.view()).list[0]!.id;
    await cart.refused('PATCH', `/cart/items/${lineId}`, { quantity: 2, price_with_tax: 1 }, 400);
    await cart.refused('POST', '/cart/discount', { code: 'WELCOME10', total: 0 }, 400);
    expect((await cart.view()).list.map((line) => line.quantity)).toEqual([1]);
  });

  it('takes whole quantities from 1 to 999 (zod) and refuses a line beyond 999', async () => {
    const cart = cartClient(t.app);
    for (const quantity of [0, -1, 1.5, 1000, '2', null]) {
      const response = await cart.add([{ ...pack(multiFill, 0, 1), quantity: quantity as number }], 400);
      expect(response.response.json().errors[0].field).toBe('body.items.0.quantity');
    }
    expect((await cart.add([pack(multiFill, 0, 0)], 400)).response.json().errors[0].message).toBe(
      'Please enter a value of 1 or more.',
    );
    const { cart: body } = await cart.add([pack(multiFill, 0, 999)], 201);
    expect(body!.list[0]!.quantity).toBe(999);
    const over = await cart.add([pack(multiFill, 0, 1)], 400);
    expect(over.response.json().errors[0]).toEqual({
      field: 'body.items.0.quantity',
      message: 'Please enter a value of 999 or less.',
    });
    const lineId = body!.list[0]!.id;
    for (const quantity of [0, 1000, 2.5]) {
      await cart.refused('PATCH', `/cart/items/${lineId}`, { quantity }, 400);
    }
    expect((await cart.ok('PATCH', `/cart/items/${lineId}`, { quantity: 1 })).list[0]!.quantity).toBe(1);
  });

  it('keeps quantities in 1–999 in the database too (CHECK)', async () => {
    const [cart] = await query<{ id: number }>(sql`select id from cart limit 1`);
    for (const quantity of [0, 1000]) {
      await expect(
        t.database.db.execute(
          sql`insert into cart_line (cart_id, variant_reference, name, quantity) values (${cart!.id}, 'X-1', 'x', ${quantity})`,
        ),
      ).rejects.toThrow();
    }
  });

  it('sums two items of the same pack, takes the first pack when none is named, and checks what it adds', async () => {
    const cart = cartClient(t.app);
    const { cart: body } = await cart.add(
      [pack(multiFill, 1, 2), pack(multiFill, 1, 3), { element_id: multiFill.id, quantity: 1 }],
      201,
    );
    expect(body!.list.map((line) => [line.variant_reference, line.quantity])).toEqual([
      [multiFill.variants[1]!.reference, 5],
      [multiFill.variants[0]!.reference, 1],
    ]);
    const unknownPack = await cart.add(
      [{ element_id: multiFill.id, variant_reference: 'PW-NOPE', quantity: 1 }],
      400,
    );
    expect(unknownPack.response.json().errors[0].field).toBe('body.items.0.variant_reference');
    const unknownProduct = await cart.add([{ element_id: 999_999, quantity: 1 }], 400);
    expect(unknownProduct.response.json().errors[0].field).toBe('body.items.0.element_id');
    await cart.add([{ element_id: multiFill.id, element_type: 'category' as 'product', quantity: 1 }], 400);
  });

  it('answers 400 not_available_in_this_saleplan with exist_in for a product of the other plan (spec §4)', async () => {
    const cart = cartClient(t.app, 'part');
    const { response } = await cart.add([pack(tradeFill, 0, 1)], 400);
    expect(response.json()).toMatchObject({ status: 'not_available_in_this_saleplan', exist_in: [PRO_PLAN] });
    // The storefront switches plan and retries: the basket opens in the trade plan.
    cart.use('pro');
    const { cart: body } = await cart.add([pack(tradeFill, 0, 1)], 201);
    expect(body!.audience).toBe('pro');
  });

  it('changes and removes lines of its own cart only', async () => {
    const mine = cartClient(t.app);
    const theirs = cartClient(t.app);
    await mine.add([pack(multiFill, 0, 1), pack(multiFill, 1, 1)], 201);
    const { cart: other } = await theirs.add([pack(multiFill, 0, 1)], 201);
    const foreign = other!.list[0]!.id;
    expect((await mine.refused('PATCH', `/cart/items/${foreign}`, { quantity: 2 }, 404)).status).toBe(
      'not_found',
    );
    expect((await mine.refused('DELETE', `/cart/items/${foreign}`, undefined, 404)).status).toBe('not_found');
    const [first, second] = (await mine.view()).list;
    const after = await mine.ok('DELETE', `/cart/items/${first!.id}`);
    expect(after.list.map((line) => line.id)).toEqual([second!.id]);
    expect((await theirs.view()).list[0]!.quantity).toBe(1);
  });
});

describe('prices and VAT', () => {
  it('prices DIY lines from shelf prices inc VAT and trade lines ex VAT, with ex + VAT = inc per line', async () => {
    const diy = cartClient(t.app, 'part');
    const { cart: part } = await diy.add([pack(multiFill, 0, 3), pack(multiFill, 1, 1)], 201);
    // DIY 1 kg box 5,51 £ inc VAT: 3 × 551 = 1653, VAT inside = roundDiv(1653 × 2000, 12000) = 276.
    expect(part!.list[0]).toMatchObject({
      price_with_tax: 551,
      total_with_tax: 1653,
      tax: 276,
      total_without_tax: 1377,
      price_without_tax: 459,
    });
    expect(part!.list[1]).toMatchObject({ price_with_tax: 1727, total_with_tax: 1727, tax: 288 });
    expect(part!.prices_include_vat).toBe(true);
    expectConsistent(part!);

    const trade = cartClient(t.app, 'pro');
    const { cart: pro } = await trade.add([pack(multiFillPro, 0, 3), pack(multiFillPro, 1, 7)], 201);
    // Trade 1 kg box 3,99 £ ex VAT: 3 × 399 = 1197, VAT = roundDiv(1197 × 2000, 10000) = 239 (239,4).
    expect(pro!.list[0]).toMatchObject({
      price_without_tax: 399,
      total_without_tax: 1197,
      tax: 239,
      total_with_tax: 1436,
      price_with_tax: 479,
    });
    // 7 × 1249 = 8743, VAT 1748,6 → 1749: the line's VAT, not 7 × the pack's (7 × 250 = 1750).
    expect(pro!.list[1]).toMatchObject({ total_without_tax: 8743, tax: 1749, total_with_tax: 10492 });
    expect(pro!.prices_include_vat).toBe(false);
    expectConsistent(pro!);
  });

  it('prices every pack of the catalogue consistently in both plans', async () => {
    for (const audience of ['part', 'pro'] as const) {
      const plan = audience === 'part' ? PART_PLAN : PRO_PLAN;
      const list = await t.app.inject({
        method: 'GET',
        url: `/api/v1/product?${q({ saleplan_id: plan, perPage: 100 })}`,
      });
      const products = list.json().data.items as { id: number; variants: { reference: string }[] }[];
      const items = products
        .flatMap((p) =>
          p.variants.map((v) => ({ element_id: p.id, variant_reference: v.reference, quantity: 7 })),
        )
        .slice(0, 50);
      const { cart } = await cartClient(t.app, audience).add(items, 201);
      expect(cart!.list).toHaveLength(items.length);
      expectConsistent(cart!);
    }
  });
});

describe('the audience switch', () => {
  it('keeps the lines sold in the new plan (re-priced), removes the others and names them in a notice', async () => {
    const cart = cartClient(t.app, 'part');
    await cart.add([pack(multiFill, 0, 2), pack(easyMix, 0, 1)], 201);
    cart.use('pro');
    const pro = await cart.view();
    expect(pro.audience).toBe('pro');
    expect(pro.list.map((line) => [line.variant_reference, line.quantity])).toEqual([
      [multiFill.variants[0]!.reference, 2],
    ]);
    expect(pro.list[0]!.price_without_tax).toBe(multiFillPro.variants[0]!.price.ex_vat);
    expect(pro.notice).toBe(
      `Not sold to trade customers, so removed from your basket: ${easyMix.name}, ${easyMix.variants[0]!.label}.`,
    );
    // Told once: the next call has nothing new to say.
    expect((await cart.view()).notice).toBeNull();
    cart.use('part');
    const back = await cart.view();
    expect(back.list[0]!.price_with_tax).toBe(multiFill.variants[0]!.price.inc_vat);
    expect(back.notice).toBeNull();
  });
});

describe('discount codes', () => {
  it('WELCOME10 takes 10 % off in both audiences, never below zero; DELETE removes it', async () => {
    for (const audience of ['part', 'pro'] as const) {
      const cart = cartClient(t.app, audience);
      const product = audience === 'part' ? multiFill : multiFillPro;
      await cart.add([pack(product, 1, 3)], 201);
      const body = await cart.ok('POST', '/cart/discount', { code: ' welcome10 ' });
      expect(body.discounts.cart_discount).toMatchObject({ code: 'WELCOME10', amount: 10, unit: 'percent' });
      const basis = audience === 'part' ? body.amount.ttc : body.amount.ht;
      const off = audience === 'part' ? body.discount_amount.ttc : body.discount_amount.ht;
      expect(off).toBe(Math.floor((2 * basis * 10 + 100) / 200));
      expect(body.discounts.cart_discount!.amount_off).toBe(body.discount_amount.ttc);
      expectConsistent(body);
      const removed = await cart.ok('DELETE', '/cart/discount');
      expect(removed.discounts.cart_discount).toBeNull();
      expect(removed.discounted_amount).toBe(removed.amount.ttc);
    }
  });

  it('TRADE25: 25 £ off trade baskets over 250 £ ex VAT; DIY baskets and smaller ones are refused', async () => {
    const diy = cartClient(t.app, 'part');
    await diy.add([pack(multiFill, 2, 20)], 201);
    const notForDiy = await diy.refused('POST', '/cart/discount', { code: 'TRADE25' }, 400);
    expect(notForDiy).toMatchObject({
      status: 'discount_not_for_audience',
      message: 'This code is for trade customers only',
    });

    const trade = cartClient(t.app, 'pro');
    await trade.add([pack(multiFillPro, 2, 10)], 201); // 10 × 20,99 £ = 209,90 £ ex VAT
    const small = await trade.refused('POST', '/cart/discount', { code: 'TRADE25' }, 400);
    expect(small).toMatchObject({
      status: 'discount_minimum_not_met',
      message: 'Spend 40,10 £ more to use this code',
      errors: [{ field: 'body.code', message: 'Spend 40,10 £ more to use this code' }],
    });
    await trade.add([pack(multiFillPro, 2, 2)], 200); // 251,88 £
    const body = await trade.ok('POST', '/cart/discount', { code: 'TRADE25' });
    expect(body.discount_amount).toEqual({ ht: 2500, tax: 500, ttc: 3000 });
    expectConsistent(body);
  });

  it('a minimum is met by a basket of exactly that amount; a penny under it is refused', async () => {
    const cart = cartClient(t.app, 'part');
    const { cart: basket } = await cart.add([pack(multiFill, 1, 2)], 201);
    // DIY: the minimum is in prices including VAT, as the basket's amount.
    const subtotal = basket!.amount.ttc;
    const code = (name: string, minSubtotalPence: number) => ({
      siteId: SITE_ID,
      code: name,
      description: '5 % off over a minimum',
      type: 'cart_discount' as const,
      unit: 'percent' as const,
      value: 5,
      minSubtotalPence,
    });
    await t.database.db
      .insert(discounts)
      .values([code('EXACTMIN', subtotal), code('PENNYMORE', subtotal + 1)]);
    const refused = await cart.refused('POST', '/cart/discount', { code: 'PENNYMORE' }, 400);
    expect(refused).toMatchObject({
      status: 'discount_minimum_not_met',
      message: 'Spend 0,01 £ more to use this code',
    });
    const body = await cart.ok('POST', '/cart/discount', { code: 'EXACTMIN' });
    expect(body.discounts.cart_discount).toMatchObject({ code: 'EXACTMIN', amount: 5, unit: 'percent' });
    expectConsistent(body);
  });

  it('FREEKNIFE adds a free filling knife to DIY baskets over 40 £, and leaves when the basket drops below', async () => {
    const cart = cartClient(t.app, 'part');
    const { cart: small } = await cart.add([pack(multiFill, 1, 2)], 201); // 2 × 17,27 £ = 34,54 £
    expect(small!.amount.ttc).toBe(3454);
    const refused = await cart.refused('POST', '/cart/discount', { code: 'FREEKNIFE' }, 400);
    expect(refused).toMatchObject({
      status: 'discount_minimum_not_met',
      message: 'Spend 5,46 £ more to use this code',
    });
    const lineId = small!.list[0]!.id;
    await cart.ok('PATCH', `/cart/items/${lineId}`, { quantity: 3 });
    const body = await cart.ok('POST', '/cart/discount', { code: 'FREEKNIFE' });
    const free = body.list.find((line) => line.free)!;
    expect(free).toMatchObject({
      id: 'free-FREEKNIFE',
      variant_reference: 'PW-1121-50',
      quantity: 1,
      price_with_tax: 0,
      total_with_tax: 0,
      tax: 0,
    });
    expect(body.discounts.free_product).toMatchObject({ code: 'FREEKNIFE' });
    expect(body.amount.ttc).toBe(3 * 1727);
    expectConsistent(body);

    const after = await cart.ok('PATCH', `/cart/items/${lineId}`, { quantity: 1 });
    expect(after.list.some((line) => line.free)).toBe(false);
    expect(after.discounts.free_product).toBeNull();
    expect(after.notice).toBe(
      'The code FREEKNIFE no longer applies and was removed: Spend 22,73 £ more to use this code.',
    );
    await cart.refused('PATCH', `/cart/items/free-FREEKNIFE`, { quantity: 2 }, 400);
  });

  it('refuses unknown, expired and used-up codes with their status', async () => {
    const cart = cartClient(t.app, 'part');
    await cart.add([pack(multiFill, 1, 1)], 201);
    for (const [code, status] of [
      ['NOSUCHCODE', 'discount_not_found'],
      ['OLDCODE', 'discount_expired'],
      ['USEDUP', 'discount_exhausted'],
      ['TRADE25', 'discount_not_for_audience'],
    ] as const) {
      const error = await cart.refused('POST', '/cart/discount', { code }, 400);
      expect(error.status, code).toBe(status);
      expect(error.message.length, code).toBeGreaterThan(0);
    }
    const blank = await cart.refused('POST', '/cart/discount', { code: '  ' }, 400);
    expect(blank.errors?.[0]).toEqual({ field: 'body.code', message: 'Please enter a code' });
  });

  it('a code not started yet is refused, and one that expires while in the basket is taken off', async () => {
    const [site] = await query<{ id: number }>(sql`select id from site where is_local limit 1`);
    await t.database.db.execute(sql`
      insert into discount (site_id, code, description, type, unit, value, starts_at, ends_at)
      values (${site!.id}, 'SPRING5', '5 % off', 'cart_discount', 'percent', 5,
        ${new Date(START.getTime() + 24 * HOUR_MS).toISOString()}, ${new Date(START.getTime() + 48 * HOUR_MS).toISOString()})`);
    const cart = cartClient(t.app, 'part');
    await cart.add([pack(multiFill, 1, 1)], 201);
    expect((await cart.refused('POST', '/cart/discount', { code: 'SPRING5' }, 400)).status).toBe(
      'discount_expired',
    );
    clock.advance(25 * HOUR_MS);
    expect((await cart.ok('POST', '/cart/discount', { code: 'SPRING5' })).discount_amount.ttc).toBe(86);
    clock.advance(24 * HOUR_MS);
    const later = await cart.view();
    expect(later.discounts.cart_discount).toBeNull();
    expect(later.notice).toContain(
      'The code SPRING5 no longer applies and was removed: This code has expired',
    );
    clock.set(START);
  });
});

describe('shipping', () => {
  it('is free for DIY over 40 £ on the discounted subtotal inc VAT, by weight below', async () => {
    const cart = cartClient(t.app, 'part');
    const { cart: body } = await cart.add([pack(multiFill, 0, 8)], 201); // 8 × 5,51 £ = 44,08 £, 8.4 kg
    expect(body!.shipping_estimate).toBe(0);
    const costs = (await cart.call('GET', '/cart/shipping')).json();
    expect(costs.costs.map((c: { code: string }) => c.code)).toEqual(['standard', 'express']);
    expect(costs.costs[0]).toMatchObject({ code: 'standard', amount: 0, free: true });
    expect(costs.cheapest).toBe(0);
    // 10 % off takes it to 39,67 £: delivery is paid again (4,95 £ up to 10 kg).
    const discounted = await cart.ok('POST', '/cart/discount', { code: 'WELCOME10' });
    expect(discounted.discounted_amount).toBe(3967);
    expect(discounted.shipping_estimate).toBe(495);
  });

  it('offers next-day delivery to trade, with a surcharge for remote areas and none to the Channel Islands', async () => {
    const cart = cartClient(t.app, 'pro');
    await cart.add([pack(multiFillPro, 2, 2)], 201); // 21 kg
    const mainland = (await cart.call('GET', '/cart/shipping')).json();
    expect(mainland.costs[0]).toMatchObject({
      code: 'next_day',
      amount_ex_vat: 950,
      amount: 1140,
      next_day: true,
    });
    expect(mainland.cheapest).toBe(1140);
    const remote = (
      await t.app.inject({
        method: 'GET',
        url: cart.url('/cart/shipping', { postcode: 'IV1 1AA' }),
        headers: cart.headers(),
      })
    ).json();
    expect(remote.costs[0]).toMatchObject({ code: 'next_day', amount_ex_vat: 2450 });
    const jersey = (
      await t.app.inject({
        method: 'GET',
        url: cart.url('/cart/shipping', { postcode: 'JE2 3AB' }),
        headers: cart.headers(),
      })
    ).json();
    expect(jersey).toEqual({ costs: [], cheapest: null });
    const bad = await t.app.inject({
      method: 'GET',
      url: cart.url('/cart/shipping', { postcode: 'not a code' }),
      headers: cart.headers(),
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('expired carts', () => {
  it('are swept; open ones stay', async () => {
    clock.set(START);
    const old = cartClient(t.app);
    await old.add([pack(multiFill, 0, 1)], 201);
    clock.advance(73 * HOUR_MS);
    const fresh = cartClient(t.app);
    await fresh.add([pack(multiFill, 0, 1)], 201);
    await t.app.jobs.runNow('housekeeping');
    const left = await query<{ token_hash: string }>(sql`select token_hash from cart`);
    expect(left.map((row) => row.token_hash)).toContain(hashToken(fresh.token!));
    expect(left.map((row) => row.token_hash)).not.toContain(hashToken(old.token!));
    expect((await fresh.view()).list).toHaveLength(1);
    clock.set(START);
  });

  // A checkout holds its cart's row lock while it places the order: the sweep must neither wait for it nor
  // decide that cart before the order is committed. Two connections are needed, so PostgreSQL only.
  it.skipIf(!process.env.DATABASE_URL)('leave a cart a checkout holds for the next sweep', async () => {
    clock.set(START);
    const held = cartClient(t.app);
    await held.add([pack(multiFill, 0, 1)], 201);
    clock.advance(73 * HOUR_MS);
    const stored = async () =>
      (await query<{ token_hash: string }>(sql`select token_hash from cart`)).map((row) => row.token_hash);
    const checkout = await openDatabase({ databaseUrl: t.app.config.databaseUrl, dataMigrations: [] });
    try {
      await checkout.db.transaction(async (tx) => {
        await tx.execute(sql`select id from cart where token_hash = ${hashToken(held.token!)} for update`);
        await t.app.jobs.runNow('housekeeping');
        expect(await stored()).toContain(hashToken(held.token!));
      });
    } finally {
      await checkout.close();
    }
    await t.app.jobs.runNow('housekeeping');
    expect(await stored()).not.toContain(hashToken(held.token!));
    clock.set(START);
  });
});

describe('the OpenAPI document', () => {
  it('documents every cart call', async () => {
    const paths = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json().paths;
    expect(Object.keys(paths['/api/v1/cart/items'])).toEqual(['post']);
    expect(Object.keys(paths['/api/v1/cart/items/{line_id}']).toSorted()).toEqual(['delete', 'patch']);
    expect(Object.keys(paths['/api/v1/cart/discount']).toSorted()).toEqual(['delete', 'post']);
    expect(paths['/api/v1/cart'].get.responses['404']).toBeDefined();
    expect(paths['/api/v1/cart/shipping'].get).toBeDefined();
  });
});
