/**
 * The staff's read side of orders (issue 23, docs/api-contract.md "Staff: orders"): the list paged, sorted and
 * filtered on the server and its CSV export, the order page's sections, notes, resending the confirmation, the
 * dashboard's counts, open and overdue on-account invoices and recording one as paid, the staff e-mail of a new
 * order to MAIL_STAFF_TO_ORDERS, and who may call what (403 for a role without the permission, 401 without a
 * credential). Orders are placed through the checkout; a few are then moved or dated by SQL to cover the filters.
 */
import { DAY_MS } from '@plasterwick/shop-rules/time';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, mailOutbox, orders } from '../src/db/schema.ts';
import { fakeClock } from '../src/lib/clock.ts';
import { completeResponse } from '../src/modules/checkout/schemas.ts';
import {
  dashboardSchema,
  listAnswer,
  openInvoiceSchema,
  staffOrderItem,
  staffOrderPageSchema,
} from '../src/modules/orders/staff-schemas.ts';
import { createCustomer } from './account-helpers.ts';
import { productOf } from './cart-helpers.ts';
import { address, checkoutKit, complete, completion } from './checkout-helpers.ts';
import { customerCart } from './customer-cart-helpers.ts';
import { createTestApp, PRO_PLAN, q, type TestApp } from './helpers.ts';
import { testConfig } from '../src/config.ts';
import {
  consoleHeaders,
  inviteAndEnrol,
  keyHeaders,
  setUpOwner,
  signIn,
  staffCookieOf,
  type StaffPerson,
} from './staff-helpers.ts';

// 10:00 in London (BST) on 1 June 2027.
const START = new Date('2027-06-01T09:00:00Z');
const clock = fakeClock(START);
const ORDERS_TO = 'orders-desk@plasterwick.example';
let t: TestApp;
let kit: Awaited<ReturnType<typeof checkoutKit>>;
let owner: StaffPerson;
let recruiter: StaffPerson;
/** Orders placed, by what they are. */
const placed = { card: '', collect: '', account: '', pending: '' };
const ids: Record<keyof typeof placed, number> = { card: 0, collect: 0, account: 0, pending: 0 };

const listOf = listAnswer(staffOrderItem);

function staff(method: 'GET' | 'POST', path: string, payload?: object, headers: object = keyHeaders) {
  return t.app.inject({
    method,
    url: `/api/v1${path}${path.includes('?') ? '&' : '?'}${q()}`,
    headers: headers as Record<string, string>,
    ...(payload ? { payload } : {}),
  });
}

