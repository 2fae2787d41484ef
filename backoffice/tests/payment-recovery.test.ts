/**
 * Payments under crashes and races (issue 21): the fake provider keeps its side in the database, so the same
 * idempotency key gets the same answer after a restart or from a second back-office; a card attempt whose answer
 * never came is answered 202 `pending` (never `done`), waited for while it may still be in flight (409
 * `payment_pending`), and settled after `PAYMENT_RECONCILE_AFTER_SECONDS` by the shopper's next attempt or by the
 * reconciliation job, once, however many back-offices run it; one card attempt per basket at a time; and a guest's
 * access to an order ends 2 hours after it was placed, however often the basket is completed again. The races also
 * run on the PostgreSQL server (DATABASE_URL), where requests really run at once.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { HOUR_MS } from '@plasterwick/shop-rules/time';
import { buildApp } from '../src/app.ts';
import { fakeClock } from '../src/lib/clock.ts';
import { completeResponse, conflictBody } from '../src/modules/checkout/schemas.ts';
import { orderResponse } from '../src/modules/orders/schemas.ts';
import { fakeProvider } from '../src/modules/payments/index.ts';
import type { CartClient } from './cart-helpers.ts';
import { checkoutKit, complete, completion } from './checkout-helpers.ts';
import { createTestApp, type TestApp } from './helpers.ts';

const START = new Date('2027-04-01T09:00:00Z');
const clock = fakeClock(START);
/** The default `PAYMENT_RECONCILE_AFTER_SECONDS`. */
const AFTER_MS = 300_000;

/** What the tests do to the card calls between the shop and the fake provider. */
const line = {
  /** The connection drops before the call reaches the provider (it never hears of the payment). */
  drop: false,
  /** Card calls wait for this before going on. */
  hold: undefined as Promise<void> | undefined,
  calls: 0,
};

let t: TestApp;
let kit: Awaited<ReturnType<typeof checkoutKit>>;
let codeId: number;

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      clock,
      paymentProvider: (fake) => ({
        ...fake,
        async createPayment(input) {
          line.calls += 1;
          if (line.hold) await line.hold;
          if (line.drop) throw new Error('connection reset by peer');
          return fake.createPayment(input);
        },
      }),
    },
  );
  kit = await checkoutKit(t);
  const [code] = await kit.rows<{ id: number }>(sql`
    insert into discount (site_id, code, description, type, unit, value, usage_limit)
    select id, 'RECOVER5', '5 % off', 'cart_discount', 'percent', 5, 1000 from site where is_local
    returning id`);
  codeId = code!.id;
});
afterAll(() => t.close());
beforeEach(() => {
  clock.set(START);
  Object.assign(line, { drop: false, hold: undefined, calls: 0 });
});

/** A basket with the code RECOVER5, ready to pay: its client and the total to expect. */
async function basketWithCode() {
  const { cart } = await kit.readyCart('part');
  const view = await cart.ok('POST', '/cart/discount', { code: 'RECOVER5' });
  return { cart, total: view.grand_total.ttc };
}

const codeUsed = async () =>
  Number((await kit.rows<{ used: number }>(sql`select used from discount where id = ${codeId}`))[0]!.used);

const codeUses = async () =>
  Number(
    (
      await kit.rows<{ n: number }>(
        sql`select count(*)::int as n from discount_use where discount_id = ${codeId}`,
      )
    )[0]!.n,
  );

async function orderRow(number: string) {
  const [row] = await kit.rows<{
    id: number;
    status: string;
    payment_status: string;
    provider_ref: string | null;
    payment_id: string;
    uses: number;
  }>(sql`
    select o.id, o.status, p.status as payment_status, p.provider_ref, p.id as payment_id,
      (select count(*)::int from discount_use u where u.order_id = o.id) as uses
    from orders o join payment p on p.order_id = o.id where o.number = ${number}`);
  return row!;
}

const confirmations = async (number: string) =>
  Number(
    (
      await kit.rows<{ n: number }>(
        sql`select count(*)::int as n from mail_outbox where kind = 'order.confirmation' and subject like ${`%${number}`}`,
      )
    )[0]!.n,
  );

