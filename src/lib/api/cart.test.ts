/**
 * The basket's calls through the real ApiClient (ky) on a stubbed fetch: paths, methods, bodies and the
 * `X-Cart-Token` header they send, and how the back-office's cart answers map to the storefront's `Cart`.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import {
  addCartItems,
  applyCartDiscount,
  getCart,
  getCartShipping,
  removeCartDiscount,
  removeCartLine,
  updateCartLine,
} from './cart.ts';
import { ApiClient, BackofficeError } from './client.ts';

interface Sent {
  method: string;
  path: string;
  query: URLSearchParams;
  token: string | null;
  body: unknown;
}

let sent: Sent[] = [];
let next: { status: number; body: unknown } = { status: 200, body: {} };

const fakeFetch: typeof fetch = async (input, init) => {
  const request = new Request(input, init);
  const url = new URL(request.url);
  const text = await request.text();
  sent.push({
    method: request.method,
    path: url.pathname.replace(/^\/api\/v1/, ''),
    query: url.searchParams,
    token: request.headers.get('x-cart-token'),
    body: text ? (JSON.parse(text) as unknown) : undefined,
  });
  return new Response(JSON.stringify(next.body), {
    status: next.status,
    headers: { 'content-type': 'application/json' },
  });
};

const api = () => new ApiClient({ origin: 'http://backoffice.test', planId: () => 2, fetch: fakeFetch });

const serverCart = {
  list: [
    {
      id: 41,
      element_id: 7,
      variant_reference: 'PW-7-5KG',
      name: 'Easy Fill',
      variant_label: '5 kg tub',
      slug: 'easy-fill',
      image: null,
      quantity: 2,
      price_with_tax: 1250,
      total_with_tax: 2500,
      price_without_tax: 1042,
      total_without_tax: 2083,
      tax: 417,
      free: false,
      something_new: 'ignored',
    },
    {
      id: 'free-FREEKNIFE',
      variant_reference: 'PW-KNIFE',
      name: 'Filling knife',
      quantity: 1,
      price_with_tax: 0,
      total_with_tax: 0,
      free: true,
    },
  ],
  quantity: 3,
  amount: { ttc: 2500, tax: 417, ht: 2083 },
  discount_amount: { ttc: 250, tax: 42, ht: 208 },
  discounted_amount: 2250,
  discounts: {
    cart_discount: {
      description: '10 % off',
      amount: 10,
      unit: 'percent',
      code: 'WELCOME10',
      amount_off: 250,
    },
    free_product: { description: 'A free filling knife', code: 'FREEKNIFE' },
  },
  shipping_estimate: 495,
  shipping: null,
  grand_total: { ttc: 2250, tax: 375, ht: 1875 },
  audience: 'part',
  plan_id: 2,
  token_expires_at: '2030-01-04T10:00:00.000Z',
  notice: null,
};

beforeEach(() => {
  sent = [];
  next = { status: 200, body: { cart: serverCart } };
});

describe('cart calls', () => {
  it('adds items without a token and reads the new token and the cart, mapped', async () => {
    next = {
      status: 201,
      body: { token: 'tok-1', token_expires_at: '2030-01-04T10:00:00.000Z', cart: serverCart },
    };
    const item = {
      element_id: 7,
      element_type: 'product' as const,
      variant_reference: 'PW-7-5KG',
      quantity: 2,
    };
    const answer = await addCartItems(api(), undefined, [item]);
    expect(sent).toMatchObject([
      { method: 'POST', path: '/cart/items', token: null, body: { items: [item] } },
    ]);
    expect(sent[0]?.query.get('saleplan_id')).toBe('2');
    expect(answer.token).toBe('tok-1');
    expect(answer.tokenExpiresAt).toBe('2030-01-04T10:00:00.000Z');
    expect(answer.cart).toEqual({
      lines: [
        {
          id: '41',
          productId: 7,
          reference: 'PW-7-5KG',
          name: 'Easy Fill',
          pack: '5 kg tub',
          slug: 'easy-fill',
          quantity: 2,
          unitPrice: 1250,
          total: 2500,
          unitPriceExVat: 1042,
          totalExVat: 2083,
          free: false,
        },
        {
          id: 'free-FREEKNIFE',
          reference: 'PW-KNIFE',
          name: 'Filling knife',
          quantity: 1,
          unitPrice: 0,
          total: 0,
          free: true,
        },
      ],
      amount: { inc: 2500, vat: 417, ex: 2083 },
      discount: { inc: 250, vat: 42, ex: 208 },
      discounted: { inc: 2250, vat: 375, ex: 1875 },
      discounts: {
        cart: { description: '10 % off', amount: 10, unit: 'percent', code: 'WELCOME10' },
        freeProduct: { description: 'A free filling knife', code: 'FREEKNIFE' },
      },
      shippingEstimate: 495,
      audience: 'part',
      tokenExpiresAt: '2030-01-04T10:00:00.000Z',
    });
  });

  it('sends the token in X-Cart-Token on every call of an existing cart', async () => {
    await addCartItems(api(), 'tok', []);
    await getCart(api(), 'tok');
    await updateCartLine(api(), 'tok', '41', 3);
    await removeCartLine(api(), 'tok', '41');
    await applyCartDiscount(api(), 'tok', 'WELCOME10');
    await removeCartDiscount(api(), 'tok');
    expect(sent.map(({ method, path, token, body }) => [method, path, token, body])).toEqual([
      ['POST', '/cart/items', 'tok', { items: [] }],
      ['GET', '/cart', 'tok', undefined],
      ['PATCH', '/cart/items/41', 'tok', { quantity: 3 }],
      ['DELETE', '/cart/items/41', 'tok', undefined],
      ['POST', '/cart/discount', 'tok', { code: 'WELCOME10' }],
      ['DELETE', '/cart/discount', 'tok', undefined],
    ]);
  });

  it('reads a bare cart: no list, no discounts, no estimate', async () => {
    next = { status: 200, body: { cart: { amount: { ttc: 0, tax: 0, ht: 0 } } } };
    const { cart, token } = await getCart(api(), 'tok');
    expect(token).toBeUndefined();
    expect(cart).toEqual({
      lines: [],
      amount: { inc: 0, vat: 0, ex: 0 },
      discount: { inc: 0, vat: 0, ex: 0 },
      discounted: { inc: 0, vat: 0, ex: 0 },
      discounts: {},
      shippingEstimate: null,
    });
  });

  it('keeps the notice of an audience switch', async () => {
    next = { status: 200, body: { cart: { ...serverCart, notice: 'Removed: Trade Bond 25 kg' } } };
    expect((await getCart(api(), 'tok')).cart.notice).toBe('Removed: Trade Bond 25 kg');
  });

  it('estimates shipping to a postcode', async () => {
    next = {
      status: 200,
      body: {
        costs: [
          { code: 'standard', label: 'Standard delivery', description: '', amount: 495, next_day: false },
          { code: 'next_day', label: 'Next day', description: '', amount: 995, next_day: true },
        ],
        cheapest: 495,
      },
    };
    const estimate = await getCartShipping(api(), 'tok', 'SW1A 1AA');
    expect(sent[0]?.path).toBe('/cart/shipping');
    expect(sent[0]?.query.get('postcode')).toBe('SW1A 1AA');
    expect(estimate).toEqual({
      costs: [
        { code: 'standard', label: 'Standard delivery', amount: 495, nextDay: false },
        { code: 'next_day', label: 'Next day', amount: 995, nextDay: true },
      ],
      cheapest: 495,
    });
  });

  it('turns refusals into BackofficeError: a forgotten cart, a refused code with its message', async () => {
    next = { status: 404, body: { status: 'cart_not_found', message: 'Cart not found' } };
    const gone = await getCart(api(), 'old').catch((error: unknown) => error);
    expect(gone).toBeInstanceOf(BackofficeError);
    expect((gone as BackofficeError).body?.status).toBe('cart_not_found');

    next = {
      status: 400,
      body: { status: 'discount_minimum_not_met', message: 'Spend 12,50 £ more to use this code' },
    };
    const refused = await applyCartDiscount(api(), 'tok', 'TRADE25').catch((error: unknown) => error);
    expect((refused as BackofficeError).statusCode).toBe(400);
    expect((refused as BackofficeError).body?.message).toBe('Spend 12,50 £ more to use this code');
  });
});
