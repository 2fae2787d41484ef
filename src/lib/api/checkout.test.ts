import { describe, expect, it } from 'vitest';
import { BackofficeError, type ErrorBody } from './client.ts';
import { checkoutCartSchema, completeAnswerSchema, paymentInProgress } from './checkout.ts';
import { orderAnswerSchema } from './orders.ts';

const amount = (ttc: number, tax: number) => ({ ttc, tax, ht: ttc - tax });
const line = {
  id: 7,
  element_id: 3,
  element_type: 'product',
  variant_id: 9,
  variant_reference: 'EF-1KG',
  name: 'Easy Fill',
  variant_label: '1 kg tub',
  slug: 'easy-fill',
  image: null,
  quantity: 2,
  price_with_tax: 1250,
  total_with_tax: 2500,
  price_without_tax: 1042,
  total_without_tax: 2083,
  tax: 417,
  free: false,
};
const address = {
  first_name: 'Jo',
  last_name: 'Bloggs',
  address: '1 High Street',
  town: 'Leeds',
  postcode: 'LS1 4AP',
  country: 'uk',
};

describe('checkout answers', () => {
  it('reads the cart for the basket store and for the review', () => {
    const { answer, view } = checkoutCartSchema.parse({
      cart: {
        list: [line],
        quantity: 2,
        amount: amount(2500, 417),
        discount_amount: amount(250, 42),
        discounted_amount: 2250,
        discounts: {
          cart_discount: {
            description: '10 % off',
            amount: 10,
            unit: 'percent',
            code: 'WELCOME10',
            amount_off: 250,
          },
          free_product: null,
        },
        shipping_estimate: 0,
        shipping: amount(0, 0),
        grand_total: amount(2250, 375),
        audience: 'part',
        checkout: {
          delivery: {
            method: 'collect',
            stockist: {
              id: 4,
              name: 'Leeds Trade',
              address: '2 Mill Rd',
              town: 'Leeds',
              postcode: 'LS2 7AB',
              phone: '0113',
            },
            first_name: 'Jo',
            last_name: 'Bloggs',
            phone: '0161 496 0000',
          },
          billing: { same_as_delivery: false, address },
        },
        notice: null,
        token_expires_at: '2030-01-01T00:00:00Z',
      },
    });
    expect(answer.cart.lines).toHaveLength(1);
    expect(view).toMatchObject({
      amount: { inc: 2500, vat: 417, ex: 2083 },
      discount: 250,
      discountLabel: '10 % off',
      grandTotal: { inc: 2250 },
      checkoutKnown: true,
      delivery: { method: 'collect', stockist: { id: 4, name: 'Leeds Trade' } },
      billing: { sameAsDelivery: false, address: { town: 'Leeds' } },
    });
    expect(view.lines[0]).toMatchObject({ pack: '1 kg tub', total: 2500, totalExVat: 2083 });
  });

  it('reads a completion with its access token and next step', () => {
    const done = completeAnswerSchema.parse({
      order: { id: 1, number: 'PW-000001', status: 'pending_payment' },
      access_token: 'abc',
      access_token_expires_at: '2030-01-01T02:00:00Z',
      next: { type: 'redirect', url: '/api/v1/payments/fake/authorise/5' },
    });
    expect(done).toEqual({
      order: { id: '1', number: 'PW-000001', status: 'pending_payment' },
      accessToken: 'abc',
      accessExpiresAt: Date.parse('2030-01-01T02:00:00Z'),
      next: { type: 'redirect', url: '/api/v1/payments/fake/authorise/5' },
    });
  });

  it('reads a completion whose payment is still being checked (202 pending)', () => {
    const pending = completeAnswerSchema.parse({
      order: { id: 2, number: 'PW-000002', status: 'pending_payment' },
      access_token: 'def',
      access_token_expires_at: '2030-01-01T02:00:00Z',
      next: { type: 'pending' },
    });
    expect(pending.next).toEqual({ type: 'pending' });
  });

  it('reads the order a 409 payment_pending names, and nothing from other refusals', () => {
    const refusal = (status: number, body: ErrorBody) =>
      new BackofficeError('/checkout/complete', status, body);
    const waiting = refusal(409, {
      status: 'payment_pending',
      message: 'A payment for this basket is already being processed: please wait for it',
      order: { id: 3, number: 'PW-000003', status: 'pending_payment' },
      access_token: 'ghi',
      access_token_expires_at: '2030-01-01T02:00:00Z',
    });
    expect(paymentInProgress(waiting)).toEqual({
      order: { id: '3', number: 'PW-000003', status: 'pending_payment' },
      accessToken: 'ghi',
      accessExpiresAt: Date.parse('2030-01-01T02:00:00Z'),
    });
    expect(paymentInProgress(refusal(409, { status: 'payment_pending', message: 'wait' }))).toBeUndefined();
    expect(paymentInProgress(refusal(409, { status: 'price_changed', message: 'm' }))).toBeUndefined();
    expect(paymentInProgress(new Error('network'))).toBeUndefined();
  });

  it('reads an order with its totals, delivery and billing', () => {
    const order = orderAnswerSchema.parse({
      order: {
        id: 1,
        number: 'PW-000001',
        status: 'paid',
        placed_at: '2030-01-01T00:00:00Z',
        email: 'jo@example.co.uk',
        list: [line],
        amount: amount(2500, 417),
        discount_amount: amount(250, 42),
        discounted_amount: 2250,
        discount: { code: 'WELCOME10', description: '10 % off' },
        shipping: amount(495, 83),
        grand_total: amount(2745, 458),
        delivery: {
          method: 'delivery',
          address,
          carrier_code: 'standard',
          carrier_label: 'Standard',
          phone: '0161',
        },
        billing: { same_as_delivery: true, address: null },
        payment: { method: 'card', provider: 'fake', status: 'paid' },
        documents: [
          { kind: 'invoice', number: null, url: '/api/v1/orders/PW-000001/invoice.pdf?site_id=3' },
          {
            kind: 'credit_note',
            number: 'CN-000045',
            url: '/api/v1/orders/PW-000001/credit-notes/CN-000045.pdf',
          },
        ],
      },
    });
    expect(order.documents).toEqual([
      { kind: 'invoice', number: null, url: '/api/v1/orders/PW-000001/invoice.pdf?site_id=3' },
      {
        kind: 'credit_note',
        number: 'CN-000045',
        url: '/api/v1/orders/PW-000001/credit-notes/CN-000045.pdf',
      },
    ]);
    expect(order).toMatchObject({
      number: 'PW-000001',
      discount: 250,
      discountLabel: '10 % off',
      shipping: { inc: 495 },
      total: { inc: 2745, vat: 458, ex: 2287 },
      delivery: { method: 'delivery', carrierLabel: 'Standard', address: { postcode: 'LS1 4AP' } },
    });
    expect(order.billingAddress).toBeUndefined();
  });
});
