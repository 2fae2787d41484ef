/**
 * Accounting documents (issue 23): the VAT invoice of a paid order, issued once however many ask at once (on the
 * PostgreSQL server they really race), the credit note of a partial refund, the packing slip, the customer's
 * downloads for the owner or the guest's token (anyone else 404), and the staff downloads behind `orders:read`.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeClock } from '../src/lib/clock.ts';
import { completeResponse } from '../src/modules/checkout/schemas.ts';
import { orderResponse } from '../src/modules/orders/schemas.ts';
import { createCustomer } from './account-helpers.ts';
import { checkoutKit, complete, completion } from './checkout-helpers.ts';
import { createTestApp, q, type TestApp } from './helpers.ts';
import { pdfText } from './pdf-text.ts';
import { consoleHeaders, inviteAndEnrol, keyHeaders } from './staff-helpers.ts';

const clock = fakeClock(new Date('2026-11-27T10:00:00Z'));
let t: TestApp;
let kit: Awaited<ReturnType<typeof checkoutKit>>;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  kit = await checkoutKit(t);
});
afterAll(() => t.close());

/** A guest's order paid by card (or left waiting for 3-D Secure): its id, number and access token. */
async function guestOrder(card = 'tok_ok') {
  const { cart, view } = await kit.readyCart('pro');
  const body = completeResponse.parse((await complete(cart, completion(view.grand_total.ttc, card))).json());
  return { ...body.order, token: body.access_token };
}

const staffGet = (path: string, headers: Record<string, string> = keyHeaders) =>
  t.app.inject({ url: `/api/v1/staff/orders/${path}?${q()}`, headers });

const customerGet = (number: string, path: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url: `/api/v1/orders/${number}/${path}?${q()}`, headers });

const invoiceNumbers = (orderId: number) =>
  kit.rows<{ number: string }>(
    sql`select number from order_document where order_id = ${orderId} and kind = 'invoice'`,
  );

/** A refund the provider has settled, as the refund flow records it: `amount` pence, by line or not. */
async function settledRefund(
  orderId: number,
  amount: number,
  reason: string,
  lines: { order_line_id: number; quantity: number; amount_pence: number }[] | null,
) {
  const [payment] = await kit.rows<{ id: string }>(sql`select id from payment where order_id = ${orderId}`);
  await kit.rows(sql`update payment set refunded_pence = refunded_pence + ${amount},
    status = 'partially_refunded' where id = ${payment!.id}`);
  const [refund] = await kit.rows<{ id: number }>(
    sql`insert into payment_refund (payment_id, amount_pence, idempotency_key, status, reason, lines, created_at, updated_at)
        values (${payment!.id}, ${amount}, ${`refund-${orderId}-${amount}`}, 'succeeded', ${reason},
          ${lines === null ? null : JSON.stringify(lines)}::jsonb, now(), now())
        returning id`,
  );
  return refund!.id;
}

