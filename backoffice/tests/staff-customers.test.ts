/**
 * The staff's customer calls (issue 24, docs/api-contract.md "Staff: customers"): the list searched, filtered,
 * sorted and paged on the server; the customer page's sections (never a token); ending sessions; disabling (sign-in
 * refused with its message, sessions ended) and enabling; resending the verification e-mail (409 once verified);
 * sending a password reset; the UK GDPR export (a JSON download with orders, a CV base64-encoded and the audit
 * trail) and erasure (orders kept with their totals and marked erased, nothing else of the person left); who may
 * call what (403), and the 400/404/409 cases.
 */
import { ACCOUNT_MESSAGES, SESSION_COOKIE } from '@plasterwick/shop-rules/accounts';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditEvents,
  authAttempts,
  carts,
  customerAddresses,
  customers,
  customerSessions,
  customerTokens,
  mailOutbox,
  orders,
  submissionFiles,
  submissions,
  tradeApplications,
  wishlistItems,
} from '../src/db/schema.ts';
import { fakeClock } from '../src/lib/clock.ts';
import { completeResponse } from '../src/modules/checkout/schemas.ts';
import {
  customerExportSchema,
  erasedSchema,
  listAnswer,
  staffCustomerItem,
  staffCustomerPageSchema,
} from '../src/modules/customers/staff-schemas.ts';
import { staffOrderItem, staffOrderPageSchema } from '../src/modules/orders/staff-schemas.ts';
import { createCustomer, TEST_PASSWORD, type TestCustomer } from './account-helpers.ts';
import { checkoutKit, complete, completion } from './checkout-helpers.ts';
import { customerCart } from './customer-cart-helpers.ts';
import { productOf } from './cart-helpers.ts';
import { createTestApp, PART_PLAN, q, SITE_ID, type TestApp } from './helpers.ts';
import { consoleHeaders, inviteAndEnrol, keyHeaders, setUpOwner, type StaffPerson } from './staff-helpers.ts';

const START = new Date('2027-06-01T09:00:00Z');
const clock = fakeClock(START);
let t: TestApp;
let owner: StaffPerson;
let service: StaffPerson;
let recruiter: StaffPerson;
let alex: TestCustomer;
let other: TestCustomer;
let alexOrder: { id: number; number: string; total: number };
let guestOrderId: number;
const CV = Buffer.from('%PDF-1.4\n% the CV of Alex Morgan\n');

function staff(method: 'GET' | 'POST', path: string, person?: StaffPerson, payload?: object) {
  return t.app.inject({
    method,
    url: `/api/v1${path}${path.includes('?') ? '&' : '?'}${q()}`,
    headers: person ? consoleHeaders(person.session) : keyHeaders,
    ...(payload ? { payload } : {}),
  });
}

async function list(params: Record<string, string | number> = {}) {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  const response = await staff('GET', `/staff/customers?${query}`, service);
  expect(response.statusCode, response.body).toBe(200);
  return listAnswer(staffCustomerItem).parse(response.json()).data;
}

async function page(id: number) {
  const response = await staff('GET', `/staff/customers/${id}`, service);
  expect(response.statusCode, response.body).toBe(200);
  return staffCustomerPageSchema.parse(response.json().data);
}

const login = (email: string, password = TEST_PASSWORD) =>
  t.app.inject({ method: 'POST', url: `/api/v1/auth/login?${q()}`, payload: { email, password } });

const me = (who: TestCustomer) => t.app.inject({ url: `/api/v1/me?${q()}`, headers: who.headers });

