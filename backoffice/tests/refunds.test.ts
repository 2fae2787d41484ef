/**
 * Refunds through the provider (issue 21, flows/refund-payment.ts behind the staff call
 * `POST /staff/orders/{id}/refunds`, issue 23):
 * full and partial, the same idempotency key giving the same refund, nothing beyond what was captured (in
 * sequence, and with 10 requests at once: on the PostgreSQL server they really race), a refund the provider
 * settles later through its `refund.succeeded` / `refund.failed` webhook, and a refund whose answer was lost asked
 * again under its key.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orderResponse } from '../src/modules/orders/schemas.ts';
import { fakeEventBody } from '../src/modules/payments/fake.ts';
import { signWebhook } from '../src/modules/payments/provider.ts';
import { SIGNATURE_HEADER } from '../src/modules/payments/routes.ts';
import { completeResponse } from '../src/modules/checkout/schemas.ts';
import { formatPrice } from '@plasterwick/shop-rules/price-format';
import { checkoutKit, complete, completion } from './checkout-helpers.ts';
import { API_KEY, createTestApp, q, type TestApp } from './helpers.ts';

/** How the provider answers refunds in this file: at once (the fake's way), later (by webhook), or not at all. */
const refunds = { mode: 'at_once' as 'at_once' | 'later' | 'lost' };

let t: TestApp;
let kit: Awaited<ReturnType<typeof checkoutKit>>;

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      paymentProvider: (fake) => ({
        ...fake,
        async refundPayment(input) {
          const answer = await fake.refundPayment(input);
          if (refunds.mode === 'lost') throw new Error('socket hang up');
          if (refunds.mode === 'later' && answer.status === 'succeeded') {
            return { status: 'pending', refundId: answer.refundId };
          }
          return answer;
        },
      }),
    },
  );
  kit = await checkoutKit(t);
});
afterAll(() => t.close());
beforeEach(() => {
  refunds.mode = 'at_once';
});

/** A paid order: its id, number, guest token and what was charged. */
async function paidOrder() {
  const { cart, view } = await kit.readyCart('pro');
  const body = completeResponse.parse((await complete(cart, completion(view.grand_total.ttc))).json());
  expect(body.order.status).toBe('paid');
  return { ...body.order, token: body.access_token, charged: view.grand_total.ttc };
}

