/**
 * Fulfilment and cancellation by staff (issue 23, `POST /staff/orders/{id}/…`): every move of the machine of
 * shop-rules/fulfilment.ts tried from every state an order of each method can be in (allowed → 200, the same state
 * again → 200 doing nothing, anything else → 409 `fulfilment_not_allowed` with `current`), orders not paid refused,
 * the e-mails (ready to collect names the stockist and its hours, dispatched carries the tracking link), one e-mail
 * and one audit event however often a move is asked, the customer's order showing the state and the tracking, the
 * permissions, and a cancellation giving back the code's use, the card's money and the account's credit.
 */
import {
  FULFILMENT_STATUSES,
  canMoveFulfilment,
  type FulfilmentMethod,
  type FulfilmentStatus,
} from '@plasterwick/shop-rules/fulfilment';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeResponse } from '../src/modules/checkout/schemas.ts';
import { fakeClock } from '../src/lib/clock.ts';
import { myOrdersResponse, orderResponse, staffOrderAnswer } from '../src/modules/orders/schemas.ts';
import { createCustomer } from './account-helpers.ts';
import { address, checkoutKit, complete, completion } from './checkout-helpers.ts';
import { customerCart } from './customer-cart-helpers.ts';
import { createTestApp, PRO_PLAN, q, type TestApp } from './helpers.ts';
import { consoleHeaders, inviteAndEnrol, keyHeaders, setUpOwner, type StaffPerson } from './staff-helpers.ts';

const clock = fakeClock(new Date('2027-03-01T09:00:00Z'));
let t: TestApp;
let kit: Awaited<ReturnType<typeof checkoutKit>>;
const people = new Map<string, StaffPerson>();

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  kit = await checkoutKit(t);
  await setUpOwner(t.app, clock);
  for (const role of ['orders', 'customer_service', 'read_only'] as const) {
    people.set(role, await inviteAndEnrol(t.app, clock, role));
  }
}, 120_000);
afterAll(() => t.close());

/** A guest's paid card order, delivered or collected; `discount` applies a code first. */
async function paidOrder(options: { collect?: boolean; discount?: string; card?: string } = {}) {
  const { cart } = await kit.readyCart('part', { collect: options.collect ?? false });
  // Collecting gives no address: the billing one is asked for.
  if (options.collect) await cart.ok('PUT', '/checkout/billing', { address: { ...address, country: 'uk' } });
  if (options.discount) await cart.ok('POST', '/cart/discount', { code: options.discount });
  const view = await cart.view();
  const response = await complete(cart, completion(view.grand_total.ttc, options.card ?? 'tok_ok'));
  expect(response.statusCode, response.body).toBe(201);
  const body = completeResponse.parse(response.json());
  return { ...body.order, token: body.access_token, charged: view.grand_total.ttc };
}

const PATHS: Record<Exclude<FulfilmentStatus, 'unfulfilled'>, string> = {
  ready_for_collection: 'ready-for-collection',
  collected: 'collected',
  dispatched: 'dispatch',
  delivered: 'delivered',
  cancelled: 'cancel',
};
const PARCEL = { carrier: 'royal_mail', tracking_number: 'AB 1234 5678 9GB' };
const BODIES: Partial<Record<FulfilmentStatus, object>> = {
  dispatched: PARCEL,
  cancelled: { reason: 'Customer asked to cancel' },
};

