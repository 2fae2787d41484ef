/**
 * Trade account applications, holds and statements (issue 24, docs/api-contract.md "Trade accounts"): a customer
 * applies (the form's rules and messages, one pending application, re-applying after a decline), credit control
 * gets the e-mail, approves with terms or declines with a reason (the customer's e-mail either way), puts an
 * account on hold (no on-account checkout) and back, and reads the statement; a role without `trade:write` is
 * refused.
 */
import { MESSAGES } from '@plasterwick/shop-rules/validation';
import { TRADE_MESSAGES } from '@plasterwick/shop-rules/accounts';
import { DAY_MS } from '@plasterwick/shop-rules/time';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../src/config.ts';
import { auditEvents, customers, mailOutbox } from '../src/db/schema.ts';
import { fakeClock } from '../src/lib/clock.ts';
import { pendingTradeApplications } from '../src/modules/trade/index.ts';
import { createCustomer, type TestCustomer } from './account-helpers.ts';
import { productOf } from './cart-helpers.ts';
import { customerCart } from './customer-cart-helpers.ts';
import { createTestApp, PRO_PLAN, q, SITE_ID, type TestApp } from './helpers.ts';
import { consoleHeaders, inviteAndEnrol, type StaffPerson } from './staff-helpers.ts';

const clock = fakeClock(new Date('2027-06-01T09:00:00Z'));
const TRADE_TO = 'credit-control@plasterwick.example';
let t: TestApp;
let credit: StaffPerson;
let service: StaffPerson;

const APPLICATION = {
  company: 'Hart Plastering Ltd',
  company_number: '73282932000074',
  vat_number: 'gb 123 4567 89',
  expected_monthly_spend_pounds: 1500,
  phone: '0161 496 0000',
};

function apply(who: TestCustomer, body: object = APPLICATION) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/trade/application?${q()}`,
    headers: who.headers,
    payload: body,
  });
}

async function mine(who: TestCustomer) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/trade/application?${q()}`,
    headers: who.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

function staff(method: 'GET' | 'POST', path: string, payload?: object, person: StaffPerson = credit) {
  return t.app.inject({
    method,
    url: `/api/v1${path}${path.includes('?') ? '&' : '?'}${q()}`,
    headers: consoleHeaders(person.session),
    ...(payload ? { payload } : {}),
  });
}

const mailsTo = (to: string, kind: string) =>
  t.app.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.recipient, to), eq(mailOutbox.kind, kind)));

beforeAll(async () => {
  t = await createTestApp({ mail: { ...testConfig().mail, tradeTo: TRADE_TO } }, { clock });
  credit = await inviteAndEnrol(t.app, clock, 'credit_control');
  service = await inviteAndEnrol(t.app, clock, 'customer_service');
}, 60_000);
afterAll(() => t.close());

describe('applying', () => {
  it("checks the form with the spec's messages, and needs the session", async () => {
    const who = await createCustomer(t.app);
    const refused = await apply(who, {
      company: ' ',
      company_number: '12',
      vat_number: 'FR12345678901',
      expected_monthly_spend_pounds: 0,
      phone: '12',
    });
    expect(refused.statusCode).toBe(400);
    const byField = Object.fromEntries(
      (refused.json().errors as { field: string; message: string }[]).map((e) => [e.field, e.message]),
    );
    expect(byField).toMatchObject({
      'body.company': MESSAGES.companyName,
      'body.company_number': MESSAGES.companyNumber,
      'body.vat_number': TRADE_MESSAGES.vatNumber,
      'body.expected_monthly_spend_pounds': TRADE_MESSAGES.monthlySpend,
      'body.phone': MESSAGES.phone,
    });
    const blank = await apply(who, { ...APPLICATION, company_number: '', phone: '' });
    expect(blank.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'body.company_number', message: MESSAGES.required },
        { field: 'body.phone', message: MESSAGES.required },
      ]),
    );
    // 12 digits is a VAT number too; no VAT number at all is fine.
    expect((await apply(who, { ...APPLICATION, vat_number: 'GB123456789012', extra: 1 })).statusCode).toBe(
      400,
    );
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/v1/trade/application?${q()}`,
      payload: APPLICATION,
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/trade/application?${q()}` })).statusCode).toBe(
      401,
    );
  });

  it('stores one pending application, e-mails credit control, and answers its state', async () => {
    const who = await createCustomer(t.app);
    expect(await mine(who)).toEqual({ application: null, account: null });
    const response = await apply(who);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      status: 'pending',
      vat_number: 'GB123456789',
      decline_reason: null,
    });
    const again = await apply(who, { ...APPLICATION, vat_number: undefined });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      status: 'trade_application_pending',
      message: TRADE_MESSAGES.alreadyPending,
    });
    expect((await mine(who)).application).toMatchObject({
      status: 'pending',
      company: 'Hart Plastering Ltd',
    });
    const [mail] = await mailsTo(TRADE_TO, 'trade.application.staff');
    expect(mail!.subject).toBe('Trade account application: Hart Plastering Ltd');
    expect(mail!.textBody).toContain('Expected monthly spend: 1500 £');
    expect(mail!.textBody).toContain(`/#/trade-applications/${response.json().id}/show`);
    expect(await pendingTradeApplications(t.app.db, SITE_ID)).toBeGreaterThanOrEqual(1);
  });
});