/** A refund of an amount; the answer is read as `{ refund, payment }` (the order's payment of its `data`). */
async function refund(orderId: number, amount: number, key: string, headers: Record<string, string> = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/v1/staff/orders/${orderId}/refunds?${q()}`,
    headers: { 'x-api-key': API_KEY, ...headers },
    payload: { amount_pence: amount, idempotency_key: key, reason: 'Damaged in transit' },
  });
  const json = response.json.bind(response);
  return Object.assign(response, {
    json: () => {
      const body = json();
      return body.data ? { refund: body.refund, payment: body.data.payment } : body;
    },
  });
}

async function paymentOf(orderId: number) {
  const [row] = await kit.rows<{
    id: string;
    status: string;
    captured_pence: number;
    refunded_pence: number;
    provider_ref: string;
  }>(
    sql`select id, status, captured_pence, refunded_pence, provider_ref from payment where order_id = ${orderId}`,
  );
  return row!;
}

const refundRows = (orderId: number) =>
  kit.rows<{
    amount_pence: number;
    status: string;
    idempotency_key: string;
    provider_refund_id: string | null;
  }>(
    sql`select r.amount_pence, r.status, r.idempotency_key, r.provider_refund_id from payment_refund r
        join payment p on p.id = r.payment_id where p.order_id = ${orderId} order by r.id`,
  );

/** What the provider's side says was refunded of the payment. */
async function providerRefunded(providerRef: string) {
  const [row] = await kit.rows<{ refunded_pence: number; status: string }>(
    sql`select refunded_pence, status from fake_provider_payment where provider_ref = ${providerRef}`,
  );
  return row!;
}

describe('refunds through the provider', () => {
  it('a full refund: the payment is refunded at the provider and here', async () => {
    const order = await paidOrder();
    const response = await refund(order.id, order.charged, 'full-refund-0001');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      refund: {
        amount_pence: order.charged,
        status: 'succeeded',
        provider_refund_id: expect.stringMatching(/^re_/),
      },
      payment: { status: 'refunded', captured_pence: order.charged, refunded_pence: order.charged },
    });
    const payment = await paymentOf(order.id);
    expect(await providerRefunded(payment.provider_ref)).toEqual({
      refunded_pence: order.charged,
      status: 'refunded',
    });
    const shown = orderResponse.parse((await kit.getOrder(order.number, order.token)).json()).order;
    expect(shown).toMatchObject({ status: 'paid', payment: { status: 'refunded' } });
  });

  it('partial refunds add up, and the payment is partially refunded until all of it is back', async () => {
    const order = await paidOrder();
    const first = await refund(order.id, 500, 'partial-refund-0001');
    expect(first.json()).toMatchObject({
      refund: { status: 'succeeded' },
      payment: { status: 'partially_refunded', refunded_pence: 500 },
    });
    const second = await refund(order.id, 300, 'partial-refund-0002');
    expect(second.json().payment).toMatchObject({ status: 'partially_refunded', refunded_pence: 800 });
    const rest = await refund(order.id, order.charged - 800, 'partial-refund-0003');
    expect(rest.json().payment).toMatchObject({ status: 'refunded', refunded_pence: order.charged });
    expect((await refundRows(order.id)).map((row) => [row.amount_pence, row.status])).toEqual([
      [500, 'succeeded'],
      [300, 'succeeded'],
      [order.charged - 800, 'succeeded'],
    ]);
  });

  it('the same key twice is one refund; the key again with another amount is refused', async () => {
    const order = await paidOrder();
    const first = await refund(order.id, 700, 'same-key-refund-0001');
    const again = await refund(order.id, 700, 'same-key-refund-0001');
    expect(again.statusCode).toBe(200);
    expect(again.json().refund).toEqual(first.json().refund);
    expect(await refundRows(order.id)).toHaveLength(1);
    expect((await paymentOf(order.id)).refunded_pence).toBe(700);
    expect((await providerRefunded((await paymentOf(order.id)).provider_ref)).refunded_pence).toBe(700);
    const other = await refund(order.id, 100, 'same-key-refund-0001');
    expect(other.statusCode).toBe(409);
    expect(other.json().status).toBe('idempotency_key_reused');
  });

  it('refuses more than was captured and not yet refunded (409), changing nothing', async () => {
    const order = await paidOrder();
    const beyond = await refund(order.id, order.charged + 1, 'beyond-refund-0001');
    expect(beyond.statusCode, beyond.body).toBe(409);
    expect(beyond.json()).toMatchObject({
      status: 'refund_exceeds_captured',
      refundable_pence: order.charged,
    });
    await refund(order.id, order.charged - 100, 'beyond-refund-0002');
    const over = await refund(order.id, 101, 'beyond-refund-0003');
    expect(over.json()).toMatchObject({ status: 'refund_exceeds_captured', refundable_pence: 100 });
    expect(await refundRows(order.id)).toHaveLength(1);
    expect((await paymentOf(order.id)).refunded_pence).toBe(order.charged - 100);
    // The database itself refuses a refunded total above the captured amount.
    await expect(
      t.database.db.execute(
        sql`update payment set refunded_pence = captured_pence + 1 where order_id = ${order.id}`,
      ),
    ).rejects.toThrow();
  });

  it('10 refunds at once never give back more than was captured (races on PostgreSQL)', async () => {
    const order = await paidOrder();
    const share = Math.floor(order.charged / 3);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        refund(order.id, share, `parallel-refund-${String(i).padStart(4, '0')}`),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).toSorted();
    expect(statuses).toEqual([200, 200, 200, 409, 409, 409, 409, 409, 409, 409]);
    const payment = await paymentOf(order.id);
    expect(payment.refunded_pence).toBe(3 * share);
    expect((await providerRefunded(payment.provider_ref)).refunded_pence).toBe(3 * share);
    expect((await refundRows(order.id)).filter((row) => row.status === 'succeeded')).toHaveLength(3);
    // And 10 at once with one key: one refund.
    const again = await paidOrder();
    const same = await Promise.all(
      Array.from({ length: 10 }, () => refund(again.id, 400, 'one-key-at-once-01')),
    );
    expect(same.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(same.map((answer) => answer.json().refund.id)).size).toBe(1);
    expect((await paymentOf(again.id)).refunded_pence).toBe(400);
  });

  it('an order whose card took nothing has nothing to refund; staff only; unknown orders are 404', async () => {
    const { cart, view } = await kit.readyCart('pro');
    const waiting = completeResponse.parse(
      (await complete(cart, completion(view.grand_total.ttc, 'tok_3ds'))).json(),
    );
    const unpaid = await refund(waiting.order.id, 100, 'unpaid-refund-0001');
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().status).toBe('payment_not_refundable');
    expect((await refund(999_999, 100, 'unknown-refund-0001')).statusCode).toBe(404);
    const order = await paidOrder();
    const anonymous = await refund(order.id, 100, 'anonymous-refund-01', { 'x-api-key': 'wrong' });
    expect(anonymous.statusCode).toBe(401);
    for (const payload of [
      { amount_pence: 0 },
      { amount_pence: 1.5 },
      { amount_pence: 100, idempotency_key: 'x' },
    ]) {
      const bad = await t.app.inject({
        method: 'POST',
        url: `/api/v1/staff/orders/${order.id}/refunds?${q()}`,
        headers: { 'x-api-key': API_KEY },
        payload: { idempotency_key: 'bad-body-refund-01', reason: 'Test', ...payload },
      });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await paymentOf(order.id)).refunded_pence).toBe(0);
  });
});

/** A refund call with any body (the reason added unless given). */
const refundWith = (orderId: number, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/staff/orders/${orderId}/refunds?${q()}`,
    headers: { 'x-api-key': API_KEY },
    payload: { reason: 'Damaged in transit', ...payload },
  });