const audited = async (action: string, id: number) =>
  t.app.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.entityId, String(id))));

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  const kit = await checkoutKit(t);
  owner = await setUpOwner(t.app, clock);
  service = await inviteAndEnrol(t.app, clock, 'customer_service');
  recruiter = await inviteAndEnrol(t.app, clock, 'recruitment');
  alex = await createCustomer(t.app, {
    email: 'alex.morgan@example.co.uk',
    firstName: 'Alex',
    lastName: 'Morgan',
    company: 'Morgan Plastering',
    phone: '07700 900123',
    audience: 'part',
  });
  clock.advance(60_000);
  other = await createCustomer(t.app, { firstName: 'Robin', lastName: 'Hart', audience: 'pro' });
  const now = clock.now();
  await t.app.db.insert(customerAddresses).values({
    customerId: alex.customer.id,
    label: 'Home',
    firstName: 'Alex',
    lastName: 'Morgan',
    address: '1 Mill Lane',
    town: 'Manchester',
    postcode: 'M1 1AE',
    country: 'uk',
    phone: '0161 496 0000',
    isDefaultDelivery: true,
    createdAt: now,
    updatedAt: now,
  });
  const product = await productOf(t.app, 'plasterwick-multi-fill-powder', PART_PLAN);
  await t.app.db
    .insert(wishlistItems)
    .values({ customerId: alex.customer.id, productId: product.id, addedAt: now });
  // Alex's order, placed logged in, paid by card.
  const cart = customerCart(t.app, alex, PART_PLAN);
  await cart.add([
    { element_id: product.id, variant_reference: product.variants[1]!.reference, quantity: 2 },
  ]);
  const view = await cart.deliver('standard');
  const placed = await cart.call(
    'POST',
    '/checkout/complete',
    completion(view.grand_total.ttc, 'tok_ok', { email: alex.customer.email }),
  );
  expect(placed.statusCode, placed.body).toBe(201);
  const number = completeResponse.parse(placed.json()).order.number;
  const [row] = await t.app.db.select().from(orders).where(eq(orders.number, number));
  alexOrder = { id: row!.id, number, total: row!.totalIncPence };
  // A guest order with Alex's address, before the account had verified it.
  const guest = await kit.readyCart('part');
  const guestPlaced = await complete(
    guest.cart,
    completion(guest.view.grand_total.ttc, 'tok_ok', { email: 'Alex.Morgan@example.co.uk' }),
  );
  expect(guestPlaced.statusCode, guestPlaced.body).toBe(201);
  guestOrderId = completeResponse.parse(guestPlaced.json()).order.id;
  // A job application with a CV sent with Alex's address (any case), and someone else's contact message.
  const [application] = await t.app.db
    .insert(submissions)
    .values({
      siteId: SITE_ID,
      kind: 'application',
      data: {
        first_name: 'Alex',
        last_name: 'Morgan',
        email: ' ALEX.MORGAN@example.co.uk',
        message: 'Hire me',
      },
    })
    .returning();
  await t.app.db.insert(submissionFiles).values({
    submissionId: application!.id,
    fileName: 'alex-morgan-cv.pdf',
    contentType: 'application/pdf',
    sizeBytes: CV.length,
    content: CV,
  });
  await t.app.db.insert(submissions).values({
    siteId: SITE_ID,
    kind: 'contact',
    data: { first_name: 'Robin', last_name: 'Hart', email: other.customer.email, message: 'Hello' },
  });
}, 120_000);
afterAll(() => t.close());

describe('the customer list and page', () => {
  it('searches e-mail, name, company and phone; filters; sorts and pages on the server', async () => {
    expect((await list()).total).toBe(2);
    for (const words of ['ALEX.MORGAN@', 'alex morgan', 'plastering', '900123']) {
      expect(
        (await list({ q: words })).items.map((item) => item.id),
        words,
      ).toEqual([alex.customer.id]);
    }
    expect((await list({ q: '%' })).total).toBe(0);
    expect((await list({ audience: 'pro' })).items.map((item) => item.id)).toEqual([other.customer.id]);
    expect((await list({ trade_approved: 'true' })).total).toBe(0);
    expect((await list({ disabled: 'false' })).total).toBe(2);
    const newest = await list({ perPage: 1 });
    expect(newest).toMatchObject({ total: 2, items: [{ id: other.customer.id }] });
    expect((await list({ sort: 'email', order: 'ASC', page: 2, perPage: 1 })).items[0]!.email).toBe(
      [alex.customer.email, other.customer.email].sort()[1],
    );
    for (const bad of ['perPage=101', 'page=0', 'sort=password_hash', 'disabled=yes', 'q=a%0Ab']) {
      expect((await staff('GET', `/staff/customers?${bad}`, service)).statusCode, bad).toBe(400);
    }
  });

  it('shows the profile, addresses, orders, wishlist and sessions, never a token', async () => {
    const shown = await page(alex.customer.id);
    expect(shown).toMatchObject({
      email: 'alex.morgan@example.co.uk',
      first_name: 'Alex',
      company: 'Morgan Plastering',
      disabled: false,
      email_verified: false,
      addresses: [{ label: 'Home', postcode: 'M1 1AE', is_default_delivery: true }],
      orders: [
        { id: alexOrder.id, number: alexOrder.number, status: 'paid', total_inc_pence: alexOrder.total },
      ],
      wishlist: [{ name: expect.any(String) }],
    });
    expect(shown.sessions).toHaveLength(1);
    const raw = JSON.stringify(shown);
    expect(raw).not.toMatch(/token|password/i);
    expect((await staff('GET', '/staff/customers/999999', service)).statusCode).toBe(404);
    expect((await staff('GET', '/staff/customers/abc', service)).statusCode).toBe(400);
  });
});