describe('the fake provider keeps its side of each payment in the database', () => {
  it('answers the same for the same key, after a restart and from a second back-office', async () => {
    const secret = t.app.config.payment.webhookSecret;
    const first = fakeProvider(secret, t.database.db);
    const input = {
      idempotencyKey: 'pay_samekey0000000000000001',
      paymentId: 'pay_samekey0000000000000001',
      amountPence: 1234,
      currency: 'GBP',
      cardToken: 'tok_ok',
      description: 'Plasterwick order PW-000001',
    };
    const paid = await first.createPayment(input);
    expect(paid).toMatchObject({ status: 'succeeded', providerRef: expect.stringMatching(/^fake_/) });
    // The same key again, even with another card: the same answer, nothing more taken.
    expect(await first.createPayment({ ...input, cardToken: 'tok_decline' })).toEqual(paid);
    const restarted = fakeProvider(secret, t.database.db);
    expect(await restarted.createPayment(input)).toEqual(paid);
    const providerRef = (paid as { providerRef: string }).providerRef;
    expect(await restarted.paymentStatus({ idempotencyKey: input.idempotencyKey })).toEqual({
      status: 'succeeded',
      providerRef,
    });
    expect(await restarted.paymentStatus({ providerRef })).toEqual({ status: 'succeeded', providerRef });
    expect(await restarted.paymentStatus({ idempotencyKey: 'pay_neverseen00000000000001' })).toEqual({
      status: 'unknown',
      providerRef: undefined,
    });
    const [kept] = await kit.rows<{ n: number }>(
      sql`select count(*)::int as n from fake_provider_payment where idempotency_key = ${input.idempotencyKey}`,
    );
    expect(Number(kept!.n)).toBe(1);
  });

  it('a key cancelled before the payment reached it refuses the late attempt; tok_timeout loses only its first answer', async () => {
    const provider = fakeProvider(t.app.config.payment.webhookSecret, t.database.db);
    const input = (key: string, cardToken: string) => ({
      idempotencyKey: key,
      paymentId: key,
      amountPence: 999,
      currency: 'GBP',
      cardToken,
      description: 'Plasterwick order PW-000002',
    });
    await provider.cancelPayment({ idempotencyKey: 'pay_voided000000000000000001' });
    expect(await provider.createPayment(input('pay_voided000000000000000001', 'tok_ok'))).toMatchObject({
      status: 'declined',
      code: 'payment_cancelled',
    });
    const lost = input('pay_lostanswer0000000000001', 'tok_timeout');
    await expect(provider.createPayment(lost)).rejects.toThrow('lost');
    expect(await provider.createPayment(lost)).toMatchObject({ status: 'succeeded' });
  });
});

describe('a card attempt whose answer never came (a crash, a dropped connection)', () => {
  it('answers 202 pending, never done; another attempt meanwhile waits for it (409 payment_pending)', async () => {
    const { cart, total } = await basketWithCode();
    line.drop = true;
    const lost = await complete(cart, completion(total));
    expect(lost.statusCode, lost.body).toBe(202);
    const body = completeResponse.parse(lost.json());
    expect(body.order.status).toBe('pending_payment');
    expect(body.next).toEqual({ type: 'pending' });
    const shown = orderResponse.parse((await kit.getOrder(body.order.number, body.access_token)).json());
    expect(shown.order).toMatchObject({ status: 'pending_payment', payment: { status: 'pending' } });

    line.drop = false;
    clock.advance(AFTER_MS - 1000);
    const again = await complete(cart, completion(total));
    expect(again.statusCode, again.body).toBe(409);
    const waiting = conflictBody.parse(again.json());
    expect(waiting).toMatchObject({
      status: 'payment_pending',
      message: 'A payment for this basket is already being processed: please wait for it',
      order: { number: body.order.number, status: 'pending_payment' },
    });
    expect((await kit.getOrder(body.order.number, waiting.access_token)).statusCode).toBe(200);
    // Still open: the card was asked once.
    expect(line.calls).toBe(1);
  });

  it('never received: the next attempt after the period cancels it (code given back) and orders the basket afresh', async () => {
    const { cart, total } = await basketWithCode();
    const usedBefore = await codeUsed();
    line.drop = true;
    const lost = completeResponse.parse((await complete(cart, completion(total))).json());
    expect(await codeUsed()).toBe(usedBefore + 1);
    line.drop = false;
    clock.advance(AFTER_MS);
    const retried = await complete(cart, completion(total));
    expect(retried.statusCode, retried.body).toBe(201);
    const fresh = completeResponse.parse(retried.json());
    expect(fresh.order.number).not.toBe(lost.order.number);
    expect(fresh.order.status).toBe('paid');
    expect(fresh.next.type).toBe('done');
    expect(await orderRow(lost.order.number)).toMatchObject({
      status: 'cancelled',
      payment_status: 'cancelled',
      uses: 0,
    });
    expect(await codeUsed()).toBe(usedBefore + 1);
    // The provider will take nothing under the cancelled payment's key now.
    const { payment_id } = await orderRow(lost.order.number);
    expect(await t.app.payments.paymentStatus({ idempotencyKey: payment_id })).toMatchObject({
      status: 'cancelled',
    });
  });

  it('taken but its answer lost (tok_timeout): 202, then the next attempt after the period answers that order, paid', async () => {
    const { cart, total } = await basketWithCode();
    const lost = await complete(cart, completion(total, 'tok_timeout'));
    expect(lost.statusCode, lost.body).toBe(202);
    const body = completeResponse.parse(lost.json());
    clock.advance(AFTER_MS);
    const retried = await complete(cart, completion(total));
    expect(retried.statusCode, retried.body).toBe(200);
    const answer = completeResponse.parse(retried.json());
    expect(answer.order).toEqual({ ...body.order, status: 'paid' });
    expect(answer.next).toEqual({ type: 'done', url: `/diy-filler/confirmation?order=${body.order.number}` });
    const row = await orderRow(body.order.number);
    expect(row).toMatchObject({ status: 'paid', payment_status: 'succeeded', uses: 1 });
    expect(row.provider_ref).toMatch(/^fake_/);
    expect(await confirmations(body.order.number)).toBe(1);
  });
});

