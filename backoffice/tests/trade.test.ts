/**
 * Trade accounts (api-contract.md "Accounts", "Checkout and orders"): staff approval with the API key (never
 * without it), the `on_account` payment method of an approved account with its credit, an order on account with
 * its PO, due date and confirmation e-mail, the refusals (no PO when required, over the limit, not a trade
 * account), and the race: two baskets of one account completed at once that together exceed its limit → exactly
 * one order. The race runs on the PostgreSQL server too (DATABASE_URL), where the two transactions really overlap.
 */
import { CHECKOUT_MESSAGES } from '@plasterwick/shop-rules/checkout';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, orders } from '../src/db/schema.ts';
import { DAY_MS } from '@plasterwick/shop-rules/time';
import { fakeClock } from '../src/lib/clock.ts';
import { resolveContext } from '../src/lib/context.ts';
import { DomainError } from '../src/lib/errors.ts';
import { commonQuery } from '../src/lib/params.ts';
import { completeResponse } from '../src/modules/checkout/schemas.ts';
import { completeCheckout } from '../src/flows/complete-checkout.ts';
import { orderResponse } from '../src/modules/orders/schemas.ts';
import { staffCustomerSchema } from '../src/modules/trade/schemas.ts';
import { createCustomer, type TestCustomer } from './account-helpers.ts';
import { cartClient, productOf } from './cart-helpers.ts';
import { customerCart, DELIVERY_ADDRESS, PHONE } from './customer-cart-helpers.ts';
import { API_KEY, createTestApp, PRO_PLAN, q, SITE_ID, type TestApp } from './helpers.ts';

const START = new Date('2027-03-01T09:00:00Z');
const clock = fakeClock(START);
let t: TestApp;
let bag: { id: number; reference: string };

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  const product = await productOf(t.app, 'plasterwick-multi-fill-powder', PRO_PLAN);
  bag = { id: product.id, reference: product.variants[1]!.reference };
});
afterAll(() => t.close());

const key = { 'x-api-key': API_KEY };

function staff(method: 'GET' | 'PUT' | 'POST', path: string, payload?: object, headers: object = key) {
  return t.app.inject({
    method,
    url: `/api/v1${path}${path.includes('?') ? '&' : '?'}${q()}`,
    headers: headers as Record<string, string>,
    ...(payload ? { payload } : {}),
  });
}

/** A logged-in trade basket of `quantity` 5 kg bags delivered next day, ready to pay. */
async function readyBasket(who: TestCustomer, quantity = 2) {
  const cart = customerCart(t.app, who, PRO_PLAN);
  await cart.add([{ element_id: bag.id, variant_reference: bag.reference, quantity }]);
  const view = await cart.deliver('next_day');
  return { cart, view };
}

const onAccount = (total: number, extra: object = {}) => ({
  payment_method: 'on_account',
  accept_terms: true,
  expected_total: total,
  email: 'buyer@morgan-plastering.example',
  ...extra,
});