const refundMails = (orderId: number) =>
  kit.rows<{ text_body: string }>(
    sql`select text_body from mail_outbox where order_id = ${orderId} and kind = 'order.refunded' order by id`,
  );

/** A paid order of 3 bags delivered, with its one line. */
async function orderOfThree() {
  const { cart, view } = await kit.readyCart('part', { quantity: 3 });
  const body = completeResponse.parse((await complete(cart, completion(view.grand_total.ttc))).json());
  const [line] = await kit.rows<{ id: number; line_inc_pence: number }>(
    sql`select id, line_inc_pence from order_line where order_id = ${body.order.id}`,
  );
  const [order] = await kit.rows<{ shipping_inc_pence: number; total_inc_pence: number }>(
    sql`select shipping_inc_pence, total_inc_pence from orders where id = ${body.order.id}`,
  );
  return { id: body.order.id, line: line!, ...order! };
}

describe('refunds by line, in full, with a reason', () => {
  it('by line: pro rata of the quantity, never more than bought, the delivery once; stored with its reason', async () => {
    const order = await orderOfThree();
    const one = await refundWith(order.id, {
      idempotency_key: 'line-refund-0001',
      lines: [{ order_line_id: order.line.id, quantity: 1 }],
    });
    expect(one.statusCode, one.body).toBe(200);
    const third = Math.floor((2 * order.line.line_inc_pence + 3) / 6);
    expect(one.json().refund).toMatchObject({
      amount_pence: third,
      status: 'succeeded',
      reason: 'Damaged in transit',
      lines: [{ order_line_id: order.line.id, quantity: 1, amount_pence: third }],
    });
    expect(one.json().data.lines[0].refunded_quantity).toBe(1);
    const beyond = await refundWith(order.id, {
      idempotency_key: 'line-refund-0002',
      lines: [{ order_line_id: order.line.id, quantity: 3 }],
    });
    expect(beyond.statusCode).toBe(409);
    expect(beyond.json()).toMatchObject({ status: 'refund_exceeds_bought', refundable_quantity: 2 });
    const stranger = await refundWith(order.id, {
      idempotency_key: 'line-refund-0003',
      lines: [{ order_line_id: 999_999, quantity: 1 }],
    });
    expect(stranger.statusCode).toBe(400);
    const rest = await refundWith(order.id, {
      idempotency_key: 'line-refund-0004',
      lines: [{ order_line_id: order.line.id, quantity: 2 }],
      shipping: order.shipping_inc_pence > 0,
    });
    expect(rest.statusCode, rest.body).toBe(200);
    // The units one at a time add up to the line exactly; with the delivery, to all that was paid.
    expect(rest.json().refund.amount_pence).toBe(
      order.line.line_inc_pence - third + order.shipping_inc_pence,
    );
    expect(rest.json().data.payment).toMatchObject({
      status: 'refunded',
      refunded_pence: order.total_inc_pence,
    });
    const mails = await refundMails(order.id);
    expect(mails).toHaveLength(2);
    expect(mails[0]!.text_body).toContain('Damaged in transit');
    expect(mails[0]!.text_body).toContain(formatPrice(third));
  });

  it('in full: neither amount nor lines refunds all that is left; then nothing is left', async () => {
    const order = await paidOrder();
    await refund(order.id, 300, 'full-after-part-01');
    const all = await refundWith(order.id, { idempotency_key: 'full-after-part-02' });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().refund.amount_pence).toBe(order.charged - 300);
    const again = await refundWith(order.id, { idempotency_key: 'full-after-part-03' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ status: 'refund_exceeds_captured', refundable_pence: 0 });
  });

  it('refuses a body with both amount and lines, shipping without lines, or no reason (400)', async () => {
    const order = await orderOfThree();
    for (const payload of [
      { amount_pence: 100, lines: [{ order_line_id: order.line.id, quantity: 1 }] },
      { amount_pence: 100, shipping: true },
      { lines: [] },
      { amount_pence: 100, reason: '' },
      { amount_pence: 100, reason: 'x'.repeat(501) },
      { amount_pence: 100, reason: undefined },
    ]) {
      const response = await refundWith(order.id, { idempotency_key: 'bad-refund-body-1', ...payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('10 refunds of one unit of a line of 3 at once: exactly 3 go through (races on PostgreSQL)', async () => {
    const order = await orderOfThree();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        refundWith(order.id, {
          idempotency_key: `parallel-line-${String(i).padStart(4, '0')}`,
          lines: [{ order_line_id: order.line.id, quantity: 1 }],
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).toSorted();
    expect(statuses).toEqual([200, 200, 200, 409, 409, 409, 409, 409, 409, 409]);
    expect((await paymentOf(order.id)).refunded_pence).toBe(order.line.line_inc_pence);
  });
});

describe('refunds the provider settles later', () => {
  const secret = () => t.app.config.payment.webhookSecret;
  const now = () => Math.floor(Date.now() / 1000);
  const send = (event: Parameters<typeof fakeEventBody>[0]) => {
    const body = fakeEventBody(event);
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/fake/webhook',
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signWebhook(secret(), body, now()) },
      payload: body,
    });
  };

  it('refund.succeeded completes a pending refund once; refund.failed frees its amount again', async () => {
    const order = await paidOrder();
    const payment = await paymentOf(order.id);
    refunds.mode = 'later';
    const pending = await refund(order.id, 600, 'later-refund-0001');
    expect(pending.json()).toMatchObject({
      refund: { status: 'pending' },
      payment: { status: 'succeeded', refunded_pence: 600 },
    });
    const refundId = pending.json().refund.provider_refund_id as string;
    const succeeded = {
      id: 'evt_refund_ok_1',
      type: 'refund.succeeded',
      paymentId: payment.id,
      refundId,
      created: now(),
    } as const;
    expect(await refundMails(order.id)).toHaveLength(0);
    expect((await send(succeeded)).json()).toEqual({ received: true, outcome: 'applied' });
    // The customer hears of the refund once it is done.
    expect(await refundMails(order.id)).toHaveLength(1);
    expect((await send(succeeded)).json().outcome).toBe('duplicate');
    expect(await paymentOf(order.id)).toMatchObject({ status: 'partially_refunded', refunded_pence: 600 });
    expect((await refundRows(order.id))[0]).toMatchObject({ status: 'succeeded' });

    const second = await refund(order.id, 400, 'later-refund-0002');
    const secondId = second.json().refund.provider_refund_id as string;
    expect((await paymentOf(order.id)).refunded_pence).toBe(1000);
    const failed = {
      id: 'evt_refund_ko_1',
      type: 'refund.failed',
      paymentId: payment.id,
      refundId: secondId,
      created: now(),
    } as const;
    expect((await send(failed)).json().outcome).toBe('applied');
    expect(await paymentOf(order.id)).toMatchObject({ status: 'partially_refunded', refunded_pence: 600 });
    // A late success of the failed refund changes nothing.
    const late = { ...failed, id: 'evt_refund_late_1', type: 'refund.succeeded' } as const;
    expect((await send(late)).json().outcome).toBe('ignored');
    expect((await paymentOf(order.id)).refunded_pence).toBe(600);
  });

  it('a refund whose answer was lost stays pending; the same key again settles it, once', async () => {
    const order = await paidOrder();
    refunds.mode = 'lost';
    const lost = await refund(order.id, 250, 'lost-refund-00001');
    expect(lost.statusCode, lost.body).toBe(200);
    expect(lost.json().refund).toMatchObject({ status: 'pending', provider_refund_id: null });
    refunds.mode = 'at_once';
    const again = await refund(order.id, 250, 'lost-refund-00001');
    expect(again.json()).toMatchObject({
      refund: { status: 'succeeded' },
      payment: { status: 'partially_refunded', refunded_pence: 250 },
    });
    expect((await providerRefunded((await paymentOf(order.id)).provider_ref)).refunded_pence).toBe(250);
  });
});