describe('the reconciliation job', () => {
  let second: FastifyInstance | undefined;
  afterAll(async () => {
    await second?.close();
  });

  it('settles what was left open, once, however many back-offices run it: paid stays paid, the rest cancelled', async () => {
    const dropped = await basketWithCode();
    line.drop = true;
    const never = completeResponse.parse((await complete(dropped.cart, completion(dropped.total))).json());
    line.drop = false;
    const taken = await basketWithCode();
    const lost = completeResponse.parse(
      (await complete(taken.cart, completion(taken.total, 'tok_timeout'))).json(),
    );
    const authorising = await basketWithCode();
    const waiting = completeResponse.parse(
      (await complete(authorising.cart, completion(authorising.total, 'tok_3ds'))).json(),
    );
    expect(waiting.next.type).toBe('redirect');
    const usedBefore = await codeUsed();

    clock.advance(AFTER_MS - 1000);
    await t.app.jobs.runNow('payment-reconciliation');
    expect((await orderRow(lost.order.number)).status).toBe('pending_payment');

    // A second back-office on the same database, with its own (restarted) provider adapter.
    clock.advance(1000);
    second = await buildApp({
      db: t.database.db,
      config: t.app.config,
      logger: false,
      clock,
      paymentProvider: fakeProvider(t.app.config.payment.webhookSecret, t.database.db),
    });
    await second.ready();
    await Promise.all([
      t.app.jobs.runNow('payment-reconciliation'),
      second.jobs.runNow('payment-reconciliation'),
      t.app.jobs.runNow('payment-reconciliation'),
    ]);

    expect(await orderRow(never.order.number)).toMatchObject({
      status: 'cancelled',
      payment_status: 'cancelled',
      uses: 0,
    });
    expect(await orderRow(waiting.order.number)).toMatchObject({
      status: 'cancelled',
      payment_status: 'cancelled',
      uses: 0,
    });
    const paid = await orderRow(lost.order.number);
    expect(paid).toMatchObject({ status: 'paid', payment_status: 'succeeded', uses: 1 });
    expect(await t.app.payments.paymentStatus({ providerRef: paid.provider_ref! })).toMatchObject({
      status: 'succeeded',
    });
    expect(await confirmations(lost.order.number)).toBe(1);
    // Each use given back once: the count is the orders still holding one.
    expect(await codeUsed()).toBe(await codeUses());
    expect(await codeUsed()).toBeLessThanOrEqual(usedBefore - 2);

    // The bank's page, opened before, can no longer take the money of the cancelled order.
    const late = await t.app.inject({
      method: 'POST',
      url: (waiting.next as { url: string }).url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'decision=approve',
    });
    expect(late.statusCode).toBe(303);
    expect((await orderRow(waiting.order.number)).status).toBe('cancelled');
    // Their baskets are free again: paying now makes a new order.
    const again = await complete(dropped.cart, completion(dropped.total));
    expect(again.statusCode, again.body).toBe(201);
  });
});