async function paymentMethods(headers: Record<string, string>) {
  const response = await t.app.inject({
    url: `/api/v1/checkout/payment-methods?${q({ saleplan_id: PRO_PLAN })}`,
    headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().methods as { code: string; [key: string]: unknown }[];
}

async function ordersOf(customerId: number) {
  return t.app.db.select().from(orders).where(eq(orders.customerId, customerId));
}

describe('staff approval (API key, back-office port only)', () => {
  it('answers 401 without the key, before looking at the body', async () => {
    const who = await createCustomer(t.app);
    expect((await staff('GET', `/customers?email=${who.customer.email}`, undefined, {})).statusCode).toBe(
      401,
    );
    expect((await staff('PUT', `/customers/${who.customer.id}/trade`, { bogus: 1 }, {})).statusCode).toBe(
      401,
    );
    // A customer's session is no key.
    expect(
      (await staff('PUT', `/customers/${who.customer.id}/trade`, { approved: true }, who.headers)).statusCode,
    ).toBe(401);
    const [row] = await t.app.db.select().from(customers).where(eq(customers.id, who.customer.id));
    expect(row!.tradeApproved).toBe(false);
  });

  it('finds a customer by e-mail and approves it with terms; withdrawing the approval resets them', async () => {
    const who = await createCustomer(t.app, { company: 'Morgan Plastering Ltd' });
    const found = await staff(
      'GET',
      `/customers?email=${encodeURIComponent(who.customer.email.toUpperCase())}`,
    );
    expect(found.statusCode, found.body).toBe(200);
    expect(found.headers['cache-control']).toBe('no-store');
    const items = found.json().items as unknown[];
    expect(items.map((item) => staffCustomerSchema.parse(item).id)).toEqual([who.customer.id]);

    const approved = await staff('PUT', `/customers/${who.customer.id}/trade`, {
      approved: true,
      payment_terms_days: 30,
      credit_limit_pence: 250_000,
      po_required: true,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(staffCustomerSchema.parse(approved.json()).trade).toEqual({
      approved: true,
      payment_terms_days: 30,
      credit_limit_pence: 250_000,
      credit_available_pence: 250_000,
      po_required: true,
      version: 2,
    });
    expect((await paymentMethods(who.headers)).map((m) => m.code)).toEqual(['card', 'on_account']);

    const withdrawn = await staff('PUT', `/customers/${who.customer.id}/trade`, { approved: false });
    expect(staffCustomerSchema.parse(withdrawn.json()).trade).toEqual({
      approved: false,
      payment_terms_days: 0,
      credit_limit_pence: 0,
      credit_available_pence: 0,
      po_required: false,
      version: 3,
    });
    expect((await paymentMethods(who.headers)).map((m) => m.code)).toEqual(['card']);

    expect((await staff('PUT', '/customers/999999/trade', { approved: false })).statusCode).toBe(404);
    expect(
      (
        await staff('PUT', `/customers/${who.customer.id}/trade`, {
          approved: false,
          payment_terms_days: 365,
        })
      ).statusCode,
    ).toBe(400);
    expect((await staff('GET', '/customers?email=a')).statusCode).toBe(400);
  });
});

describe('paying on account', () => {
  it('lists on_account only for an approved trade account, with its credit and terms', async () => {
    expect((await paymentMethods({})).map((m) => m.code)).toEqual(['card']);
    const plain = await createCustomer(t.app);
    expect((await paymentMethods(plain.headers)).map((m) => m.code)).toEqual(['card']);
    const trade = await createCustomer(t.app, {
      tradeApproved: true,
      paymentTermsDays: 45,
      creditLimitPence: 80_000,
      poRequired: false,
    });
    const methods = await paymentMethods(trade.headers);
    expect(methods[1]).toEqual({
      code: 'on_account',
      label: 'On account (45 days)',
      credit_available_pence: 80_000,
      po_required: false,
      payment_terms_days: 45,
    });
  });

  it('places an order on account with its PO: due after the terms, confirmation e-mail, credit taken', async () => {
    const trade = await createCustomer(t.app, {
      tradeApproved: true,
      paymentTermsDays: 30,
      creditLimitPence: 500_000,
      poRequired: true,
    });
    const { cart, view } = await readyBasket(trade);
    const total = view.grand_total.ttc;

    const missing = await cart.call('POST', '/checkout/complete', onAccount(total));
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      errors: [{ field: 'body.po_number', message: CHECKOUT_MESSAGES.poNumber }],
    });

    const response = await cart.call(
      'POST',
      '/checkout/complete',
      onAccount(total, { po_number: 'PO-4471' }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const body = completeResponse.parse(response.json());
    expect(body.order.status).toBe('on_account');
    expect(body.next).toEqual({
      type: 'done',
      url: `/professional-filler/confirmation?order=${body.order.number}`,
    });

    const read = await t.app.inject({
      url: `/api/v1/orders/${body.order.number}?${q()}`,
      headers: trade.headers,
    });
    expect(read.statusCode, read.body).toBe(200);
    const { order } = orderResponse.parse(read.json());
    expect(order).toMatchObject({
      status: 'on_account',
      po_number: 'PO-4471',
      placed_at: START.toISOString(),
      payment_due_at: new Date(START.getTime() + 30 * DAY_MS).toISOString(),
      payment: { method: 'on_account', provider: null, status: 'pending' },
    });
    expect(order.grand_total.ttc).toBe(total);

    const [mail] = await t.app.db
      .execute(
        sql`select recipient, text_body from mail_outbox where kind = 'order.confirmation' and subject like ${`%${body.order.number}`}`,
      )
      .then(
        (result) =>
          (Array.isArray(result) ? result : (result as unknown as { rows: unknown[] }).rows) as {
            recipient: string;
            text_body: string;
          }[],
      );
    expect(mail!.recipient).toBe('buyer@morgan-plastering.example');
    expect(mail!.text_body).toContain('Your reference (PO): PO-4471');
    expect(mail!.text_body).toContain('Payment due: Wednesday 31 March 2027');
    expect(mail!.text_body).toContain('Payment: On account');

    const methods = await paymentMethods(trade.headers);
    expect(methods[1]).toMatchObject({ credit_available_pence: 500_000 - total });
    // The basket is done with: the next call starts a new one.
    const next = await cart.call('GET', '/cart');
    expect(next.statusCode).toBe(404);
  });

  it('staff record an invoice as paid, once: the order is paid and its amount is credit again', async () => {
    const trade = await createCustomer(t.app, {
      tradeApproved: true,
      paymentTermsDays: 30,
      creditLimitPence: 500_000,
    });
    const { cart, view } = await readyBasket(trade);
    const placed = await cart.call('POST', '/checkout/complete', onAccount(view.grand_total.ttc));
    expect(placed.statusCode, placed.body).toBe(201);
    const { number } = completeResponse.parse(placed.json()).order;
    expect((await paymentMethods(trade.headers))[1]).toMatchObject({
      credit_available_pence: 500_000 - view.grand_total.ttc,
    });

    expect((await staff('POST', `/orders/${number}/invoice-paid`, undefined, {})).statusCode).toBe(401);
    clock.advance(DAY_MS);
    const settled = await staff('POST', `/orders/${number}/invoice-paid`);
    expect(settled.statusCode, settled.body).toBe(200);
    expect(settled.json()).toEqual({ number, status: 'paid', paid_at: clock.now().toISOString() });
    expect((await paymentMethods(trade.headers))[1]).toMatchObject({ credit_available_pence: 500_000 });

    const again = await staff('POST', `/orders/${number}/invoice-paid`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ status: 'order_not_on_account' });
    expect((await staff('POST', '/orders/PW-999999/invoice-paid')).statusCode).toBe(404);
    expect((await staff('POST', '/orders/not-a-number/invoice-paid')).statusCode).toBe(400);
  });

  it('refuses an order over the credit left: 402 credit_limit_exceeded, and no order', async () => {
    const trade = await createCustomer(t.app, {
      tradeApproved: true,
      paymentTermsDays: 30,
      creditLimitPence: 1_000,
    });
    const { cart, view } = await readyBasket(trade);
    expect(view.grand_total.ttc).toBeGreaterThan(1_000);
    const response = await cart.call('POST', '/checkout/complete', onAccount(view.grand_total.ttc));
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({ status: 'credit_limit_exceeded' });
    expect(await ordersOf(trade.customer.id)).toHaveLength(0);
    // The basket is still there to pay by card.
    expect((await cart.call('GET', '/cart')).statusCode).toBe(200);
  });

  it('refuses on_account to a visitor and to an account that is not approved (400 payment_method_unavailable)', async () => {
    const plain = await createCustomer(t.app);
    const { cart, view } = await readyBasket(plain);
    const refused = await cart.call(
      'POST',
      '/checkout/complete',
      onAccount(view.grand_total.ttc, { po_number: 'X' }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().status).toBe('payment_method_unavailable');

    const guest = cartClient(t.app, 'pro');
    await guest.add([{ element_id: bag.id, variant_reference: bag.reference, quantity: 1 }], 201);
    const guestView = await guest.ok('PUT', '/checkout/delivery', {
      method: 'delivery',
      address: DELIVERY_ADDRESS,
      carrier_code: 'next_day',
      phone: PHONE,
    });
    const anonymous = await guest.call('POST', '/checkout/complete', onAccount(guestView.grand_total.ttc));
    expect(anonymous.statusCode).toBe(400);
    expect(anonymous.json().status).toBe('payment_method_unavailable');
  });

  it('a card order placed with a session belongs to the account', async () => {
    const who = await createCustomer(t.app);
    const { cart, view } = await readyBasket(who, 1);
    const response = await cart.call('POST', '/checkout/complete', {
      payment_method: 'card',
      card_token: 'tok_ok',
      accept_terms: true,
      expected_total: view.grand_total.ttc,
      email: who.customer.email,
    });
    expect(response.statusCode, response.body).toBe(201);
    const [order] = await ordersOf(who.customer.id);
    expect(order).toMatchObject({ status: 'paid', paymentMethod: 'card', paymentDueAt: null });
  });
});

describe('the credit limit under concurrency (also on the PostgreSQL server)', () => {
  it('two baskets of one account completed at once that together exceed the limit: exactly one order', async () => {
    // Two open baskets of one account only meet at completion when one was detached mid-flight (order again on
    // another device while this one pays): the session resolver gives a browser one basket. So the two
    // completions are made on the service, each in its own transaction, at the same time.
    const trade = await createCustomer(t.app, {
      tradeApproved: true,
      paymentTermsDays: 30,
      creditLimitPence: 0,
    });
    const baskets = await Promise.all(
      [0, 1].map(async () => {
        const guest = cartClient(t.app, 'pro');
        await guest.add([{ element_id: bag.id, variant_reference: bag.reference, quantity: 2 }], 201);
        const view = await guest.ok('PUT', '/checkout/delivery', {
          method: 'delivery',
          address: DELIVERY_ADDRESS,
          carrier_code: 'next_day',
          phone: PHONE,
        });
        return { token: guest.token!, total: view.grand_total.ttc };
      }),
    );
    const total = baskets[0]!.total;
    // Room for one of them, not both.
    await t.app.db
      .update(customers)
      .set({ creditLimitPence: Math.floor(total * 1.5) })
      .where(eq(customers.id, trade.customer.id));
    const [account] = await t.app.db.select().from(customers).where(eq(customers.id, trade.customer.id));
    const context = await resolveContext(
      t.app.db,
      t.app.cache,
      commonQuery.parse({ site_id: SITE_ID, saleplan_id: PRO_PLAN }),
    );
    const deps = {
      db: t.app.db,
      cache: t.app.cache,
      clock: t.app.clock,
      mail: t.app.config.mail,
      provider: t.app.payments,
      nudgeMail: () => t.app.mail.nudge(),
      log: t.app.log,
      reconcileAfterSeconds: t.app.config.payment.reconcileAfterSeconds,
    };
    const outcomes = await Promise.allSettled(
      baskets.map((basket) =>
        completeCheckout(deps, context, basket.token, account!, {
          payment_method: 'on_account',
          accept_terms: true,
          expected_total: basket.total,
          email: trade.customer.email,
          po_number: undefined,
        }),
      ),
    );
    const placed = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const refused = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
    expect(placed).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toBeInstanceOf(DomainError);
    expect((refused[0] as DomainError).code).toBe('credit_limit_exceeded');
    const rows = await ordersOf(trade.customer.id);
    expect(rows.map((row) => row.status)).toEqual(['on_account']);
  });
});
