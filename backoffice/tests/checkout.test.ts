/**
 * Checkout, orders and payments (api-contract.md "Checkout and orders"): the steps, completion (re-priced, one
 * order per cart, the code's use taken once), the fake card provider's magic tokens, its test page and signed
 * webhooks, the guest's 2-hour access to the order, and the confirmation e-mail. The races run on PostgreSQL too
 * (DATABASE_URL): 10 concurrent completions give one order; a single-use code used by two baskets at once, one.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR_MS } from '@plasterwick/shop-rules/time';
import { fakeClock } from '../src/lib/clock.ts';
import { hashToken } from '../src/lib/tokens.ts';
import { completeResponse, conflictBody } from '../src/modules/checkout/schemas.ts';
import { orderResponse } from '../src/modules/orders/schemas.ts';
import { takeDiscountUse } from '../src/modules/discounts/index.ts';
import { fakeEventBody, type FakeProvider } from '../src/modules/payments/fake.ts';
import { signWebhook } from '../src/modules/payments/provider.ts';
import { SIGNATURE_HEADER } from '../src/modules/payments/routes.ts';
import { errorBody } from '../src/lib/http.ts';
import { cartClient, expectConsistent, type CartClient } from './cart-helpers.ts';
import { address, checkoutKit, complete, completion, PHONE } from './checkout-helpers.ts';
import { createTestApp, PART_PLAN, q, type TestApp } from './helpers.ts';

const START = new Date('2027-03-01T09:00:00Z');
const clock = fakeClock(START);
let t: TestApp;
type Kit = Awaited<ReturnType<typeof checkoutKit>>;
let kit: Kit;
let multiFill: Kit['products']['part'];
let multiFillPro: Kit['products']['pro'];
let stockistIds: Kit['stockistIds'];

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  kit = await checkoutKit(t);
  ({ part: multiFill, pro: multiFillPro } = kit.products);
  stockistIds = kit.stockistIds;
});
afterAll(() => t.close());

const rows = <T>(text: ReturnType<typeof sql>) => kit.rows<T>(text);
const readyCart = (...args: Parameters<Kit['readyCart']>) => kit.readyCart(...args);
const getOrder = (number: string, token: string | undefined) => kit.getOrder(number, token);

const countOrders = async () =>
  Number((await rows<{ n: number }>(sql`select count(*)::int as n from orders`))[0]!.n);

describe('the delivery and billing steps', () => {
  it('takes a UK address with a carrier: the cart then shows the delivery and its cost in the grand total', async () => {
    const { view } = await readyCart('part', { quantity: 1 });
    expect(view.checkout.delivery).toEqual({
      method: 'delivery',
      address: { ...address, postcode: 'M1 1AE', country: 'uk' },
      carrier_code: 'standard',
      carrier_label: 'Standard delivery',
      phone: PHONE,
    });
    // 17,27 £ is under 40 £: standard delivery 3,95 £ up to 2 kg… the 5 kg bag weighs more: 4,95 £.
    expect(view.shipping).toEqual({ ttc: 495, tax: 83, ht: 412 });
    expect(view.grand_total.ttc).toBe(1727 + 495);
    expectConsistent(view);
    expect(view.checkout.billing).toBeNull();
  });

  it('refuses what the contract refuses, naming the field', async () => {
    const { cart } = await readyCart('part');
    const cases: [object, string, string][] = [
      [
        { method: 'delivery', carrier_code: 'standard', phone: PHONE },
        'body.address',
        'Please choose a delivery address',
      ],
      [{ phone: PHONE }, 'body.method', 'Please choose a delivery method'],
      [
        {
          method: 'delivery',
          address: { ...address, country: 'fr' },
          carrier_code: 'standard',
          phone: PHONE,
        },
        'body.address.country',
        'We deliver to UK addresses only',
      ],
      [
        {
          method: 'delivery',
          address: { ...address, postcode: 'M1' },
          carrier_code: 'standard',
          phone: PHONE,
        },
        'body.address.postcode',
        'Please enter a valid postcode',
      ],
      [
        {
          method: 'delivery',
          address: { ...address, postcode: 'JE2 3AB' },
          carrier_code: 'standard',
          phone: PHONE,
        },
        'body.address.postcode',
        'We do not deliver to this postcode: please choose to collect from a stockist',
      ],
      [{ method: 'delivery', address, carrier_code: 'next_day', phone: PHONE }, 'body.carrier_code', ''],
      [
        { method: 'delivery', address, carrier_code: 'standard', phone: '12' },
        'body.phone',
        'Please enter a valid phone number',
      ],
      [
        { method: 'collect', first_name: 'A', last_name: 'B', phone: PHONE },
        'body.stockist_id',
        'Please choose a stockist',
      ],
      [
        { method: 'collect', stockist_id: 999_999, first_name: 'A', last_name: 'B', phone: PHONE },
        'body.stockist_id',
        'Please choose a stockist',
      ],
      [{ method: 'delivery', address, carrier_code: 'standard', phone: PHONE, price: 0 }, 'body', ''],
    ];
    for (const [body, field, message] of cases) {
      const error = await cart.refused('PUT', '/checkout/delivery', body, 400);
      const named = error.errors?.find((e) => e.field === field);
      expect(named, `${JSON.stringify(body)} → ${JSON.stringify(error)}`).toBeDefined();
      if (message) expect(named!.message).toBe(message);
    }
    // A saved address needs an account (tests/addresses.test.ts checks it with one).
    const anonymous = await cart.refused(
      'PUT',
      '/checkout/delivery',
      { method: 'delivery', address_id: 4, carrier_code: 'standard', phone: PHONE },
      401,
    );
    expect(anonymous).toEqual({ status: 'unauthorized', message: 'Please log in' });
  });

  it('collects from a stockist of the audience for free', async () => {
    const { view } = await readyCart('part', { collect: true });
    expect(view.checkout.delivery).toMatchObject({ method: 'collect', stockist: { id: stockistIds.part } });
    expect(view.shipping).toEqual({ ttc: 0, tax: 0, ht: 0 });
    expect(view.grand_total.ttc).toBe(view.discounted_amount);
    if (stockistIds.proOnly !== undefined) {
      const cart = cartClient(t.app, 'part');
      cart.token = (await readyCart('part')).cart.token;
      const error = await cart.refused(
        'PUT',
        '/checkout/delivery',
        {
          method: 'collect',
          stockist_id: stockistIds.proOnly,
          first_name: 'A',
          last_name: 'B',
          phone: PHONE,
        },
        400,
      );
      expect(error.errors?.[0]?.field).toBe('body.stockist_id');
    }
  });

  it('bills the delivery address or one in the 11 countries', async () => {
    const { cart } = await readyCart('part');
    const same = await cart.ok('PUT', '/checkout/billing', { same_as_delivery: true });
    expect(same.checkout.billing).toEqual({
      same_as_delivery: true,
      address: { ...address, postcode: 'M1 1AE', country: 'uk' },
    });
    const paris = { ...address, town: 'Paris', postcode: '75001', country: 'fr' };
    expect((await cart.ok('PUT', '/checkout/billing', { address: paris })).checkout.billing).toEqual({
      same_as_delivery: false,
      address: paris,
    });
    for (const [body, field] of [
      [{ address: { ...paris, country: 'de' } }, 'body.address.country'],
      [{ address: { ...paris, country: 'uk' } }, 'body.address.postcode'],
      [{}, 'body.address'],
    ] as const) {
      const error = await cart.refused('PUT', '/checkout/billing', body, 400);
      expect(error.errors?.map((e) => e.field)).toContain(field);
    }
    const collecting = (await readyCart('part', { collect: true })).cart;
    const error = await collecting.refused('PUT', '/checkout/billing', { same_as_delivery: true }, 400);
    expect(error.errors?.[0]).toEqual({
      field: 'body.same_as_delivery',
      message: 'Please enter the billing address',
    });
  });

  it('lists carriers with collection, and the card payment method in test mode', async () => {
    const { cart } = await readyCart('pro');
    const carriers = (await cart.call('GET', '/checkout/carriers')).json().carriers;
    expect(carriers.map((c: { code: string }) => c.code)).toEqual(['next_day', 'next_day_am', 'collect']);
    expect(carriers[0]).toMatchObject({
      method: 'delivery',
      next_day: true,
      amount_ex_vat: 950,
      amount: 1140,
    });
    expect(carriers[2]).toMatchObject({ method: 'collect', amount: 0 });
    const methods = await cart.call('GET', '/checkout/payment-methods');
    expect(methods.headers['cache-control']).toBe('no-store');
    expect(methods.json()).toMatchObject({
      test_mode: true,
      methods: [{ code: 'card', provider: 'fake', test_mode: true }],
    });
    expect(methods.json().methods[0].test_card_tokens.map((x: { token: string }) => x.token)).toEqual([
      'tok_ok',
      'tok_decline',
      'tok_3ds',
      'tok_error',
      'tok_timeout',
    ]);
  });
});

describe('completion', () => {
  it('places and pays the order (tok_ok): 201, PW-number, confirmation e-mail, the basket is done with', async () => {
    clock.set(START);
    const { cart, view } = await readyCart('part');
    await cart.ok('POST', '/cart/discount', { code: 'WELCOME10' });
    const priced = await cart.view();
    const response = await complete(
      cart,
      completion(priced.grand_total.ttc, 'tok_ok', { po_number: 'SITE-12' }),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = completeResponse.parse(response.json());
    expect(body.order.number).toMatch(/^PW-\d{6}$/);
    expect(body.order.status).toBe('paid');
    expect(body.next).toEqual({ type: 'done', url: `/diy-filler/confirmation?order=${body.order.number}` });
    expect(body.access_token_expires_at).toBe(new Date(START.getTime() + 2 * HOUR_MS).toISOString());

    const shown = await getOrder(body.order.number, body.access_token);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.headers['cache-control']).toBe('no-store');
    const order = orderResponse.parse(shown.json()).order;
    expect(order).toMatchObject({
      number: body.order.number,
      status: 'paid',
      email: 'alex.morgan@example.co.uk',
      po_number: 'SITE-12',
      audience: 'part',
      amount: priced.amount,
      discount_amount: priced.discount_amount,
      grand_total: priced.grand_total,
      shipping: priced.shipping,
      discount: { code: 'WELCOME10' },
      payment: { method: 'card', provider: 'fake', status: 'succeeded' },
      delivery: view.checkout.delivery,
      billing: { same_as_delivery: true, address: { ...address, postcode: 'M1 1AE', country: 'uk' } },
    });
    expect(
      order.list.map((line) => [line.variant_reference, line.quantity, line.total_with_tax, line.tax]),
    ).toEqual(
      priced.list.map((line) => [line.variant_reference, line.quantity, line.total_with_tax, line.tax]),
    );
    // The basket is done with: its token opens nothing any more; the next add starts a new basket.
    expect((await cart.refused('GET', '/cart', undefined, 404)).status).toBe('cart_not_found');

    const [mail] = await rows<{ recipient: string; subject: string; text_body: string; html_body: string }>(
      sql`select recipient, subject, text_body, html_body from mail_outbox where kind = 'order.confirmation' and subject like ${`%${body.order.number}`}`,
    );
    expect(mail).toMatchObject({
      recipient: 'alex.morgan@example.co.uk',
      subject: `Your Plasterwick order ${body.order.number}`,
    });
    expect(mail!.text_body).toContain('2 × Plasterwick Multi-Fill® Powder (5 kg bag): 34,54 £');
    expect(mail!.text_body).toContain('Discount (WELCOME10): -3,45 £');
    expect(mail!.text_body).toContain('Your reference (PO): SITE-12');
    expect(mail!.html_body).toContain('Multi-Fill® Powder');
  });

  it('answers the same order to a repeated completion (200), with a new access token', async () => {
    const { cart, view } = await readyCart('pro');
    const first = completeResponse.parse((await complete(cart, completion(view.grand_total.ttc))).json());
    const again = await complete(cart, completion(view.grand_total.ttc));
    expect(again.statusCode, again.body).toBe(200);
    const second = completeResponse.parse(again.json());
    expect(second.order).toEqual(first.order);
    expect(second.access_token).not.toBe(first.access_token);
    expect((await getOrder(first.order.number, second.access_token)).statusCode).toBe(200);
    expect(second.next.url).toBe(`/professional-filler/confirmation?order=${first.order.number}`);
  });

  it('refuses a total the shopper did not see: 409 price_changed with the fresh cart, and no order', async () => {
    const { cart, view } = await readyCart('part');
    const before = await countOrders();
    const response = await complete(cart, completion(view.grand_total.ttc - 1));
    expect(response.statusCode, response.body).toBe(409);
    const body = conflictBody.parse(response.json());
    expect(body.status).toBe('price_changed');
    expect(body.cart!.grand_total.ttc).toBe(view.grand_total.ttc);
    expect(await countOrders()).toBe(before);
    // A price sent in the body is refused before anything is priced.
    expect((await complete(cart, { ...completion(view.grand_total.ttc), total: 1 })).statusCode).toBe(400);
  });

  it('refuses an incomplete checkout with the spec’s messages', async () => {
    const { cart, view } = await readyCart('part');
    const total = view.grand_total.ttc;
    const expectError = async (
      body: object,
      status: number,
      code: string,
      field: string,
      message?: string,
    ) => {
      const response = await complete(cart, body);
      expect(response.statusCode, response.body).toBe(status);
      const error = errorBody.parse(response.json());
      expect(error.status).toBe(code);
      const named = error.errors?.find((e) => e.field === field);
      expect(named, JSON.stringify(error)).toBeDefined();
      if (message) expect(named!.message).toBe(message);
    };
    await expectError(
      completion(total, 'tok_ok', { accept_terms: false }),
      400,
      'invalid_request',
      'body.accept_terms',
      'You must accept the sales conditions',
    );
    await expectError(
      { ...completion(total), payment_method: undefined },
      400,
      'invalid_request',
      'body.payment_method',
      'Please choose a payment method',
    );
    await expectError(completion(total, 'tok_ok', { email: 'nope' }), 400, 'invalid_request', 'body.email');
    await expectError(
      completion(total, 'tok_ok', { payment_method: 'on_account' }),
      400,
      'payment_method_unavailable',
      'body.payment_method',
    );
    await expectError(
      { ...completion(total), card_token: undefined },
      400,
      'invalid_request',
      'body.card_token',
    );

    const undelivered = cartClient(t.app, 'part');
    await undelivered.add([{ element_id: multiFill.id, quantity: 1 }], 201);
    const noDelivery = await complete(undelivered, completion(551));
    expect(noDelivery.statusCode).toBe(400);
    expect(noDelivery.json()).toMatchObject({
      status: 'checkout_incomplete',
      errors: [{ field: 'delivery', message: 'Please choose a delivery method' }],
    });
    const collecting = (await readyCart('part', { collect: true })).cart;
    const noBilling = await complete(collecting, completion(3454));
    expect(noBilling.json()).toMatchObject({
      status: 'checkout_incomplete',
      errors: [{ field: 'billing', message: 'Please enter the billing address' }],
    });
    expect((await complete(cartClient(t.app), completion(1))).statusCode).toBe(404);
  });

  it('a declined card (402) keeps the basket and gives the code’s use back; paying again works', async () => {
    const [site] = await rows<{ id: number }>(sql`select id from site where is_local`);
    await t.database.db.execute(sql`
      insert into discount (site_id, code, description, type, unit, value, usage_limit)
      values (${site!.id}, 'ONCEONLY', '5 % off, once', 'cart_discount', 'percent', 5, 1)`);
    const { cart } = await readyCart('part');
    const view = await cart.ok('POST', '/cart/discount', { code: 'ONCEONLY' });
    const declined = await complete(cart, completion(view.grand_total.ttc, 'tok_decline'));
    expect(declined.statusCode, declined.body).toBe(402);
    expect(declined.json()).toMatchObject({ status: 'payment_declined' });
    const kept = await cart.view();
    expect(kept.list).toEqual(view.list);
    expect(kept.discounts.cart_discount?.code).toBe('ONCEONLY');
    const [discount] = await rows<{ used: number }>(sql`select used from discount where code = 'ONCEONLY'`);
    expect(Number(discount!.used)).toBe(0);
    const [failed] = await rows<{ status: string; cart_id: number | null }>(
      sql`select status, cart_id from orders order by id desc limit 1`,
    );
    expect(failed).toEqual({ status: 'payment_failed', cart_id: null });

    const paid = await complete(cart, completion(view.grand_total.ttc, 'tok_ok'));
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().order.status).toBe('paid');
    const [after] = await rows<{ used: number }>(sql`select used from discount where code = 'ONCEONLY'`);
    expect(Number(after!.used)).toBe(1);

    // The code is used up now: another basket is refused when applying it.
    const other = (await readyCart('part')).cart;
    expect((await other.refused('POST', '/cart/discount', { code: 'ONCEONLY' }, 400)).status).toBe(
      'discount_exhausted',
    );
  });

  it('a code at its last use: one checkout takes it, the next basket is refused with 409 discount_exhausted', async () => {
    const [site] = await rows<{ id: number }>(sql`select id from site where is_local`);
    await t.database.db.execute(sql`
      insert into discount (site_id, code, description, type, unit, value, usage_limit, used)
      values (${site!.id}, 'LASTUSE', '5 % off, three times', 'cart_discount', 'percent', 5, 3, 2)`);
    const used = async () =>
      Number((await rows<{ used: number }>(sql`select used from discount where code = 'LASTUSE'`))[0]!.used);
    const first = await readyCart('part');
    const second = await readyCart('part');
    const firstView = await first.cart.ok('POST', '/cart/discount', { code: 'LASTUSE' });
    const secondView = await second.cart.ok('POST', '/cart/discount', { code: 'LASTUSE' });

    const taken = await complete(first.cart, completion(firstView.grand_total.ttc));
    expect(taken.statusCode, taken.body).toBe(201);
    expect(await used()).toBe(3);
    const refused = await complete(second.cart, completion(secondView.grand_total.ttc));
    expect(refused.statusCode, refused.body).toBe(409);
    expect(conflictBody.parse(refused.json())).toMatchObject({
      status: 'discount_exhausted',
      cart: { discounts: { cart_discount: null } },
    });
    expect(await used()).toBe(3);

    // One after the other, the basket's own check of the code refused it before completion took a use; the
    // conditional update that takes it must refuse at used = limit too (it decides when two baskets reach it at
    // once: the race below, on PostgreSQL).
    const [discount] = await rows<{ id: number }>(sql`select id from discount where code = 'LASTUSE'`);
    expect(await t.database.db.transaction((tx) => takeDiscountUse(tx, discount!.id))).toBe(false);
    expect(await used()).toBe(3);
  });

  it('a once-per-customer code is refused at completion to an e-mail that already used it (409)', async () => {
    const [site] = await rows<{ id: number }>(sql`select id from site where is_local`);
    await t.database.db.execute(sql`
      insert into discount (site_id, code, description, type, unit, value, once_per_customer)
      values (${site!.id}, 'ONCEEACH', '5 % off, once each', 'cart_discount', 'percent', 5, true)`);
    const email = 'once.each@example.co.uk';
    const first = await readyCart('part');
    const firstView = await first.cart.ok('POST', '/cart/discount', { code: 'ONCEEACH' });
    expect(
      (await complete(first.cart, completion(firstView.grand_total.ttc, 'tok_ok', { email }))).statusCode,
    ).toBe(201);
    const second = await readyCart('part');
    const secondView = await second.cart.ok('POST', '/cart/discount', { code: 'ONCEEACH' });
    const refused = await complete(
      second.cart,
      completion(secondView.grand_total.ttc, 'tok_ok', { email: email.toUpperCase() }),
    );
    expect(refused.statusCode, refused.body).toBe(409);
    expect(conflictBody.parse(refused.json())).toMatchObject({
      status: 'discount_exhausted',
      message: 'You have already used this code: it was taken off your basket',
      cart: { discounts: { cart_discount: null } },
    });
    const other = await complete(
      second.cart,
      completion(secondView.amount.ttc + (secondView.shipping?.ttc ?? 0), 'tok_ok', {
        email: 'someone.else@example.co.uk',
      }),
    );
    expect(other.statusCode, other.body).toBe(201);
  });

  it('a provider failure (tok_error) is 502 payment_error; nothing is charged and the basket stays', async () => {
    const { cart, view } = await readyCart('pro');
    const response = await complete(cart, completion(view.grand_total.ttc, 'tok_error'));
    expect(response.statusCode, response.body).toBe(502);
    expect(response.json()).toMatchObject({ status: 'payment_error' });
    expect((await cart.view()).list).toEqual(view.list);
  });

  it('a basket that costs nothing is paid at once, without the card provider', async () => {
    const [site] = await rows<{ id: number }>(sql`select id from site where is_local`);
    await t.database.db.execute(sql`
      insert into discount (site_id, code, description, type, unit, value)
      values (${site!.id}, 'ALLFREE', 'Everything free', 'cart_discount', 'percent', 100)`);
    const { cart } = await readyCart('part', { collect: true });
    await cart.ok('PUT', '/checkout/billing', { address: { ...address, country: 'uk' } });
    const view = await cart.ok('POST', '/cart/discount', { code: 'ALLFREE' });
    expect(view.grand_total).toEqual({ ttc: 0, tax: 0, ht: 0 });
    const response = await complete(cart, completion(0));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().order.status).toBe('paid');
  });
});

describe('3-D Secure through the test page (tok_3ds)', () => {
  it('redirects to our authorisation page; Approve pays the order and goes to the confirmation', async () => {
    const { cart, view } = await readyCart('pro');
    const response = await complete(cart, completion(view.grand_total.ttc, 'tok_3ds'));
    expect(response.statusCode, response.body).toBe(201);
    const body = completeResponse.parse(response.json());
    expect(body.order.status).toBe('pending_payment');
    expect(body.next.type).toBe('redirect');
    expect(body.next.url).toMatch(/^\/api\/v1\/payments\/fake\/authorise\/pay_[0-9a-f]{24}$/);
    // A repeated completion while authorising: the same order, the same page.
    const again = completeResponse.parse(
      (await complete(cart, completion(view.grand_total.ttc, 'tok_3ds'))).json(),
    );
    expect(again.order.number).toBe(body.order.number);
    expect(again.next).toEqual(body.next);

    const pageAnswer = await t.app.inject({ method: 'GET', url: body.next.url! });
    expect(pageAnswer.statusCode).toBe(200);
    expect(pageAnswer.headers['content-type']).toContain('text/html');
    expect(pageAnswer.headers['content-security-policy']).toContain("default-src 'none'");
    expect(pageAnswer.headers['content-security-policy']).not.toContain('script');
    expect(pageAnswer.body).not.toContain('<script');
    expect(pageAnswer.body).toContain(body.order.number);
    expect(pageAnswer.body).toContain('Test mode: no real payment');
    expect(pageAnswer.body).toMatch(
      /<button type="submit" name="decision" value="approve">Approve<\/button>/,
    );

    const decided = await t.app.inject({
      method: 'POST',
      url: body.next.url!,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'decision=approve',
    });
    expect(decided.statusCode, decided.body).toBe(303);
    expect(decided.headers.location).toBe(`/professional-filler/confirmation?order=${body.order.number}`);
    const order = orderResponse.parse((await getOrder(body.order.number, body.access_token)).json()).order;
    expect(order.status).toBe('paid');
    expect(order.payment.status).toBe('succeeded');
    const mails = await rows<{ n: number }>(
      sql`select count(*)::int as n from mail_outbox where kind = 'order.confirmation' and subject like ${`%${body.order.number}`}`,
    );
    expect(Number(mails[0]!.n)).toBe(1);
    // Deciding again changes nothing.
    const later = await t.app.inject({ method: 'GET', url: body.next.url! });
    expect(later.body).toContain('already decided');
  });

  it('Decline fails the payment and keeps the basket', async () => {
    const { cart, view } = await readyCart('pro');
    const body = completeResponse.parse(
      (await complete(cart, completion(view.grand_total.ttc, 'tok_3ds'))).json(),
    );
    const decided = await t.app.inject({
      method: 'POST',
      url: body.next.url!,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'decision=decline',
    });
    expect(decided.statusCode).toBe(303);
    const order = orderResponse.parse((await getOrder(body.order.number, body.access_token)).json()).order;
    expect(order.status).toBe('payment_failed');
    expect((await cart.view()).list).toEqual(view.list);
  });
});

describe('a basket changed while its payment waits for authorisation', () => {
  const addTwoMore = (cart: CartClient) =>
    cart.add([
      {
        element_id: multiFillPro.id,
        element_type: 'product',
        variant_reference: multiFillPro.variants[0]!.reference,
        quantity: 2,
      },
    ]);

  it('the next completion gives that payment up and orders the basket as it is now', async () => {
    const { cart, view } = await readyCart('pro');
    const first = completeResponse.parse(
      (await complete(cart, completion(view.grand_total.ttc, 'tok_3ds'))).json(),
    );
    expect(first.order.status).toBe('pending_payment');
    // Back from the bank's page, the shopper adds two packs and pays again.
    await addTwoMore(cart);
    const changed = await cart.view();
    expect(changed.grand_total.ttc).toBeGreaterThan(view.grand_total.ttc);
    const response = await complete(cart, completion(changed.grand_total.ttc, 'tok_ok'));
    expect(response.statusCode, response.body).toBe(201);
    const second = completeResponse.parse(response.json());
    expect(second.order.number).not.toBe(first.order.number);
    expect(second.order.status).toBe('paid');
    const paid = orderResponse.parse((await getOrder(second.order.number, second.access_token)).json()).order;
    expect(paid.grand_total).toEqual(changed.grand_total);
    expect(paid.list.map((line) => line.quantity).sort()).toEqual([2, 2]);

    const given = orderResponse.parse((await getOrder(first.order.number, first.access_token)).json()).order;
    expect(given.status).toBe('cancelled');
    expect(given.payment.status).toBe('cancelled');
    // Its authorisation page can no longer take the money.
    const late = await t.app.inject({
      method: 'POST',
      url: first.next.url!,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'decision=approve',
    });
    expect(late.statusCode).toBe(303);
    const after = orderResponse.parse((await getOrder(first.order.number, first.access_token)).json()).order;
    expect(after.status).toBe('cancelled');
  });

  it('an unchanged basket still gets the same order and the same authorisation page', async () => {
    const { cart, view } = await readyCart('pro');
    const first = completeResponse.parse(
      (await complete(cart, completion(view.grand_total.ttc, 'tok_3ds'))).json(),
    );
    await cart.view();
    const again = completeResponse.parse(
      (await complete(cart, completion(view.grand_total.ttc, 'tok_3ds'))).json(),
    );
    expect(again.order.number).toBe(first.order.number);
    expect(again.next).toEqual(first.next);
  });

  it('authorised at the bank before the change (its webhook not here yet): that order stands, paid', async () => {
    const { cart, view } = await readyCart('pro');
    const first = completeResponse.parse(
      (await complete(cart, completion(view.grand_total.ttc, 'tok_3ds'))).json(),
    );
    const [payment] = await rows<{ provider_ref: string }>(
      sql`select provider_ref from payment where order_id = ${first.order.id}`,
    );
    await (t.app.payments as FakeProvider).decide(payment!.provider_ref, true);
    await addTwoMore(cart);
    const changed = await cart.view();
    const response = await complete(cart, completion(changed.grand_total.ttc, 'tok_ok'));
    expect(response.statusCode, response.body).toBe(200);
    const answer = completeResponse.parse(response.json());
    expect(answer.order).toMatchObject({ number: first.order.number, status: 'paid' });
    expect(answer.next.type).toBe('done');
  });
});

describe('signed webhooks', () => {
  const secret = () => t.app.config.payment.webhookSecret;
  async function pendingPayment() {
    const { cart, view } = await readyCart('part');
    const body = completeResponse.parse(
      (await complete(cart, completion(view.grand_total.ttc, 'tok_3ds'))).json(),
    );
    const paymentId = body.next.url!.split('/').at(-1)!;
    return { cart, body, paymentId };
  }
  const send = (payload: string, signature: string | undefined) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/fake/webhook',
      headers: {
        'content-type': 'application/json',
        ...(signature ? { [SIGNATURE_HEADER]: signature } : {}),
      },
      payload,
    });
  const now = () => Math.floor(clock.now().getTime() / 1000);

  it('refuses a missing, wrong, tampered or stale signature (400 invalid_signature)', async () => {
    const { paymentId } = await pendingPayment();
    const event = fakeEventBody({ id: 'evt_sig', type: 'payment.succeeded', paymentId, created: now() });
    for (const signature of [
      undefined,
      'garbage',
      signWebhook('another-secret-another-secret-xx', event, now()),
      signWebhook(secret(), event.replace('succeeded', 'failed'), now()),
      signWebhook(secret(), event, now() - 301),
      signWebhook(secret(), event, now() + 301),
    ]) {
      const response = await send(event, signature);
      expect(response.statusCode, String(signature)).toBe(400);
      expect(response.json().status).toBe('invalid_signature');
    }
    expect((await send(event, signWebhook(secret(), event, now() - 299))).json()).toEqual({
      received: true,
      outcome: 'applied',
    });
  });

  it('applies an event once (a replay is a duplicate) and never moves a payment backwards', async () => {
    const { body, paymentId } = await pendingPayment();
    const event = (id: string, type: string) =>
      fakeEventBody({ id, type: type as 'payment.succeeded', paymentId, created: now() });
    const succeeded = event('evt_1', 'payment.succeeded');
    expect((await send(succeeded, signWebhook(secret(), succeeded, now()))).json().outcome).toBe('applied');
    expect((await send(succeeded, signWebhook(secret(), succeeded, now()))).json().outcome).toBe('duplicate');
    for (const [id, type] of [
      ['evt_2', 'payment.failed'],
      ['evt_3', 'payment.requires_action'],
      ['evt_4', 'payment.cancelled'],
    ] as const) {
      const late = event(id, type);
      expect((await send(late, signWebhook(secret(), late, now()))).json().outcome, type).toBe('ignored');
    }
    const order = orderResponse.parse((await getOrder(body.order.number, body.access_token)).json()).order;
    expect(order.status).toBe('paid');
    const mails = await rows<{ n: number }>(
      sql`select count(*)::int as n from mail_outbox where kind = 'order.confirmation' and subject like ${`%${body.order.number}`}`,
    );
    expect(Number(mails[0]!.n)).toBe(1);
    const unknown = fakeEventBody({
      id: 'evt_5',
      type: 'payment.succeeded',
      paymentId: 'pay_' + '0'.repeat(24),
      created: now(),
    });
    expect((await send(unknown, signWebhook(secret(), unknown, now()))).json().outcome).toBe(
      'unknown_payment',
    );
  });
});

describe('guest access to an order', () => {
  it('lasts 2 hours and opens only its own order; anything else is 404', async () => {
    clock.set(START);
    const a = await readyCart('part');
    const first = completeResponse.parse((await complete(a.cart, completion(a.view.grand_total.ttc))).json());
    const b = await readyCart('part');
    const second = completeResponse.parse(
      (await complete(b.cart, completion(b.view.grand_total.ttc))).json(),
    );
    expect((await getOrder(first.order.number, first.access_token)).statusCode).toBe(200);
    for (const [number, token] of [
      [first.order.number, undefined],
      [first.order.number, 'x'.repeat(43)],
      [first.order.number, second.access_token],
      ['PW-999999', first.access_token],
    ] as const) {
      const response = await getOrder(number, token);
      expect(response.statusCode).toBe(404);
      expect(response.json().status).toBe('not_found');
    }
    clock.advance(2 * HOUR_MS - 1000);
    expect((await getOrder(first.order.number, first.access_token)).statusCode).toBe(200);
    clock.advance(2000);
    expect((await getOrder(first.order.number, first.access_token)).statusCode).toBe(404);
    clock.set(START);
  });

  it('expired tokens are deleted by the housekeeping job; live ones stay', async () => {
    clock.set(START);
    const a = await readyCart('part');
    const first = completeResponse.parse((await complete(a.cart, completion(a.view.grand_total.ttc))).json());
    clock.advance(HOUR_MS);
    const b = await readyCart('part');
    const second = completeResponse.parse(
      (await complete(b.cart, completion(b.view.grand_total.ttc))).json(),
    );
    clock.advance(HOUR_MS + HOUR_MS / 2);
    await t.app.jobs.runNow('housekeeping');
    const tokensOf = async (number: string) =>
      Number(
        (
          await rows<{ n: number }>(
            sql`select count(*)::int as n from order_access a join orders o on o.id = a.order_id
                where o.number = ${number}`,
          )
        )[0]!.n,
      );
    expect(await tokensOf(first.order.number)).toBe(0);
    expect(await tokensOf(second.order.number)).toBe(1);
    expect((await getOrder(second.order.number, second.access_token)).statusCode).toBe(200);
    clock.set(START);
  });
});

describe('the database keeps orders honest', () => {
  it('refuses amounts that do not add up, negative ones, and bad numbers (CHECKs)', async () => {
    const [order] = await rows<{ id: number }>(sql`select id from orders where status = 'paid' limit 1`);
    for (const change of [
      sql`update orders set total_inc_pence = total_inc_pence + 1 where id = ${order!.id}`,
      sql`update orders set discount_ex_pence = -1 where id = ${order!.id}`,
      sql`update orders set discount_inc_pence = subtotal_inc_pence + 1 where id = ${order!.id}`,
      sql`update orders set number = 'X-1' where id = ${order!.id}`,
      sql`update order_line set line_vat_pence = line_vat_pence + 1 where order_id = ${order!.id}`,
      sql`update order_line set quantity = 0 where order_id = ${order!.id}`,
    ]) {
      await expect(t.database.db.execute(change)).rejects.toThrow();
    }
  });
});

describe('expired carts and payments in flight', () => {
  it('never sweeps a cart whose order waits for its payment', async () => {
    clock.set(START);
    const waiting = await readyCart('pro');
    const pending = completeResponse.parse(
      (await complete(waiting.cart, completion(waiting.view.grand_total.ttc, 'tok_3ds'))).json(),
    );
    const idle = await readyCart('pro');
    clock.advance(73 * HOUR_MS);
    await t.app.jobs.runNow('housekeeping');
    const hashes = (await rows<{ token_hash: string }>(sql`select token_hash from cart`)).map(
      (r) => r.token_hash,
    );
    expect(hashes).toContain(hashToken(waiting.cart.token!));
    expect(hashes).not.toContain(hashToken(idle.cart.token!));
    const [order] = await rows<{ status: string }>(
      sql`select status from orders where number = ${pending.order.number}`,
    );
    expect(order!.status).toBe('pending_payment');
    clock.set(START);
  });
});

describe('same-origin writes (api-contract.md principle 6)', () => {
  it('refuses cross-site basket and checkout writes with 403', async () => {
    const url = `/api/v1/cart/items?${q({ saleplan_id: PART_PLAN })}`;
    const payload = { items: [{ element_id: multiFill.id, quantity: 1 }] };
    for (const headers of [
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'https://evil.example' },
      { origin: 'null' },
    ]) {
      const response = await t.app.inject({ method: 'POST', url, payload, headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json().status).toBe('cross_site_request');
    }
    const site = new URL(t.app.config.mail.siteUrl).origin;
    for (const headers of [{ 'sec-fetch-site': 'same-origin', origin: site }, {}]) {
      expect((await t.app.inject({ method: 'POST', url, payload, headers })).statusCode).toBe(201);
    }
    const complete = await t.app.inject({
      method: 'POST',
      url: `/api/v1/checkout/complete?${q()}`,
      payload: {},
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(complete.statusCode).toBe(403);
  });
});

describe('races (also on the PostgreSQL server)', () => {
  it('10 concurrent completions of one basket give exactly one order', async () => {
    const { cart, view } = await readyCart('part');
    const before = await countOrders();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => complete(cart, completion(view.grand_total.ttc))),
    );
    // One places and pays the order; the others answer it paid (200), or, while its card attempt is being made,
    // wait for it (409 payment_pending naming it).
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status !== 200 && status !== 409)).toEqual([201]);
    for (const answer of answers.filter((a) => a.statusCode === 409)) {
      expect(answer.json().status).toBe('payment_pending');
    }
    const numbers = new Set(answers.map((a) => a.json().order.number));
    expect(numbers.size).toBe(1);
    expect(await countOrders()).toBe(before + 1);
    const [paid] = await rows<{ n: number }>(
      sql`select count(*)::int as n from payment p join orders o on o.id = p.order_id where o.number = ${[...numbers][0]!}`,
    );
    expect(Number(paid!.n)).toBe(1);
  });

  it('a single-use code used by two baskets at once: one order gets it, the other is 409 discount_exhausted', async () => {
    const [site] = await rows<{ id: number }>(sql`select id from site where is_local`);
    await t.database.db.execute(sql`
      insert into discount (site_id, code, description, type, unit, value, usage_limit)
      values (${site!.id}, 'RACE1', '5 % off, once', 'cart_discount', 'percent', 5, 1)`);
    const baskets = await Promise.all([readyCart('part'), readyCart('part')]);
    const views: Awaited<ReturnType<CartClient['ok']>>[] = [];
    for (const basket of baskets)
      views.push(await basket.cart.ok('POST', '/cart/discount', { code: 'RACE1' }));
    const answers = await Promise.all(
      baskets.map((basket, i) => complete(basket.cart, completion(views[i]!.grand_total.ttc))),
    );
    expect(answers.map((a) => a.statusCode).toSorted()).toEqual([201, 409]);
    const refused = conflictBody.parse(answers.find((a) => a.statusCode === 409)!.json());
    expect(refused.status).toBe('discount_exhausted');
    expect(refused.cart!.discounts.cart_discount).toBeNull();
    const [discount] = await rows<{ used: number }>(sql`select used from discount where code = 'RACE1'`);
    expect(Number(discount!.used)).toBe(1);
  });
});

describe('the OpenAPI document', () => {
  it('documents every checkout, order and payment call', async () => {
    const paths = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json().paths;
    for (const [path, method] of [
      ['/api/v1/checkout/delivery', 'put'],
      ['/api/v1/checkout/billing', 'put'],
      ['/api/v1/checkout/carriers', 'get'],
      ['/api/v1/checkout/payment-methods', 'get'],
      ['/api/v1/checkout/complete', 'post'],
      ['/api/v1/orders/{number}', 'get'],
      ['/api/v1/payments/fake/authorise/{payment_id}', 'get'],
      ['/api/v1/payments/fake/authorise/{payment_id}', 'post'],
      ['/api/v1/payments/fake/webhook', 'post'],
    ] as const) {
      expect(paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
    const completeDoc = paths['/api/v1/checkout/complete'].post.responses;
    expect(Object.keys(completeDoc).toSorted()).toEqual([
      '200',
      '201',
      '202',
      '400',
      '402',
      '403',
      '404',
      '409',
      '429',
      '502',
    ]);
  });
});
