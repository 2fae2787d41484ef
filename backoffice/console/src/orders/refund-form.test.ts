import { describe, expect, it } from 'vitest';
import type { OrderLine, OrderPage } from '../api/types.ts';
import { checkRefund, emptyRefundForm, refundableQuantity, type RefundForm } from './refund-form.ts';

function line(id: number, quantity: number, unitInc: number, more: Partial<OrderLine> = {}): OrderLine {
  return {
    id,
    reference: `REF-${id}`,
    name: `Filler ${id}`,
    variant_label: '5 kg',
    quantity,
    unit_ex_pence: Math.round(unitInc / 1.2),
    unit_inc_pence: unitInc,
    line_ex_pence: Math.round((unitInc * quantity) / 1.2),
    line_vat_pence: unitInc * quantity - Math.round((unitInc * quantity) / 1.2),
    line_inc_pence: unitInc * quantity,
    vat_rate_bp: 2000,
    free: false,
    refunded_quantity: 0,
    ...more,
  };
}

/** An order of 3 × £10.99 and 1 × £4.50, £5.95 delivery, £45.37 paid, `refunded` of it already refunded. */
function order(refunded = 0): OrderPage {
  return {
    lines: [
      line(1, 3, 1099),
      line(2, 1, 450, { refunded_quantity: refunded > 0 ? 1 : 0 }),
      line(3, 1, 0, { free: true }),
    ],
    totals: { shipping: { ex: 496, vat: 99, inc: 595 } },
    payment: { refundable_pence: 4537 - refunded },
  } as unknown as OrderPage;
}

const form = (changes: Partial<RefundForm>): RefundForm => ({
  ...emptyRefundForm,
  reason: 'Damaged',
  ...changes,
});

describe('a refund of the whole remainder', () => {
  it('sends the reason alone and refunds what is left', () => {
    expect(checkRefund(order(450), form({}))).toEqual({ pence: 4087, body: { reason: 'Damaged' } });
  });

  it('is refused without a reason or when nothing is left', () => {
    expect(checkRefund(order(), form({ reason: '  ' }))).toEqual({
      problem: 'Give a reason: the customer reads it.',
    });
    expect(checkRefund(order(4537), form({}))).toEqual({
      problem: 'Nothing is left to refund on this order.',
    });
  });
});

describe('a refund by line', () => {
  it('adds the chosen quantities and, if asked, the delivery charge', () => {
    expect(checkRefund(order(), form({ mode: 'lines', quantities: { 1: 2 } }))).toEqual({
      pence: 2198,
      body: { reason: 'Damaged', lines: [{ order_line_id: 1, quantity: 2 }] },
    });
    expect(checkRefund(order(), form({ mode: 'lines', quantities: { 1: 1, 2: 1 }, shipping: true }))).toEqual(
      {
        pence: 1099 + 450 + 595,
        body: {
          reason: 'Damaged',
          lines: [
            { order_line_id: 1, quantity: 1 },
            { order_line_id: 2, quantity: 1 },
          ],
          shipping: true,
        },
      },
    );
  });

  it('refuses more than is left of a line, a free line, or no line at all', () => {
    expect(checkRefund(order(450), form({ mode: 'lines', quantities: { 2: 1 } }))).toEqual({
      problem: 'Filler 2: at most 0 can be refunded.',
    });
    expect(checkRefund(order(), form({ mode: 'lines', quantities: { 1: 4 } }))).toEqual({
      problem: 'Filler 1: at most 3 can be refunded.',
    });
    expect(checkRefund(order(), form({ mode: 'lines', quantities: { 3: 1 } }))).toEqual({
      problem: 'Filler 3: at most 0 can be refunded.',
    });
    expect(checkRefund(order(), form({ mode: 'lines', quantities: { 1: 0 } }))).toEqual({
      problem: 'Choose how many of a line to refund.',
    });
  });

  it('counts what a line has left', () => {
    expect(refundableQuantity(line(1, 5, 100, { refunded_quantity: 2 }))).toBe(3);
    expect(refundableQuantity(line(1, 5, 0, { free: true }))).toBe(0);
  });
});

describe('a refund of an amount', () => {
  it('is sent in pence', () => {
    expect(checkRefund(order(), form({ mode: 'amount', amount: '£12.50' }))).toEqual({
      pence: 1250,
      body: { reason: 'Damaged', amount_pence: 1250 },
    });
  });

  it('is refused beyond what is left, at zero, or when it is not an amount', () => {
    expect(checkRefund(order(4000), form({ mode: 'amount', amount: '5.38' }))).toEqual({
      problem: 'At most £5.37 is left to refund.',
    });
    expect(checkRefund(order(), form({ mode: 'amount', amount: '0' }))).toEqual({
      problem: 'Type an amount in pounds, such as 12.50.',
    });
    expect(checkRefund(order(), form({ mode: 'amount', amount: 'ten' }))).toEqual({
      problem: 'Type an amount in pounds, such as 12.50.',
    });
  });
});