/** Asks for the move to `to` (with the API key unless `headers`). */
function move(orderId: number, to: Exclude<FulfilmentStatus, 'unfulfilled'>, headers: object = keyHeaders) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/staff/orders/${orderId}/${PATHS[to]}?${q()}`,
    headers: headers as Record<string, string>,
    ...(BODIES[to] ? { payload: BODIES[to] } : {}),
  });
}

/** The moves that take a new order of `method` to `state`. */
const PATH_TO: Record<FulfilmentMethod, Partial<Record<FulfilmentStatus, FulfilmentStatus[]>>> = {
  delivery: {
    unfulfilled: [],
    dispatched: ['dispatched'],
    delivered: ['dispatched', 'delivered'],
    cancelled: ['cancelled'],
  },
  collect: {
    unfulfilled: [],
    ready_for_collection: ['ready_for_collection'],
    collected: ['ready_for_collection', 'collected'],
    cancelled: ['cancelled'],
  },
};

const count = async (query: ReturnType<typeof sql>) => Number((await kit.rows<{ n: number }>(query))[0]!.n);
const mailsOf = (orderId: number, kind: string) =>
  count(sql`select count(*)::int as n from mail_outbox where order_id = ${orderId} and kind = ${kind}`);
const auditsOf = (orderId: number, action: string) =>
  count(
    sql`select count(*)::int as n from audit_event where entity = 'order' and entity_id = ${String(orderId)}
        and action = ${action} and outcome = 'ok'`,
  );

describe('the fulfilment machine, every move from every state', () => {
  for (const method of ['delivery', 'collect'] as const) {
    for (const [from, steps] of Object.entries(PATH_TO[method]) as [FulfilmentStatus, FulfilmentStatus[]][]) {
      for (const to of FULFILMENT_STATUSES.filter((state) => state !== 'unfulfilled')) {
        const allowed = from === to || canMoveFulfilment(method, from, to);
        it(`${method}: ${from} → ${to} is ${allowed ? (from === to ? '200, nothing again' : '200') : '409'}`, async () => {
          const order = await paidOrder({ collect: method === 'collect' });
          for (const step of steps) {
            const walked = await move(order.id, step as Exclude<FulfilmentStatus, 'unfulfilled'>);
            expect(walked.statusCode, walked.body).toBe(200);
          }
          const mails = await count(
            sql`select count(*)::int as n from mail_outbox where order_id = ${order.id}`,
          );
          const events = await count(
            sql`select count(*)::int as n from audit_event where entity = 'order' and entity_id = ${String(order.id)}`,
          );
          const response = await move(order.id, to);
          if (allowed) {
            expect(response.statusCode, response.body).toBe(200);
            const { data } = staffOrderAnswer.parse(response.json());
            expect(data).toMatchObject({ id: order.id, fulfilment_status: to, fulfilment: { status: to } });
            if (from === to) {
              expect(
                await count(sql`select count(*)::int as n from mail_outbox where order_id = ${order.id}`),
              ).toBe(mails);
            }
          } else {
            expect(response.statusCode, response.body).toBe(409);
            expect(response.json()).toMatchObject({ status: 'fulfilment_not_allowed', current: from });
            const [row] = await kit.rows<{ fulfilment_status: string }>(
              sql`select fulfilment_status from orders where id = ${order.id}`,
            );
            expect(row!.fulfilment_status).toBe(from);
          }
          // A refusal is recorded as refused; a move once; the same state again not at all.
          const okEvents = await count(
            sql`select count(*)::int as n from audit_event where entity = 'order' and entity_id = ${String(order.id)}
                and outcome = 'ok'`,
          );
          expect(okEvents - events <= (allowed && from !== to ? (to === 'cancelled' ? 2 : 1) : 0)).toBe(true);
        });
      }
    }
  }
});

describe('moves and their e-mails', () => {
  it('refuses to fulfil an order that is not paid (409 order_not_paid); unknown orders are 404', async () => {
    const waiting = await paidOrder({ card: 'tok_3ds' });
    expect(waiting.status).toBe('pending_payment');
    const refused = await move(waiting.id, 'dispatched');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ status: 'order_not_paid', current: 'pending_payment' });
    expect((await move(999_999, 'dispatched')).statusCode).toBe(404);
  });

  it('validates the parcel: a known carrier and a tracking number of 6 to 40 letters and digits', async () => {
    const order = await paidOrder();
    for (const payload of [
      { carrier: 'pigeon', tracking_number: 'AB123456789GB' },
      { carrier: 'dpd', tracking_number: '12' },
      { carrier: 'dpd', tracking_number: 'AB123456<script>' },
      { carrier: 'dpd' },
      { carrier: 'dpd', tracking_number: 'AB123456789GB', price: 1 },
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/v1/staff/orders/${order.id}/dispatch?${q()}`,
        headers: keyHeaders,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const noReason = await t.app.inject({
      method: 'POST',
      url: `/api/v1/staff/orders/${order.id}/cancel?${q()}`,
      headers: keyHeaders,
      payload: { reason: '   ' },
    });
    expect(noReason.statusCode).toBe(400);
  });

  it('dispatch: one e-mail with the carrier, the number and its link, one audit event; the customer sees it', async () => {
    const order = await paidOrder();
    const first = await move(order.id, 'dispatched');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.fulfilment).toMatchObject({
      carrier: 'royal_mail',
      carrier_name: 'Royal Mail',
      tracking_number: 'AB123456789GB',
      tracking_url: 'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB',
      next: ['delivered'],
    });
    expect((await move(order.id, 'dispatched')).statusCode).toBe(200);
    expect(await mailsOf(order.id, 'order.dispatched')).toBe(1);
    expect(await auditsOf(order.id, 'order.dispatch')).toBe(1);
    const [mail] = await kit.rows<{ recipient: string; subject: string; text_body: string }>(
      sql`select recipient, subject, text_body from mail_outbox where order_id = ${order.id} and kind = 'order.dispatched'`,
    );
    expect(mail!.recipient).toBe('alex.morgan@example.co.uk');
    expect(mail!.subject).toContain(order.number);
    expect(mail!.text_body).toContain('Royal Mail');
    expect(mail!.text_body).toContain('AB123456789GB');
    expect(mail!.text_body).toContain(
      'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB',
    );
    // Another parcel for an order already dispatched is refused, not silently swapped.
    const other = await t.app.inject({
      method: 'POST',
      url: `/api/v1/staff/orders/${order.id}/dispatch?${q()}`,
      headers: keyHeaders,
      payload: { carrier: 'dpd', tracking_number: '15501234567890' },
    });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ status: 'fulfilment_not_allowed', current: 'dispatched' });
    const shown = orderResponse.parse((await kit.getOrder(order.number, order.token)).json()).order;
    expect(shown).toMatchObject({
      fulfilment_status: 'dispatched',
      tracking: { carrier: 'royal_mail', carrier_name: 'Royal Mail', number: 'AB123456789GB' },
    });
    // Delivered sends nothing: the carrier tells the customer.
    expect((await move(order.id, 'delivered')).statusCode).toBe(200);
    expect(
      await count(
        sql`select count(*)::int as n from mail_outbox where order_id = ${order.id}
            and kind not in ('order.confirmation', 'order.staff')`,
      ),
    ).toBe(1);
  });

  it('ready to collect: the e-mail names the stockist, its address and hours, and what to bring', async () => {
    const order = await paidOrder({ collect: true });
    const [stockist] = await kit.rows<{ name: string; postcode: string; opening_hours: { days: string }[] }>(
      sql`select s.name, s.postcode, s.opening_hours from stockist s
          join orders o on (o.delivery->'stockist'->>'id')::int = s.id where o.id = ${order.id}`,
    );
    expect((await move(order.id, 'ready_for_collection')).statusCode).toBe(200);
    expect((await move(order.id, 'ready_for_collection')).statusCode).toBe(200);
    expect(await mailsOf(order.id, 'order.ready_for_collection')).toBe(1);
    expect(await auditsOf(order.id, 'order.ready_for_collection')).toBe(1);
    const [mail] = await kit.rows<{ text_body: string }>(
      sql`select text_body from mail_outbox where order_id = ${order.id} and kind = 'order.ready_for_collection'`,
    );
    expect(mail!.text_body).toContain(stockist!.name);
    expect(mail!.text_body).toContain(stockist!.postcode);
    for (const { days } of stockist!.opening_hours) expect(mail!.text_body).toContain(days);
    expect(mail!.text_body).toContain('photo ID');
    expect(mail!.text_body).toContain(order.number);
    expect((await move(order.id, 'collected')).statusCode).toBe(200);
    expect(
      await count(
        sql`select count(*)::int as n from mail_outbox where order_id = ${order.id}
            and kind not in ('order.confirmation', 'order.staff')`,
      ),
    ).toBe(1);
  });

  it('the customer list shows each order’s fulfilment state', async () => {
    const who = await createCustomer(t.app);
    const cart = customerCart(t.app, who, PRO_PLAN);
    await cart.add([
      {
        element_id: kit.products.pro.id,
        variant_reference: kit.products.pro.variants[1]!.reference,
        quantity: 1,
      },
    ]);
    const view = await cart.deliver('next_day');
    const placed = await cart.call('POST', '/checkout/complete', completion(view.grand_total.ttc));
    expect(placed.statusCode, placed.body).toBe(201);
    const list = myOrdersResponse.parse(
      (await t.app.inject({ url: `/api/v1/orders?${q()}`, headers: who.headers })).json(),
    );
    expect(list.items[0]).toMatchObject({ fulfilment_status: 'unfulfilled' });
  });
});