describe('one card attempt per basket at a time (races on PostgreSQL)', () => {
  /** Orders placed with `email`, with their payments. */
  const ordersOf = (email: string) =>
    kit.rows<{ number: string; status: string; payment_status: string }>(sql`
      select o.number, o.status, p.status as payment_status
      from orders o join payment p on p.order_id = o.id where o.email = ${email}`);

  async function completeAll(cart: CartClient, body: object, count: number) {
    let answered = 0;
    const requests = Array.from({ length: count }, () =>
      complete(cart, body).then((answer) => {
        answered += 1;
        return answer;
      }),
    );
    return { requests, answered: () => answered };
  }

  it('10 declined completions at once: one card attempt, the others wait for it (409 naming its order)', async () => {
    const { cart, view } = await kit.readyCart('part');
    const email = 'ten.declines@example.co.uk';
    let release = () => {};
    line.hold = new Promise<void>((resolve) => (release = resolve));
    const sent = await completeAll(cart, completion(view.grand_total.ttc, 'tok_decline', { email }), 10);
    // The first attempt is at the provider; every other completion answers meanwhile.
    await vi.waitFor(() => expect(sent.answered()).toBe(9), { timeout: 20_000, interval: 20 });
    release();
    const answers = await Promise.all(sent.requests);
    expect(answers.map((answer) => answer.statusCode).toSorted()).toEqual([
      402, 409, 409, 409, 409, 409, 409, 409, 409, 409,
    ]);
    expect(line.calls).toBe(1);
    const orders = await ordersOf(email);
    expect(orders).toEqual([
      { number: expect.any(String), status: 'payment_failed', payment_status: 'failed' },
    ]);
    for (const answer of answers.filter((a) => a.statusCode === 409)) {
      expect(conflictBody.parse(answer.json())).toMatchObject({
        status: 'payment_pending',
        order: { number: orders[0]!.number },
      });
    }
    // The basket is kept for another card.
    expect((await cart.view()).list).toEqual(view.list);
  });

  it('10 at once, the provider answering as fast as it can: never a done, one order per card attempt', async () => {
    const { cart, view } = await kit.readyCart('part');
    const email = 'ten.fast.declines@example.co.uk';
    const sent = await completeAll(cart, completion(view.grand_total.ttc, 'tok_decline', { email }), 10);
    const answers = await Promise.all(sent.requests);
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status !== 402 && status !== 409)).toEqual([]);
    const declined = statuses.filter((status) => status === 402).length;
    expect(declined).toBeGreaterThanOrEqual(1);
    expect(line.calls).toBe(declined);
    const orders = await ordersOf(email);
    expect(orders).toHaveLength(declined);
    expect(orders.every((order) => order.status === 'payment_failed')).toBe(true);
  });

  it('the database refuses a second open card attempt on a basket', async () => {
    const { cart, view } = await kit.readyCart('part');
    const body = completeResponse.parse(
      (await complete(cart, completion(view.grand_total.ttc, 'tok_3ds'))).json(),
    );
    const { id } = await orderRow(body.order.number);
    await expect(
      t.database.db.execute(sql`
        insert into payment (id, order_id, cart_id, provider, method, amount_pence, currency, status,
          attempt_at, created_at, updated_at)
        select 'pay_second0000000000000001', o.id, p.cart_id, 'fake', 'card', 100, 'GBP', 'pending', now(), now(), now()
        from orders o join payment p on p.order_id = o.id where o.id = ${id}`),
    ).rejects.toThrow();
  });
});

describe('guest access to an order ends 2 hours after it was placed', () => {
  it('completing the paid basket again answers the same order with the first expiry; after it, 404 cart_not_found', async () => {
    const { cart, view } = await kit.readyCart('part');
    const first = completeResponse.parse((await complete(cart, completion(view.grand_total.ttc))).json());
    const firstExpiry = new Date(START.getTime() + 2 * HOUR_MS).toISOString();
    expect(first.access_token_expires_at).toBe(firstExpiry);

    clock.advance(HOUR_MS);
    const again = await complete(cart, completion(view.grand_total.ttc));
    expect(again.statusCode, again.body).toBe(200);
    const second = completeResponse.parse(again.json());
    expect(second.order).toEqual(first.order);
    expect(second.access_token_expires_at).toBe(firstExpiry);

    clock.set(new Date(START.getTime() + 2 * HOUR_MS - 1000));
    expect((await kit.getOrder(first.order.number, second.access_token)).statusCode).toBe(200);
    clock.set(new Date(START.getTime() + 2 * HOUR_MS + 1000));
    expect((await kit.getOrder(first.order.number, second.access_token)).statusCode).toBe(404);
    const late = await complete(cart, completion(view.grand_total.ttc));
    expect(late.statusCode, late.body).toBe(404);
    expect(late.json().status).toBe('cart_not_found');
  });
});