async function list(params: Record<string, string | number> = {}) {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  const response = await staff('GET', `/staff/orders?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return listOf.parse(response.json()).data;
}

const numbers = (page: { items: { number: string }[] }) => page.items.map((item) => item.number).sort();

async function page(id: number) {
  const response = await staff('GET', `/staff/orders/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return staffOrderPageSchema.parse(response.json().data);
}

async function guestOrder(options: { collect?: boolean; card?: string; email?: string } = {}) {
  const { cart, view } = await kit.readyCart('part', { collect: options.collect ?? false });
  // A collection has no delivery address to bill.
  if (options.collect) await cart.ok('PUT', '/checkout/billing', { address: { ...address, country: 'uk' } });
  const response = await complete(
    cart,
    completion(view.grand_total.ttc, options.card ?? 'tok_ok', options.email ? { email: options.email } : {}),
  );
  expect(response.statusCode, response.body).toBe(201);
  return completeResponse.parse(response.json()).order.number;
}

const idOf = async (number: string) =>
  (await t.app.db.select({ id: orders.id }).from(orders).where(eq(orders.number, number)))[0]!.id;

beforeAll(async () => {
  t = await createTestApp({ mail: { ...testConfig().mail, ordersTo: ORDERS_TO } }, { clock });
  kit = await checkoutKit(t);
  owner = await setUpOwner(t.app, clock);
  recruiter = await inviteAndEnrol(t.app, clock, 'recruitment');

  placed.card = await guestOrder({ email: 'sam.taylor@example.co.uk' });
  clock.advance(60_000);
  placed.collect = await guestOrder({ collect: true });
  clock.advance(60_000);
  // 3-D Secure never finished: the payment is being checked.
  placed.pending = await guestOrder({ card: 'tok_3ds' });
  clock.advance(60_000);
  const trade = await createCustomer(t.app, {
    tradeApproved: true,
    paymentTermsDays: 30,
    creditLimitPence: 500_000,
  });
  const product = await productOf(t.app, 'plasterwick-multi-fill-powder', PRO_PLAN);
  const cart = customerCart(t.app, trade, PRO_PLAN);
  await cart.add([
    { element_id: product.id, variant_reference: product.variants[1]!.reference, quantity: 2 },
  ]);
  const view = await cart.deliver('next_day');
  const onAccount = await cart.call('POST', '/checkout/complete', {
    payment_method: 'on_account',
    accept_terms: true,
    expected_total: view.grand_total.ttc,
    email: 'buyer@morgan-plastering.example',
    po_number: 'PO-77',
  });
  expect(onAccount.statusCode, onAccount.body).toBe(201);
  placed.account = completeResponse.parse(onAccount.json()).order.number;
  for (const key of Object.keys(placed) as (keyof typeof placed)[]) ids[key] = await idOf(placed[key]);
}, 120_000);
afterAll(() => t.close());

describe('the order list', () => {
  it('pages, sorts and counts on the server; perPage over 100 is a 400', async () => {
    const all = await list();
    expect(all.total).toBe(4);
    // Newest first by default.
    expect(all.items.map((item) => item.number)).toEqual([
      placed.account,
      placed.pending,
      placed.collect,
      placed.card,
    ]);
    expect(all.items[3]).toMatchObject({
      id: ids.card,
      audience: 'part',
      email: 'sam.taylor@example.co.uk',
      name: 'Alex Morgan',
      postcode: 'M1 1AE',
      status: 'paid',
      fulfilment_status: 'unfulfilled',
      fulfilment_method: 'delivery',
      payment_method: 'card',
      payment_status: 'succeeded',
      refunded_pence: 0,
      currency: 'GBP',
    });
    expect(all.items.find((item) => item.number === placed.account)).toMatchObject({
      payment_method: 'on_account',
      payment_status: null,
      status: 'on_account',
    });

    const second = await list({ page: 2, perPage: 3 });
    expect(second).toMatchObject({ total: 4 });
    expect(second.items.map((item) => item.number)).toEqual([placed.card]);
    // Filtered, the count rides on the page's rows; past the last page there are none, and it is still right.
    expect(await list({ name: 'Morgan', page: 2, perPage: 3 })).toMatchObject({ total: 4 });
    expect(await list({ name: 'Morgan', page: 3, perPage: 3 })).toMatchObject({ items: [], total: 4 });

    const byNumber = await list({ sort: 'number', order: 'ASC' });
    expect(byNumber.items.map((item) => item.number)).toEqual(
      [...byNumber.items.map((i) => i.number)].sort(),
    );
    const byTotal = await list({ sort: 'total_inc_pence', order: 'DESC' });
    const totals = byTotal.items.map((item) => item.total_inc_pence);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    for (const sort of ['email', 'status', 'fulfilment_status', 'placed_at']) {
      expect((await list({ sort })).total).toBe(4);
    }

    for (const bad of [
      'perPage=101',
      'perPage=0',
      'page=0',
      'sort=secret',
      'order=UP',
      'status=lost',
      'placed_from=2027-02-30',
      'q=morgan%0Am1',
      'name=alex%09morgan',
    ]) {
      const response = await staff('GET', `/staff/orders?${bad}`);
      expect(response.statusCode, bad).toBe(400);
    }
  });

  it('filters by every field, the words matched literally', async () => {
    expect(numbers(await list({ q: placed.card.slice(-4) }))).toEqual([placed.card]);
    expect(numbers(await list({ q: 'SAM.TAYLOR' }))).toEqual([placed.card]);
    expect((await list({ q: 'alex morgan' })).total).toBeGreaterThanOrEqual(3);
    expect((await list({ q: 'm1 1ae' })).total).toBeGreaterThanOrEqual(3);
    // LIKE's wildcards are plain characters here.
    expect((await list({ q: '%' })).total).toBe(0);
    expect((await list({ q: '_' })).total).toBe(0);
    // Each field on its own: the end of the name and the start of the postcode are not one match.
    expect((await list({ q: 'morgan m1' })).total).toBe(0);
    expect((await list({ q: 'ALEX MORGAN' })).total).toBeGreaterThanOrEqual(3);
    expect(numbers(await list({ number: placed.collect }))).toEqual([placed.collect]);
    expect(numbers(await list({ email: 'morgan-plastering' }))).toEqual([placed.account]);
    expect((await list({ name: 'Morgan' })).total).toBe(4);
    expect((await list({ name: 'Nobody' })).total).toBe(0);
    expect((await list({ postcode: 'M1' })).total).toBeGreaterThanOrEqual(3);
    expect(numbers(await list({ status: 'on_account' }))).toEqual([placed.account]);
    expect(numbers(await list({ status: 'pending_payment' }))).toEqual([placed.pending]);
    expect(numbers(await list({ payment_status: 'requires_action' }))).toEqual([placed.pending]);
    expect(numbers(await list({ payment_status: 'succeeded' }))).toEqual(
      [placed.card, placed.collect].sort(),
    );
    expect(numbers(await list({ audience: 'pro' }))).toEqual([placed.account]);
    expect((await list({ audience: 'part' })).total).toBe(3);
    expect(numbers(await list({ payment_method: 'on_account' }))).toEqual([placed.account]);
    expect((await list({ payment_method: 'card' })).total).toBe(3);
    expect((await list({ fulfilment_status: 'unfulfilled' })).total).toBe(4);
    expect((await list({ fulfilment_status: 'dispatched' })).total).toBe(0);
    // UK calendar days: placed at 10:00 BST on 1 June.
    expect((await list({ placed_from: '2027-06-01', placed_to: '2027-06-01' })).total).toBe(4);
    expect((await list({ placed_from: '2027-06-02' })).total).toBe(0);
    expect((await list({ placed_to: '2027-05-31' })).total).toBe(0);
    expect(numbers(await list({ q: 'alex', status: 'paid', audience: 'part', sort: 'number' }))).toEqual(
      [placed.card, placed.collect].sort(),
    );
  });

  it('takes a UK day from midnight in London, not UTC', async () => {
    // 23:30 UTC on 31 May is 00:30 on 1 June in London.
    await t.app.db
      .update(orders)
      .set({ placedAt: new Date('2027-05-31T23:30:00Z') })
      .where(eq(orders.id, ids.pending));
    try {
      expect(numbers(await list({ placed_to: '2027-05-31' }))).toEqual([]);
      expect(numbers(await list({ placed_from: '2027-06-01' }))).toContain(placed.pending);
    } finally {
      await t.app.db.update(orders).set({ placedAt: START }).where(eq(orders.id, ids.pending));
    }
  });

  it('exports the filtered list as CSV: every row, pounds with 2 decimals, UK dates', async () => {
    const response = await staff('GET', '/staff/orders/export.csv?payment_method=card&sort=number&order=ASC');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="orders-2027-06-01.csv"');
    const rows = response.body.trim().split('\n');
    expect(rows[0]).toBe(
      'Order,Placed,Shop,Name,E-mail,Postcode,Status,Payment method,Payment status,Fulfilment method,Fulfilment,' +
        'Total ex VAT,VAT,Total inc VAT,Refunded,Currency',
    );
    expect(rows).toHaveLength(4);
    const card = (await list({ number: placed.card })).items[0]!;
    const line = rows.find((row) => row.startsWith(placed.card))!;
    expect(line).toContain(',01/06/2027 10:0');
    expect(line).toContain(`,${(card.total_inc_pence / 100).toFixed(2)},0.00,GBP`);
    expect((await staff('GET', '/staff/orders/export.csv?perPage=500')).statusCode).toBe(200);
    expect((await staff('GET', '/staff/orders/export.csv?status=nope')).statusCode).toBe(400);
  });
});

describe('the order page', () => {
  it('shows the lines, totals, delivery, billing, fulfilment, payment, invoice, e-mails and timeline', async () => {
    const order = await page(ids.card);
    expect(order).toMatchObject({
      id: ids.card,
      number: placed.card,
      status: 'paid',
      phone: '0161 496 0000',
      po_number: null,
      customer_id: null,
      payment_status: 'succeeded',
      discount: null,
      delivery: { method: 'delivery', carrier_code: 'standard' },
      fulfilment: { status: 'unfulfilled', method: 'delivery', carrier: null, tracking_url: null },
      invoice: { number: null, available: true, due_at: null, overdue: false },
      placed_at: START.toISOString(),
    });
    expect(order.fulfilment.next).toEqual(['dispatched', 'cancelled']);
    expect(order.lines).toHaveLength(1);
    expect(order.lines[0]).toMatchObject({ quantity: 2, refunded_quantity: 0, free: false });
    const { totals } = order;
    expect(totals.total.inc).toBe(totals.subtotal.inc - totals.discount.inc + totals.shipping.inc);
    expect(totals.total.ex + totals.total.vat).toBe(totals.total.inc);
    expect(order.payment).toMatchObject({
      status: 'succeeded',
      provider: 'fake',
      captured_pence: totals.total.inc,
      refunded_pence: 0,
      refundable_pence: totals.total.inc,
      refunds: [],
    });
    // The customer's confirmation and the staff's notice are the order's e-mails.
    expect(order.mails.map((mail) => [mail.kind, mail.recipient])).toEqual([
      ['order.confirmation', 'sam.taylor@example.co.uk'],
      ['order.staff', ORDERS_TO],
    ]);
    expect(order.mails[0]).toMatchObject({
      subject: `Your Plasterwick order ${placed.card}`,
      attachments: [],
    });
    expect(order.timeline.map((entry) => entry.kind)).toContain('placed');
    expect(order.timeline.map((entry) => entry.kind)).toContain('paid');
    const kinds = order.timeline.map((entry) => entry.kind);
    expect(kinds.indexOf('paid')).toBeLessThan(kinds.indexOf('placed'));

    const collect = await page(ids.collect);
    expect(collect.fulfilment).toMatchObject({
      method: 'collect',
      next: ['ready_for_collection', 'cancelled'],
    });
    expect(collect.delivery).toMatchObject({ method: 'collect' });
    const pending = await page(ids.pending);
    expect(pending).toMatchObject({ status: 'pending_payment', payment_status: 'requires_action' });
    expect(pending.fulfilment.next).toEqual([]);
    expect(pending.invoice.available).toBe(false);
    expect(pending.mails).toEqual([]);
  });

  it('counts refunded quantities from the refunds’ lines and names their credit notes', async () => {
    const order = await page(ids.card);
    const line = order.lines[0]!;
    const [{ id: paymentId }] = (await kit.rows<{ id: string }>(
      sql`select id from payment where order_id = ${ids.card}`,
    )) as [{ id: string }];
    const now = clock.now().toISOString();
    await t.database.db.execute(sql`
      update payment set refunded_pence = ${line.unit_inc_pence} where id = ${paymentId}`);
    const [refund] = await kit.rows<{ id: number }>(sql`
      insert into payment_refund (payment_id, amount_pence, idempotency_key, status, reason, lines, created_at, updated_at)
      values (${paymentId}, ${line.unit_inc_pence}, 'staff-orders-test-1', 'succeeded', 'Bag split',
        ${JSON.stringify([{ order_line_id: line.id, quantity: 1, amount_pence: line.unit_inc_pence }])}::jsonb,
        ${now}, ${now})
      returning id`);
    await t.database.db.execute(sql`
      insert into order_document (order_id, kind, number, refund_id, issued_at)
      values (${ids.card}, 'credit_note', 'CN-000001', ${refund!.id}, ${now})`);
    await t.database.db.execute(sql`
      insert into order_document (order_id, kind, number, issued_at) values (${ids.card}, 'invoice', 'INV-000001', ${now})`);

    const refunded = await page(ids.card);
    expect(refunded.lines[0]!.refunded_quantity).toBe(1);
    expect(refunded.refunded_pence).toBe(line.unit_inc_pence);
    expect(refunded.invoice.number).toBe('INV-000001');
    expect(refunded.payment!.refundable_pence).toBe(refunded.payment!.captured_pence - line.unit_inc_pence);
    expect(refunded.payment!.refunds).toEqual([
      expect.objectContaining({
        id: refund!.id,
        amount_pence: line.unit_inc_pence,
        status: 'succeeded',
        reason: 'Bag split',
        credit_note_number: 'CN-000001',
        lines: [{ order_line_id: line.id, quantity: 1, amount_pence: line.unit_inc_pence }],
      }),
    ]);
    expect((await list({ number: placed.card })).items[0]!.refunded_pence).toBe(line.unit_inc_pence);
  });

  it('answers 404 for an unknown order and 400 for a bad id', async () => {
    expect((await staff('GET', '/staff/orders/999999')).statusCode).toBe(404);
    expect((await staff('GET', '/staff/orders/abc')).statusCode).toBe(400);
  });
});

describe('notes and resending the confirmation', () => {
  it('adds a trimmed note under the person’s name, audited in the same transaction', async () => {
    clock.advance(60_000);
    const response = await staff(
      'POST',
      `/staff/orders/${ids.collect}/notes`,
      { body: '  Customer rang: collecting Friday.  ' },
      consoleHeaders(owner.session),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({
      staff_name: 'Olive Owner',
      body: 'Customer rang: collecting Friday.',
      created_at: clock.now().toISOString(),
    });
    const order = await page(ids.collect);
    expect(order.notes).toEqual([response.json().data]);
    expect(order.timeline[0]).toMatchObject({
      kind: 'note',
      actor: 'Olive Owner',
      summary: 'Customer rang: collecting Friday.',
    });
    const audit = await t.app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'order.note'), eq(auditEvents.entityId, String(ids.collect))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ entity: 'order', actorName: 'Olive Owner', outcome: 'ok' });

    for (const body of ['', '   ', 'x'.repeat(4001)]) {
      expect((await staff('POST', `/staff/orders/${ids.collect}/notes`, { body })).statusCode).toBe(400);
    }
    expect(
      (await staff('POST', `/staff/orders/${ids.collect}/notes`, { body: 'x', extra: 1 })).statusCode,
    ).toBe(400);
    expect((await staff('POST', '/staff/orders/999999/notes', { body: 'Lost' })).statusCode).toBe(404);
    expect(await t.app.db.select().from(auditEvents).where(eq(auditEvents.entityId, '999999'))).toEqual([]);
  });

  it('queues the confirmation again for the order, audited; refuses an order never confirmed', async () => {
    const before = await page(ids.collect);
    const response = await staff(
      'POST',
      `/staff/orders/${ids.collect}/resend-confirmation`,
      undefined,
      consoleHeaders(owner.session),
    );
    expect(response.statusCode, response.body).toBe(202);
    const [mail] = await t.app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.id, response.json().data.mail_id));
    expect(mail).toMatchObject({
      kind: 'order.confirmation',
      orderId: ids.collect,
      subject: `Your Plasterwick order ${placed.collect}`,
    });
    const after = await page(ids.collect);
    expect(after.mails).toHaveLength(before.mails.length + 1);
    expect(after.timeline.find((entry) => entry.kind === 'audit')).toMatchObject({
      summary: 'Confirmation e-mail sent again',
      actor: 'Olive Owner',
    });

    const refused = await staff('POST', `/staff/orders/${ids.pending}/resend-confirmation`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().status).toBe('order_not_confirmed');
    expect((await staff('POST', '/staff/orders/999999/resend-confirmation')).statusCode).toBe(404);
  });
});