describe('who may', () => {
  it('read_only cannot dispatch (403); an orders person can, and the audit names them', async () => {
    const order = await paidOrder();
    const readOnly = await move(order.id, 'dispatched', consoleHeaders(people.get('read_only')!.session));
    expect(readOnly.statusCode).toBe(403);
    const staff = await move(order.id, 'dispatched', consoleHeaders(people.get('orders')!.session));
    expect(staff.statusCode, staff.body).toBe(200);
    const [event] = await kit.rows<{ actor_name: string }>(
      sql`select actor_name from audit_event where entity = 'order' and entity_id = ${String(order.id)}
          and action = 'order.dispatch' and outcome = 'ok'`,
    );
    expect(event!.actor_name).toBe('orders person');
  });

  it('customer_service cannot refund (403); an orders person can', async () => {
    const order = await paidOrder();
    const refund = (headers: object, key: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/staff/orders/${order.id}/refunds?${q()}`,
        headers: headers as Record<string, string>,
        payload: { idempotency_key: key, reason: 'Goodwill', amount_pence: 100 },
      });
    expect(
      (await refund(consoleHeaders(people.get('customer_service')!.session), 'cs-refund-001')).statusCode,
    ).toBe(403);
    const done = await refund(consoleHeaders(people.get('orders')!.session), 'orders-refund-001');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.payment).toMatchObject({ refunded_pence: 100, status: 'partially_refunded' });
  });
});

describe('cancellation', () => {
  it('cancels a paid order: the code’s use back, the card refunded once, two e-mails, audited', async () => {
    const order = await paidOrder({ discount: 'WELCOME10' });
    const used = async () =>
      count(sql`select used as n from discount where code = 'WELCOME10' and site_id = 3`);
    const usedBefore = await used();
    expect(await count(sql`select count(*)::int as n from discount_use where order_id = ${order.id}`)).toBe(
      1,
    );
    const response = await move(order.id, 'cancelled');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      status: 'cancelled',
      fulfilment_status: 'cancelled',
      fulfilment: { cancel_reason: 'Customer asked to cancel', next: [] },
      payment: { status: 'refunded', refunded_pence: order.charged, refundable_pence: 0 },
    });
    expect(await used()).toBe(usedBefore - 1);
    expect(await count(sql`select count(*)::int as n from discount_use where order_id = ${order.id}`)).toBe(
      0,
    );
    expect((await move(order.id, 'cancelled')).statusCode).toBe(200);
    expect(await used()).toBe(usedBefore - 1);
    expect(await mailsOf(order.id, 'order.cancelled')).toBe(1);
    expect(await mailsOf(order.id, 'order.refunded')).toBe(1);
    expect(await auditsOf(order.id, 'order.cancel')).toBe(1);
    expect(await auditsOf(order.id, 'order.refund')).toBe(1);
    const refunds = await kit.rows<{ amount_pence: number; reason: string }>(
      sql`select r.amount_pence, r.reason from payment_refund r join payment p on p.id = r.payment_id
          where p.order_id = ${order.id}`,
    );
    expect(refunds).toEqual([
      { amount_pence: order.charged, reason: 'Order cancelled: Customer asked to cancel' },
    ]);
    const [mail] = await kit.rows<{ text_body: string }>(
      sql`select text_body from mail_outbox where order_id = ${order.id} and kind = 'order.cancelled'`,
    );
    expect(mail!.text_body).toContain('Customer asked to cancel');
    expect(mail!.text_body).toContain('refunding');
    const shown = orderResponse.parse((await kit.getOrder(order.number, order.token)).json()).order;
    expect(shown).toMatchObject({ status: 'cancelled', fulfilment_status: 'cancelled', tracking: null });
  });

  it('cancels only what was not yet refunded', async () => {
    const order = await paidOrder();
    const partial = await t.app.inject({
      method: 'POST',
      url: `/api/v1/staff/orders/${order.id}/refunds?${q()}`,
      headers: keyHeaders,
      payload: { idempotency_key: 'before-cancel-01', reason: 'Goodwill', amount_pence: 250 },
    });
    expect(partial.statusCode, partial.body).toBe(200);
    const cancelled = await move(order.id, 'cancelled');
    expect(cancelled.json().data.payment).toMatchObject({
      status: 'refunded',
      refunded_pence: order.charged,
    });
    const amounts = await kit.rows<{ amount_pence: number }>(
      sql`select r.amount_pence from payment_refund r join payment p on p.id = r.payment_id
          where p.order_id = ${order.id} order by r.id`,
    );
    expect(amounts.map((row) => row.amount_pence)).toEqual([250, order.charged - 250]);
  });

  it('cancels an on-account order: nothing refunded, the account’s credit back', async () => {
    const who = await createCustomer(t.app, { company: 'Morgan Plastering Ltd' });
    const approved = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/customers/${who.customer.id}/trade?${q()}`,
      headers: keyHeaders,
      payload: { approved: true, payment_terms_days: 30, credit_limit_pence: 500_000, po_required: false },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const credit = async () => {
      const found = await t.app.inject({
        url: `/api/v1/customers?${q({ email: who.customer.email })}`,
        headers: keyHeaders,
      });
      return found.json().items[0].trade.credit_available_pence as number;
    };
    const cart = customerCart(t.app, who, PRO_PLAN);
    await cart.add([
      {
        element_id: kit.products.pro.id,
        variant_reference: kit.products.pro.variants[1]!.reference,
        quantity: 2,
      },
    ]);
    const view = await cart.deliver('next_day');
    const placed = await cart.call('POST', '/checkout/complete', {
      payment_method: 'on_account',
      accept_terms: true,
      expected_total: view.grand_total.ttc,
      email: who.customer.email,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = completeResponse.parse(placed.json()).order;
    expect(await credit()).toBe(500_000 - view.grand_total.ttc);
    const cancelled = await move(order.id, 'cancelled');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).toMatchObject({ status: 'cancelled', payment: null });
    expect(await credit()).toBe(500_000);
    expect(await mailsOf(order.id, 'order.refunded')).toBe(0);
    const [mail] = await kit.rows<{ text_body: string }>(
      sql`select text_body from mail_outbox where order_id = ${order.id} and kind = 'order.cancelled'`,
    );
    expect(mail!.text_body).toContain('Nothing is owed');
  });
});