describe('the VAT invoice', () => {
  it('is issued once, with one number, when 10 ask at once', async () => {
    const order = await guestOrder();
    const answers = await Promise.all(Array.from({ length: 10 }, () => staffGet(`${order.id}/invoice.pdf`)));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const numbers = await invoiceNumbers(order.id);
    expect(numbers).toHaveLength(1);
    const number = numbers[0]!.number;
    expect(number).toMatch(/^INV-\d{6}$/);
    for (const answer of answers) {
      expect(answer.headers['content-disposition']).toBe(`inline; filename="${number}.pdf"`);
    }
    // No sequence value was drawn and thrown away: the next order's invoice follows on.
    const next = await guestOrder();
    expect((await staffGet(`${next.id}/invoice.pdf`)).statusCode).toBe(200);
    const [following] = await invoiceNumbers(next.id);
    expect(Number(following!.number.slice(4))).toBe(Number(number.slice(4)) + 1);
  });

  it('is a PDF naming the order, the VAT number and the totals, the same for staff and the guest', async () => {
    const order = await guestOrder();
    const staff = await staffGet(`${order.id}/invoice.pdf`);
    expect(staff.statusCode, staff.body).toBe(200);
    expect(staff.headers['content-type']).toBe('application/pdf');
    expect(staff.headers['cache-control']).toBe('no-store');
    expect(staff.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(staff.rawPayload);
    const shown = orderResponse.parse((await kit.getOrder(order.number, order.token)).json()).order;
    const pounds = (pence: number) =>
      `£${Math.floor(pence / 100).toLocaleString('en-GB')}.${String(pence % 100).padStart(2, '0')}`;
    for (const expected of [
      'VAT invoice',
      order.number,
      'GB 123 4567 89',
      'Plasterwick Ltd',
      'Alex Morgan',
      `Total ex VAT ${pounds(shown.grand_total.ht)}`,
      `VAT ${pounds(shown.grand_total.tax)}`,
      `Total inc VAT ${pounds(shown.grand_total.ttc)}`,
      'Paid by card',
    ]) {
      expect(text, expected).toContain(expected);
    }
    const guest = await customerGet(order.number, 'invoice.pdf', { 'x-order-token': order.token! });
    expect(guest.statusCode, guest.body).toBe(200);
    expect(await pdfText(guest.rawPayload)).toBe(text);
    expect(shown.documents).toEqual([
      {
        kind: 'invoice',
        number: (await invoiceNumbers(order.id))[0]!.number,
        url: `/api/v1/orders/${order.number}/invoice.pdf?site_id=3`,
      },
    ]);
  });

  it('is listed before it is issued, and opened by its owner from the link', async () => {
    const { customer, headers } = await createCustomer(t.app);
    const order = await guestOrder();
    await kit.rows(sql`update orders set customer_id = ${customer.id} where id = ${order.id}`);
    const shown = orderResponse.parse(
      (await t.app.inject({ url: `/api/v1/orders/${order.number}?${q()}`, headers })).json(),
    ).order;
    expect(shown.documents).toEqual([
      { kind: 'invoice', number: null, url: `/api/v1/orders/${order.number}/invoice.pdf?site_id=3` },
    ]);
    const opened = await t.app.inject({ url: shown.documents[0]!.url, headers });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(await invoiceNumbers(order.id)).toHaveLength(1);
  });

  it('on account: gives the PO number and the due date, and its owner opens it', async () => {
    const { customer, headers } = await createCustomer(t.app);
    const order = await guestOrder();
    // The order as an approved trade account places it on account (trade.test.ts makes one end to end).
    await kit.rows(sql`update orders set status = 'on_account', payment_method = 'on_account', paid_at = null,
      customer_id = ${customer.id}, po_number = 'PO-4471', payment_due_at = '2026-12-27T12:00:00Z'
      where id = ${order.id}`);
    const answer = await customerGet(order.number, 'invoice.pdf', headers);
    expect(answer.statusCode, answer.body).toBe(200);
    const text = await pdfText(answer.rawPayload);
    expect(text).toContain('Purchase order PO-4471');
    expect(text).toContain('On account: payment due by 27 December 2026');
    expect(text).toContain('Time of supply (tax point) 27 November 2026');
  });

  it('does not exist for an order not paid: 409 invoice_not_available, and none listed', async () => {
    const order = await guestOrder('tok_3ds');
    expect(order.status).toBe('pending_payment');
    const staff = await staffGet(`${order.id}/invoice.pdf`);
    expect(staff.statusCode).toBe(409);
    expect(staff.json()).toMatchObject({ status: 'invoice_not_available' });
    const guest = await customerGet(order.number, 'invoice.pdf', { 'x-order-token': order.token! });
    expect(guest.statusCode).toBe(409);
    expect(await invoiceNumbers(order.id)).toHaveLength(0);
    const shown = orderResponse.parse((await kit.getOrder(order.number, order.token)).json()).order;
    expect(shown.documents).toEqual([]);
  });

  it("is a 404 for anyone but the order's owner or guest, never a 403", async () => {
    const order = await guestOrder();
    const other = await guestOrder();
    const { headers } = await createCustomer(t.app);
    for (const answer of [
      await customerGet(order.number, 'invoice.pdf'),
      await customerGet(order.number, 'invoice.pdf', { 'x-order-token': other.token! }),
      await customerGet(order.number, 'invoice.pdf', headers),
      await customerGet('PW-999999', 'invoice.pdf', { 'x-order-token': order.token! }),
    ]) {
      expect(answer.statusCode, answer.body).toBe(404);
    }
    expect(await invoiceNumbers(order.id)).toHaveLength(0);
    expect((await staffGet('999999/invoice.pdf')).statusCode).toBe(404);
    expect((await customerGet('not-a-number', 'invoice.pdf')).statusCode).toBe(400);
  });
});

describe('the credit note', () => {
  it('credits a partial refund by line with its VAT, names the invoice it corrects and the reason', async () => {
    const order = await guestOrder();
    const [line] = await kit.rows<{ id: number; unit_inc_pence: number; name: string }>(
      sql`select id, unit_inc_pence, name from order_line where order_id = ${order.id} order by position limit 1`,
    );
    const amount = line!.unit_inc_pence;
    const refundId = await settledRefund(order.id, amount, 'One bag arrived split', [
      { order_line_id: line!.id, quantity: 1, amount_pence: amount },
    ]);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => staffGet(`${order.id}/credit-notes/${refundId}.pdf`)),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const documents = await kit.rows<{ kind: string; number: string; refund_id: number | null }>(
      sql`select kind, number, refund_id from order_document where order_id = ${order.id} order by kind`,
    );
    expect(documents).toHaveLength(2);
    const [creditNote, invoice] = documents;
    expect(creditNote).toMatchObject({ kind: 'credit_note', refund_id: refundId });
    expect(creditNote!.number).toMatch(/^CN-\d{6}$/);
    const vat = Math.floor((2 * amount * 2000 + 12000) / 24000);
    const pounds = (pence: number) => `£${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;
    const text = await pdfText(answers[0]!.rawPayload);
    for (const expected of [
      'Credit note',
      creditNote!.number,
      `Corrects VAT invoice ${invoice!.number}`,
      order.number,
      'One bag arrived split',
      line!.name,
      'GB 123 4567 89',
      `Total credited ex VAT ${pounds(amount - vat)}`,
      `VAT ${pounds(vat)}`,
      `Total credited inc VAT ${pounds(amount)}`,
    ]) {
      expect(text, expected).toContain(expected);
    }

    // The guest sees it listed and opens it by its number; another order's credit note path is a 404.
    const shown = orderResponse.parse((await kit.getOrder(order.number, order.token)).json()).order;
    expect(shown.documents.map((document) => document.number)).toEqual([invoice!.number, creditNote!.number]);
    const guest = await t.app.inject({
      url: shown.documents[1]!.url,
      headers: { 'x-order-token': order.token! },
    });
    expect(guest.statusCode, guest.body).toBe(200);
    expect(guest.headers['content-disposition']).toBe(`inline; filename="${creditNote!.number}.pdf"`);
    const other = await guestOrder();
    const elsewhere = await customerGet(other.number, `credit-notes/${creditNote!.number}.pdf`, {
      'x-order-token': other.token!,
    });
    expect(elsewhere.statusCode).toBe(404);
    expect((await staffGet(`${other.id}/credit-notes/${refundId}.pdf`)).statusCode).toBe(404);
  });

  it('credits a refund of an amount at the order rate, and waits for a refund to succeed', async () => {
    const order = await guestOrder();
    const refundId = await settledRefund(order.id, 1001, 'Goodwill', null);
    const answer = await staffGet(`${order.id}/credit-notes/${refundId}.pdf`);
    expect(answer.statusCode, answer.body).toBe(200);
    const text = await pdfText(answer.rawPayload);
    // 1001 × 2000 / 12000 = 166.83: £1.67 of VAT, £8.34 net.
    expect(text).toContain(`Refund on order ${order.number}`);
    expect(text).toContain('Total credited ex VAT £8.34');
    expect(text).toContain('VAT £1.67');
    expect(text).toContain('Total credited inc VAT £10.01');

    await kit.rows(sql`update payment_refund set status = 'pending' where id = ${refundId}`);
    const pendingId = await settledRefund(order.id, 500, 'Later', null);
    await kit.rows(sql`update payment_refund set status = 'pending' where id = ${pendingId}`);
    const pending = await staffGet(`${order.id}/credit-notes/${pendingId}.pdf`);
    expect(pending.statusCode).toBe(409);
    expect(pending.json()).toMatchObject({ status: 'credit_note_not_available' });
  });
});

describe('the e-mails', () => {
  it('the dispatch e-mail attaches the VAT invoice, the refund e-mail the credit note', async () => {
    const order = await guestOrder();
    const dispatched = await t.app.inject({
      method: 'POST',
      url: `/api/v1/staff/orders/${order.id}/dispatch?${q()}`,
      headers: keyHeaders,
      payload: { carrier: 'royal_mail', tracking_number: 'AB 1234 5678 9GB' },
    });
    expect(dispatched.statusCode, dispatched.body).toBe(200);
    const refunded = await t.app.inject({
      method: 'POST',
      url: `/api/v1/staff/orders/${order.id}/refunds?${q()}`,
      headers: keyHeaders,
      payload: { idempotency_key: `documents-${order.id}`, reason: 'Goodwill', amount_pence: 500 },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const attached = await kit.rows<{ kind: string; filename: string; content: Uint8Array }>(
      sql`select m.kind, a.filename, a.content from mail_attachment a join mail_outbox m on m.id = a.mail_id
          where m.order_id = ${order.id} order by a.id`,
    );
    const [invoice] = await invoiceNumbers(order.id);
    expect(attached.map(({ kind, filename }) => ({ kind, filename }))).toEqual([
      { kind: 'order.dispatched', filename: `${invoice!.number}.pdf` },
      { kind: 'order.refunded', filename: expect.stringMatching(/^CN-\d{6}\.pdf$/) },
    ]);
    expect(await pdfText(attached[1]!.content)).toContain('Total credited inc VAT £5.00');
  });
});

describe('the packing slip', () => {
  it('gives the address and the lines, without prices', async () => {
    const order = await guestOrder();
    const answer = await staffGet(`${order.id}/packing-slip.pdf`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-disposition']).toBe(`inline; filename="packing-slip-${order.number}.pdf"`);
    const text = await pdfText(answer.rawPayload);
    expect(text).toContain('Packing slip');
    expect(text).toContain(order.number);
    expect(text).toContain('1 Mill Lane');
    expect(text).not.toContain('£');
  });
});

describe('staff access', () => {
  it('needs orders:read: 403 for a catalogue person, 200 for customer service', async () => {
    const order = await guestOrder();
    const catalogue = await inviteAndEnrol(t.app, clock, 'catalogue');
    const service = await inviteAndEnrol(t.app, clock, 'customer_service');
    for (const path of [
      `${order.id}/invoice.pdf`,
      `${order.id}/packing-slip.pdf`,
      `${order.id}/credit-notes/1.pdf`,
    ]) {
      expect((await staffGet(path, consoleHeaders(catalogue.session))).statusCode, path).toBe(403);
    }
    expect(await invoiceNumbers(order.id)).toHaveLength(0);
    expect((await staffGet(`${order.id}/invoice.pdf`, consoleHeaders(service.session))).statusCode).toBe(200);
    expect((await staffGet(`${order.id}/invoice.pdf`, {})).statusCode).toBe(401);
  });
});