describe('new orders e-mail staff', () => {
  it('queues order.staff to MAIL_STAFF_TO_ORDERS with the number, name, total, lines and the console link', async () => {
    const [mail] = await t.app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'order.staff'), eq(mailOutbox.orderId, ids.account)));
    const order = await page(ids.account);
    expect(mail!.recipient).toBe(ORDERS_TO);
    expect(mail!.subject).toContain(placed.account);
    expect(mail!.textBody).toContain(`Order number: ${placed.account}`);
    expect(mail!.textBody).toContain(order.name);
    expect(mail!.textBody).toContain(`2 × ${order.lines[0]!.name}`);
    expect(mail!.textBody).toContain('PO: PO-77');
    expect(mail!.textBody).toContain(`${t.app.config.consoleUrl}/#/orders/${ids.account}/show`);
    // None for an order whose payment is not through.
    const pending = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, ids.pending));
    expect(pending).toEqual([]);
  });

  it('defaults to MAIL_STAFF_TO', () => {
    const config = testConfig();
    expect(config.mail.ordersTo).toBeTruthy();
  });
});

describe('dashboard and invoices', () => {
  it('counts today’s orders and takings, what to prepare, collect, dispatched, payment checks and invoices', async () => {
    const response = await staff('GET', '/staff/dashboard');
    expect(response.statusCode, response.body).toBe(200);
    const dashboard = dashboardSchema.parse(response.json().data);
    const settled = (await list()).items.filter((item) => ['paid', 'on_account'].includes(item.status));
    expect(dashboard).toEqual({
      today: {
        orders: 3,
        takings_inc_pence: settled.reduce((sum, item) => sum + item.total_inc_pence, 0),
        takings_ex_pence: settled.reduce((sum, item) => sum + item.total_ex_pence, 0),
      },
      to_prepare: 2,
      to_collect: 1,
      dispatched: 0,
      payment_checking: 1,
      invoices: { open: 1, overdue: 0 },
      trade_applications: 0,
      unanswered_messages: 0,
    });
  });

  it('shows trade applications and unanswered messages only to the people who handle them', async () => {
    const figures = async (role: 'credit_control' | 'customer_service' | 'orders') => {
      const person = await inviteAndEnrol(t.app, clock, role);
      const response = await staff('GET', '/staff/dashboard', undefined, consoleHeaders(person.session));
      expect(response.statusCode, response.body).toBe(200);
      const { trade_applications, unanswered_messages } = dashboardSchema.parse(response.json().data);
      return { trade_applications, unanswered_messages };
    };
    expect(await figures('credit_control')).toEqual({ trade_applications: 0, unanswered_messages: null });
    expect(await figures('customer_service')).toEqual({ trade_applications: null, unanswered_messages: 0 });
    expect(await figures('orders')).toEqual({ trade_applications: null, unanswered_messages: null });
  });

  it('lists open and overdue invoices, and records one as paid once (audited)', async () => {
    const open = await staff('GET', '/staff/invoices?state=open');
    expect(open.statusCode, open.body).toBe(200);
    const openPage = listAnswer(openInvoiceSchema).parse(open.json()).data;
    expect(openPage.total).toBe(1);
    expect(openPage.items[0]).toMatchObject({
      id: ids.account,
      number: placed.account,
      po_number: 'PO-77',
      overdue: false,
    });
    expect((await staff('GET', '/staff/invoices?state=overdue')).json().data.total).toBe(0);

    clock.advance(31 * DAY_MS);
    const overdue = listAnswer(openInvoiceSchema).parse(
      (await staff('GET', '/staff/invoices?state=overdue')).json(),
    ).data;
    expect(overdue.items.map((item) => [item.number, item.overdue])).toEqual([[placed.account, true]]);
    expect((await page(ids.account)).invoice).toMatchObject({ available: true, overdue: true });
    const dashboard = dashboardSchema.parse((await staff('GET', '/staff/dashboard')).json().data);
    expect(dashboard.invoices).toEqual({ open: 1, overdue: 1 });
    expect(dashboard.today.orders).toBe(0);
    expect((await staff('GET', '/staff/invoices?state=late')).statusCode).toBe(400);

    // A month on, the owner signs in again.
    const session = staffCookieOf(await signIn(t.app, clock, owner));
    const paid = await staff(
      'POST',
      `/staff/orders/${ids.account}/invoice-paid`,
      undefined,
      consoleHeaders(session),
    );
    expect(paid.statusCode, paid.body).toBe(200);
    const order = staffOrderPageSchema.parse(paid.json().data);
    expect(order).toMatchObject({ status: 'paid', paid_at: clock.now().toISOString() });
    expect(order.timeline[0]).toMatchObject({
      kind: 'audit',
      summary: 'Invoice recorded as paid',
      actor: 'Olive Owner',
    });
    const [audit] = await t.app.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'order.invoice_paid'), eq(auditEvents.entityId, String(ids.account))),
      );
    expect(audit!.changes).toMatchObject({ status: { before: 'on_account', after: 'paid' } });
    expect((await staff('GET', '/staff/invoices')).json().data.total).toBe(0);

    const again = await staff('POST', `/staff/orders/${ids.account}/invoice-paid`);
    expect(again.statusCode).toBe(409);
    expect(again.json().status).toBe('order_not_on_account');
    expect((await staff('POST', `/staff/orders/${ids.card}/invoice-paid`)).statusCode).toBe(409);
    expect((await staff('POST', '/staff/orders/999999/invoice-paid')).statusCode).toBe(404);
  });
});