describe('deciding', () => {
  it('declines with the reason (e-mailed), then a new application may be approved with terms', async () => {
    const who = await createCustomer(t.app);
    const first = (await apply(who)).json();
    const queue = await staff('GET', '/staff/trade-applications?status=pending&perPage=100');
    expect(queue.statusCode, queue.body).toBe(200);
    expect(queue.json().data.items.map((item: { id: number }) => item.id)).toContain(first.id);
    expect(queue.json().data.items.every((item: { status: string }) => item.status === 'pending')).toBe(true);

    expect(
      (await staff('POST', `/staff/trade-applications/${first.id}/decline`, { reason: ' ' })).statusCode,
    ).toBe(400);
    const declined = await staff('POST', `/staff/trade-applications/${first.id}/decline`, {
      reason: 'We could not check the company accounts',
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().data).toMatchObject({ status: 'declined', decided_by: 'credit_control person' });
    const [no] = await mailsTo(who.customer.email, 'trade.application.declined');
    expect(no!.textBody).toContain('We could not check the company accounts');
    expect((await mine(who)).application).toMatchObject({
      status: 'declined',
      decline_reason: 'We could not check the company accounts',
    });
    // Decided once: a second decision is a 409.
    const twice = await staff('POST', `/staff/trade-applications/${first.id}/approve`, {
      payment_terms_days: 30,
      credit_limit_pence: 50_000,
      po_required: false,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().status).toBe('application_decided');

    const second = (await apply(who)).json();
    expect(second.status).toBe('pending');
    const shown = await staff('GET', `/staff/trade-applications/${second.id}`);
    expect(shown.json().data).toMatchObject({ email: who.customer.email, version: 1 });
    const stale = await staff('POST', `/staff/trade-applications/${second.id}/approve`, {
      payment_terms_days: 30,
      credit_limit_pence: 50_000,
      po_required: false,
      version: 7,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().status).toBe('version_conflict');
    const approved = await staff('POST', `/staff/trade-applications/${second.id}/approve`, {
      payment_terms_days: 30,
      credit_limit_pence: 50_000,
      po_required: false,
      version: 1,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const [account] = await t.app.db.select().from(customers).where(eq(customers.id, who.customer.id));
    expect(account).toMatchObject({ tradeApproved: true, paymentTermsDays: 30, creditLimitPence: 50_000 });
    const [yes] = await mailsTo(who.customer.email, 'trade.application.approved');
    expect(yes!.textBody).toContain('30 days');
    expect(yes!.textBody).toContain('500');
    expect((await mine(who)).account).toMatchObject({
      approved: true,
      credit_left_pence: 50_000,
      invoices: [],
    });
    expect((await apply(who)).json().status).toBe('trade_already_approved');
    const audited = await t.app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'trade_application'), eq(auditEvents.entityId, String(second.id))));
    expect(audited.map((event) => event.action)).toEqual(['trade_application.approve']);
  });

  it('is refused (403) to a role without trade:write', async () => {
    const who = await createCustomer(t.app);
    const { id } = (await apply(who)).json();
    for (const [method, path] of [
      ['GET', '/staff/trade-applications'],
      ['GET', `/staff/trade-applications/${id}`],
      ['POST', `/staff/trade-applications/${id}/decline`],
      ['GET', '/staff/trade-accounts'],
      ['GET', `/staff/customers/${who.customer.id}/trade/statement`],
      ['POST', `/staff/customers/${who.customer.id}/trade/hold`],
    ] as const) {
      const response = await staff(method, path, method === 'POST' ? { reason: 'No' } : undefined, service);
      expect(response.statusCode, path).toBe(403);
    }
  });
});

describe('holds and the statement', () => {
  it('a hold removes on_account at checkout and refuses it; the statement adds up the open invoices', async () => {
    const who = await createCustomer(t.app, {
      tradeApproved: true,
      paymentTermsDays: 7,
      creditLimitPence: 50_000,
    });
    const product = await productOf(t.app, 'plasterwick-multi-fill-powder', PRO_PLAN);
    const cart = customerCart(t.app, who, PRO_PLAN);
    await cart.add([
      { element_id: product.id, variant_reference: product.variants[0]!.reference, quantity: 1 },
    ]);
    const view = await cart.deliver('next_day');
    const methods = async () =>
      ((await cart.call('GET', '/checkout/payment-methods')).json().methods as { code: string }[]).map(
        (m) => m.code,
      );
    expect(await methods()).toEqual(['card', 'on_account']);

    const held = await staff('POST', `/staff/customers/${who.customer.id}/trade/hold`);
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json().data.on_hold).toBe(true);
    expect((await staff('POST', `/staff/customers/${who.customer.id}/trade/hold`)).statusCode).toBe(200);
    expect(await methods()).toEqual(['card']);
    const body = {
      payment_method: 'on_account',
      accept_terms: true,
      expected_total: view.grand_total.ttc,
      email: who.customer.email,
    };
    const refused = await cart.call('POST', '/checkout/complete', body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().status).toBe('payment_method_unavailable');
    expect(refused.json().message).toContain('on hold');
    expect((await mine(who)).account.on_hold).toBe(true);
    const accounts = await staff('GET', '/staff/trade-accounts?on_hold=true&perPage=100');
    expect(accounts.json().data.items.map((item: { id: number }) => item.id)).toContain(who.customer.id);

    const released = await staff('POST', `/staff/customers/${who.customer.id}/trade/release`);
    expect(released.json().data.on_hold).toBe(false);
    expect(await methods()).toEqual(['card', 'on_account']);
    const placed = await cart.call('POST', '/checkout/complete', body);
    expect(placed.statusCode, placed.body).toBe(201);
    const total = view.grand_total.ttc;

    const statement = (await staff('GET', `/staff/customers/${who.customer.id}/trade/statement`)).json().data;
    expect(statement).toMatchObject({
      credit_limit_pence: 50_000,
      credit_used_pence: total,
      credit_left_pence: 50_000 - total,
      overdue_pence: 0,
      on_hold: false,
    });
    expect(statement.invoices).toHaveLength(1);
    expect(statement.invoices[0]).toMatchObject({ total_inc_pence: total, overdue: false });
    const listed = await staff('GET', `/staff/trade-accounts?q=${encodeURIComponent(who.customer.email)}`);
    expect(listed.json().data.items[0]).toMatchObject({
      credit_used_pence: total,
      credit_left_pence: 50_000 - total,
    });
    // Not a trade account: no hold.
    const plain = await createCustomer(t.app);
    expect((await staff('POST', `/staff/customers/${plain.customer.id}/trade/hold`)).statusCode).toBe(400);
    // The staff's session would end with the clock moved on: the customer's own page shows the overdue invoice.
    clock.advance(8 * DAY_MS);
    const later = (await mine(who)).account;
    expect(later).toMatchObject({ credit_used_pence: total, overdue_pence: total });
    expect(later.invoices[0].overdue).toBe(true);
  });
});