describe('who may call what', () => {
  it('a role without the permissions is refused (403), customer service may not export or erase', async () => {
    const id = alex.customer.id;
    for (const [method, path] of [
      ['GET', '/staff/customers'],
      ['GET', `/staff/customers/${id}`],
      ['POST', `/staff/customers/${id}/disable`],
      ['POST', `/staff/customers/${id}/sessions/end`],
      ['POST', `/staff/customers/${id}/password-reset`],
      ['GET', `/staff/customers/${id}/export`],
    ] as const) {
      expect((await staff(method, path, recruiter)).statusCode, path).toBe(403);
    }
    expect((await staff('GET', `/staff/customers/${id}/export`, service)).statusCode).toBe(403);
    const erase = await staff('POST', `/staff/customers/${id}/erase`, service, {
      email: alex.customer.email,
    });
    expect(erase.statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/v1/staff/customers?${q()}` })).statusCode).toBe(401);
  });
});

describe('account actions', () => {
  it('ends every session of the customer', async () => {
    const second = await createCustomer(t.app, { email: 'second.browser@example.co.uk' });
    const ended = await staff('POST', `/staff/customers/${second.customer.id}/sessions/end`, service);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toEqual({ data: { ended: 1 } });
    expect((await me(second)).statusCode).toBe(401);
    expect(await audited('customer.end_sessions', second.customer.id)).toHaveLength(1);
    expect((await staff('POST', '/staff/customers/999999/sessions/end', service)).statusCode).toBe(404);
  });

  it('a disabled account cannot sign in (a clear message) and its sessions end at once; enabled, it can', async () => {
    const robin = await createCustomer(t.app, { email: 'robin.disabled@example.co.uk' });
    // A reset link sent before the account was disabled…
    const reset = await staff('POST', `/staff/customers/${robin.customer.id}/password-reset`, service);
    const [letter] = await t.app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.id, reset.json().data.mail_id));
    const token = /reset-password\?token=([\w-]+)/.exec(letter!.textBody)![1]!;
    const disabled = await staff('POST', `/staff/customers/${robin.customer.id}/disable`, service);
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(staffCustomerPageSchema.parse(disabled.json().data)).toMatchObject({
      disabled: true,
      sessions: [],
    });
    expect((await me(robin)).statusCode).toBe(401);
    const refused = await login(robin.customer.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      status: 'account_disabled',
      message: ACCOUNT_MESSAGES.accountDisabled,
    });
    // A wrong password learns nothing of it.
    expect((await login(robin.customer.email, 'Wrong2027x')).statusCode).toBe(401);
    // …does not log it in either.
    const viaLink = await t.app.inject({
      method: 'POST',
      url: `/api/v1/auth/password/reset?${q()}`,
      payload: { token, password: 'Another2027x' },
    });
    expect(viaLink.statusCode, viaLink.body).toBe(403);
    expect(viaLink.json().status).toBe('account_disabled');
    // Again: nothing changes.
    expect((await staff('POST', `/staff/customers/${robin.customer.id}/disable`, service)).statusCode).toBe(
      200,
    );
    expect((await list({ disabled: 'true' })).items.map((item) => item.id)).toEqual([robin.customer.id]);
    // No link for a disabled account.
    expect(
      (await staff('POST', `/staff/customers/${robin.customer.id}/password-reset`, service)).statusCode,
    ).toBe(409);
    const [event] = await audited('customer.disable', robin.customer.id);
    expect(event!.changes).toMatchObject({ sessions: { before: 1, after: 0 } });

    const enabled = await staff('POST', `/staff/customers/${robin.customer.id}/enable`, service);
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(enabled.json().data.disabled).toBe(false);
    const back = await login(robin.customer.email);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.cookies.some((cookie) => cookie.name === SESSION_COOKIE)).toBe(true);
    expect((await staff('POST', '/staff/customers/999999/enable', service)).statusCode).toBe(404);
  });

  it('resends the verification e-mail (409 once verified) and sends the forgotten-password letter', async () => {
    const id = alex.customer.id;
    const sent = await staff('POST', `/staff/customers/${id}/verification-email`, service);
    expect(sent.statusCode, sent.body).toBe(202);
    const [verification] = await t.app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.id, sent.json().data.mail_id));
    expect(verification).toMatchObject({ kind: 'account.verification', recipient: alex.customer.email });
    expect(verification!.textBody).toMatch(/verify-email\?token=/);

    const reset = await staff('POST', `/staff/customers/${id}/password-reset`, service);
    expect(reset.statusCode, reset.body).toBe(202);
    const [letter] = await t.app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.id, reset.json().data.mail_id));
    expect(letter).toMatchObject({
      kind: 'account.password_reset',
      recipient: alex.customer.email,
      subject: 'Choose a new password',
    });
    expect(letter!.textBody).toMatch(/reset-password\?token=/);
    expect(await audited('customer.password_reset', id)).toHaveLength(1);
    expect(await audited('customer.resend_verification', id)).toHaveLength(1);

    const verified = await createCustomer(t.app, {
      email: 'verified@example.co.uk',
      emailVerifiedAt: clock.now(),
    });
    const again = await staff('POST', `/staff/customers/${verified.customer.id}/verification-email`, service);
    expect(again.statusCode).toBe(409);
    expect(again.json().status).toBe('already_verified');
  });
});

describe('UK GDPR', () => {
  it('an owner exports everything held about the customer as a JSON download (audited)', async () => {
    await t.app.db.insert(tradeApplications).values({
      siteId: alex.customer.siteId,
      customerId: alex.customer.id,
      company: 'Morgan Plastering Ltd',
      companyNumber: '01234567',
      vatNumber: 'GB123456789',
      expectedMonthlySpendPounds: 800,
      phone: '0161 496 0000',
      createdAt: clock.now(),
    });
    const response = await staff('GET', `/staff/customers/${alex.customer.id}/export`, owner);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="customer-\d+-2027-06-01\.json"$/,
    );
    const exported = customerExportSchema.parse(response.json()) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a JSON document read by its keys
    expect(exported.account).toMatchObject({ email: alex.customer.email, firstName: 'Alex' });
    expect(response.body).not.toMatch(/passwordHash|tokenHash|\$argon2/);
    expect(exported.addresses).toMatchObject([{ postcode: 'M1 1AE' }]);
    expect(exported.sessions).toHaveLength(1);
    expect(exported.wishlist).toHaveLength(1);
    expect(exported.orders.map((order: { number: string }) => order.number)).toContain(alexOrder.number);
    expect(exported.orders).toHaveLength(2);
    const mine = exported.orders.find((order: { id: number }) => order.id === alexOrder.id);
    expect(mine.lines.length).toBeGreaterThan(0);
    expect(mine.payments).toMatchObject([
      { status: 'succeeded', capturedPence: alexOrder.total, refunds: [] },
    ]);
    expect(exported.form_submissions).toHaveLength(1);
    const [application] = exported.form_submissions;
    expect(application).toMatchObject({ kind: 'application', files: [{ file_name: 'alex-morgan-cv.pdf' }] });
    expect(Buffer.from(application.files[0].content_base64, 'base64').equals(CV)).toBe(true);
    expect(exported.trade).toMatchObject({
      applications: [{ status: 'pending', company: 'Morgan Plastering Ltd', vat_number: 'GB123456789' }],
      on_hold_since: null,
    });
    expect(exported.audit_events.map((event: { action: string }) => event.action)).toEqual(
      expect.arrayContaining(['customer.resend_verification', 'customer.password_reset']),
    );
    expect(await audited('customer.export', alex.customer.id)).toHaveLength(1);
    expect((await staff('GET', '/staff/customers/999999/export', owner)).statusCode).toBe(404);
  });

  it('erasure asks for the e-mail again and waits for orders under way', async () => {
    const id = alex.customer.id;
    const mismatch = await staff('POST', `/staff/customers/${id}/erase`, owner, {
      email: 'someone@example.co.uk',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({ status: 'confirmation_mismatch' });
    expect((await staff('POST', `/staff/customers/${id}/erase`, owner, {})).statusCode).toBe(400);
    const open = await staff('POST', `/staff/customers/${id}/erase`, owner, { email: alex.customer.email });
    expect(open.statusCode).toBe(409);
    expect(open.json()).toMatchObject({ status: 'customer_has_open_orders' });
    expect(open.json().message).toContain(alexOrder.number);
    expect((await page(id)).email).toBe(alex.customer.email);
  });

  it('erased, the account and everything it held go; the orders keep their totals, marked erased', async () => {
    const id = alex.customer.id;
    const email = alex.customer.email;
    for (const orderId of [alexOrder.id, guestOrderId]) {
      const dispatched = await staff('POST', `/staff/orders/${orderId}/dispatch`, undefined, {
        carrier: 'royal_mail',
        tracking_number: 'AB 1234 5678 9GB',
      });
      expect(dispatched.statusCode, dispatched.body).toBe(200);
    }
    const [before] = await t.app.db.select().from(orders).where(eq(orders.id, alexOrder.id));
    const erased = await staff('POST', `/staff/customers/${id}/erase`, owner, {
      email: ` ${email.toUpperCase()} `,
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erasedSchema.parse(erased.json().data)).toMatchObject({
      id,
      orders_kept: 2,
      submissions_deleted: 1,
    });

    // Nothing of the person is left…
    const count = async (table: PgTable, where: SQL | undefined) =>
      (
        await t.app.db
          .select({ n: sql<number>`count(*)::int` })
          .from(table)
          .where(where)
      )[0]!.n;
    expect(await count(customers, eq(customers.id, id))).toBe(0);
    expect(await count(customerSessions, eq(customerSessions.customerId, id))).toBe(0);
    expect(await count(customerTokens, eq(customerTokens.customerId, id))).toBe(0);
    expect(await count(customerAddresses, eq(customerAddresses.customerId, id))).toBe(0);
    expect(await count(wishlistItems, eq(wishlistItems.customerId, id))).toBe(0);
    expect(await count(carts, eq(carts.customerId, id))).toBe(0);
    expect(await count(authAttempts, eq(authAttempts.subject, email))).toBe(0);
    expect(await count(submissions, sql`lower(${submissions.data}->>'email') like '%alex.morgan%'`)).toBe(0);
    expect(await count(submissionFiles, sql`true`)).toBe(0);
    expect(await count(mailOutbox, sql`lower(${mailOutbox.recipient}) = ${email}`)).toBe(0);
    expect(await count(orders, sql`lower(${orders.email}) = ${email} or ${orders.customerId} = ${id}`)).toBe(
      0,
    );
    // …but someone else's message is still there.
    expect(await count(submissions, sql`${submissions.data}->>'email' = ${other.customer.email}`)).toBe(1);

    // The orders keep their snapshot for the VAT records, marked erased.
    const [after] = await t.app.db.select().from(orders).where(eq(orders.id, alexOrder.id));
    expect(after).toMatchObject({
      totalIncPence: before!.totalIncPence,
      totalVatPence: before!.totalVatPence,
      billing: before!.billing,
      customerName: before!.customerName,
      customerId: null,
      email: '',
      phone: '',
    });
    expect(after!.customerErasedAt).not.toBeNull();
    expect(JSON.stringify(after!.delivery)).not.toContain('0161');
    const listed = await staff('GET', `/staff/orders?number=${alexOrder.number}`);
    expect(listAnswer(staffOrderItem).parse(listed.json()).data.items).toMatchObject([
      { id: alexOrder.id, erased: true, total_inc_pence: alexOrder.total },
    ]);
    const orderPage = await staff('GET', `/staff/orders/${alexOrder.id}`);
    expect(staffOrderPageSchema.parse(orderPage.json().data)).toMatchObject({
      erased: true,
      total_inc_pence: alexOrder.total,
    });
    const others = await staff('GET', `/staff/orders`);
    expect(
      listAnswer(staffOrderItem)
        .parse(others.json())
        .data.items.filter((item) => item.erased),
    ).toHaveLength(2);

    // Its later moves e-mail nobody: delivered and refunded, no new e-mail is queued; nothing to resend.
    const queued = async () => count(mailOutbox, sql`${mailOutbox.orderId} = ${alexOrder.id}`);
    const mailsBefore = await queued();
    const delivered = await staff('POST', `/staff/orders/${alexOrder.id}/delivered`);
    expect(delivered.statusCode, delivered.body).toBe(200);
    const refunded = await staff('POST', `/staff/orders/${alexOrder.id}/refunds`, undefined, {
      idempotency_key: 'erased-goodwill',
      amount_pence: 100,
      reason: 'Goodwill',
    });
    expect(refunded.statusCode, refunded.body).toBeLessThan(300);
    expect(await queued()).toBe(mailsBefore);
    const resend = await staff('POST', `/staff/orders/${alexOrder.id}/resend-confirmation`);
    expect(resend.statusCode).toBe(409);
    expect(resend.json().status).toBe('customer_erased');

    // The person can no longer sign in; the account is gone from the console.
    expect((await login(email)).statusCode).toBe(401);
    expect((await me(alex)).statusCode).toBe(401);
    expect((await staff('GET', `/staff/customers/${id}`, service)).statusCode).toBe(404);
    expect((await staff('POST', `/staff/customers/${id}/erase`, owner, { email })).statusCode).toBe(404);
    const [event] = await audited('customer.erase', id);
    expect(event).toMatchObject({ entity: 'customer', outcome: 'ok', actorName: 'Olive Owner' });
    expect(JSON.stringify(event)).not.toContain(email);
  });
});