describe('who may call', () => {
  const calls: ['GET' | 'POST', string, object?][] = [
    ['GET', '/staff/dashboard'],
    ['GET', '/staff/orders'],
    ['GET', '/staff/orders/export.csv'],
    ['GET', '/staff/orders/1'],
    ['GET', '/staff/invoices'],
    ['POST', '/staff/orders/1/notes', { body: 'Hello' }],
    ['POST', '/staff/orders/1/resend-confirmation'],
    ['POST', '/staff/orders/1/invoice-paid'],
  ];

  it('refuses a role without the permission (403) and a call without a credential (401)', async () => {
    const recruiterSession = staffCookieOf(await signIn(t.app, clock, recruiter));
    for (const [method, path, body] of calls) {
      const refused = await staff(method, path, body, consoleHeaders(recruiterSession));
      expect(refused.statusCode, `${method} ${path}`).toBe(403);
      expect(refused.json().status).toBe('forbidden');
      const anonymous = await staff(method, path, body, {});
      expect(anonymous.statusCode, `${method} ${path}`).toBe(401);
    }
    const orders = await inviteAndEnrol(t.app, clock, 'read_only');
    expect((await staff('GET', '/staff/orders', undefined, consoleHeaders(orders.session))).statusCode).toBe(
      200,
    );
    expect(
      (await staff('POST', `/staff/orders/${ids.card}/notes`, { body: 'x' }, consoleHeaders(orders.session)))
        .statusCode,
    ).toBe(403);
  });
});
