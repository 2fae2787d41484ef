/**
 * The session flows in the browser (auth-session.ts) through the real island client on a stubbed fetch and a
 * small stand-in for the page (`window`, `document`): what a login, a refresh, the basket restore and a logout do
 * to the auth, cart, checkout and favourites stores, and which calls they make.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $cart, resetCart } from '../cart/cart.store.ts';
import { $order, updateOrder } from '../checkout/order.store.ts';
import { $favourites } from '../favourites/favourites.store.ts';
import type { LoginAnswer } from '../../lib/api/auth.ts';
import { afterLogin, logOut, refreshSession, restoreBasket } from './auth-session.ts';
import { $auth, clearAuth } from './auth.store.ts';

const me = {
  id: 5,
  email: 'sam@example.com',
  civility: null,
  first_name: 'Sam',
  last_name: 'Reed',
  phone: null,
  company: null,
  company_number: null,
  audience: 'pro',
  newsletter: false,
  email_verified: true,
  trade: {
    approved: false,
    payment_terms_days: 0,
    credit_limit_pence: 0,
    credit_available_pence: 0,
    po_required: false,
  },
};

const serverCart = {
  list: [
    {
      id: 41,
      element_id: 7,
      variant_reference: 'PW-7-5KG',
      name: 'Easy Fill',
      quantity: 3,
      price_with_tax: 1250,
      total_with_tax: 3750,
      free: false,
    },
  ],
  amount: { ttc: 3750, tax: 625, ht: 3125 },
  discounted_amount: 3750,
  discounts: {},
  shipping_estimate: 495,
  audience: 'pro',
  token_expires_at: '2099-01-04T10:00:00.000Z',
};

interface Sent {
  method: string;
  path: string;
  token: string | null;
  body: unknown;
}

let sent: Sent[];
/** Answers by `METHOD /path`; anything else is a 404 `cart_not_found`. */
let answers: Record<string, { status: number; body?: unknown }>;
let cookie: string;
const assign = vi.fn();

beforeEach(() => {
  sent = [];
  answers = {};
  cookie = 'pw_auth=1';
  assign.mockReset();
  vi.stubGlobal('window', {
    location: { origin: 'http://shop.test', pathname: '/professional-filler/login', assign },
  });
  vi.stubGlobal('document', {
    documentElement: { dataset: { siteId: '3' } },
    get cookie() {
      return cookie;
    },
    set cookie(value: string) {
      if (/^pw_auth=;.*Max-Age=0/.test(value)) cookie = '';
    },
  });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname.replace(/^\/api\/v1/, '');
    const text = await request.text();
    sent.push({
      method: request.method,
      path,
      token: request.headers.get('x-cart-token'),
      body: text ? (JSON.parse(text) as unknown) : undefined,
    });
    const answer = answers[`${request.method} ${path}`] ?? {
      status: 404,
      body: { status: 'cart_not_found', message: 'No basket' },
    };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  clearAuth();
  resetCart();
  $favourites.set([]);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const customer = {
  id: 5,
  email: 'sam@example.com',
  civility: null,
  firstName: 'Sam',
  lastName: 'Reed',
  phone: null,
  company: null,
  companyNumber: null,
  audience: 'pro',
  newsletter: false,
  emailVerified: true,
  trade: {
    approved: false,
    paymentTermsDays: 0,
    creditLimitPence: 0,
    creditAvailablePence: 0,
    poRequired: false,
  },
} satisfies LoginAnswer['customer'];

describe('after a login', () => {
  it('stores the customer, merges the favourites into the wishlist and reads the merged basket', async () => {
    $favourites.set([3, 1]);
    answers['PUT /wishlist'] = { status: 200, body: { product_ids: [1, 9, 3] } };
    answers['GET /cart'] = { status: 200, body: { cart: serverCart } };
    await afterLogin({
      customer,
      cart: { token: 'account-basket', tokenExpiresAt: '2099-01-04T10:00:00.000Z' },
    });

    expect($auth.get()).toMatchObject({ id: 5, firstName: 'Sam', emailVerified: true, trade: null });
    expect(sent.find((call) => call.path === '/wishlist')?.body).toEqual({
      product_ids: [3, 1],
      mode: 'merge',
    });
    expect($favourites.get()).toEqual([3, 1, 9]);
    expect(sent.find((call) => call.path === '/cart')?.token).toBe('account-basket');
    expect($cart.get()).toMatchObject({ token: 'account-basket' });
    expect($cart.get().products.map((line) => line.quantity)).toEqual([3]);
  });

  it('without a basket on the account, the browser keeps none; a failed wishlist merge leaves the favourites', async () => {
    $cart.set({ ...$cart.get(), token: 'old-guest', tokenValidUntil: Date.now() + 60_000 });
    $favourites.set([4]);
    answers['PUT /wishlist'] = { status: 503, body: { status: 'service_unavailable', message: 'Down' } };
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await afterLogin({ customer, cart: null });
    expect($cart.get().token).toBeNull();
    expect($favourites.get()).toEqual([4]);
    expect($auth.get()?.id).toBe(5);
  });
});

describe('on a page load with the login cookie', () => {
  it('refreshes the store from GET /me and restores the basket with the session when the browser has none', async () => {
    answers['GET /me'] = { status: 200, body: { ...me, email_verified: false } };
    answers['GET /cart'] = {
      status: 200,
      body: { cart: serverCart, token: 'fresh', token_expires_at: '2099-01-04T10:00:00.000Z' },
    };
    expect(await refreshSession()).toBe(true);
    expect($auth.get()).toMatchObject({ id: 5, emailVerified: false });
    const read = sent.find((call) => call.path === '/cart');
    expect(read?.token).toBeNull();
    expect($cart.get().token).toBe('fresh');
  });

  it('a 401 means the session is gone: the store and the cookie are cleared, no basket call', async () => {
    $auth.set({
      id: 5,
      firstName: 'Sam',
      email: 'sam@example.com',
      audience: 'pro',
      emailVerified: true,
      trade: null,
    });
    answers['GET /me'] = { status: 401, body: { status: 'unauthorized', message: 'Please log in' } };
    expect(await refreshSession()).toBe(false);
    expect($auth.get()).toBeNull();
    expect(cookie).toBe('');
    expect(sent.map((call) => call.path)).toEqual(['/me']);
  });

  it('a browser with a valid cart token keeps it; an account without a basket leaves the cart empty', async () => {
    $auth.set({
      id: 5,
      firstName: 'Sam',
      email: 'sam@example.com',
      audience: 'pro',
      emailVerified: true,
      trade: null,
    });
    $cart.set({ ...$cart.get(), token: 'mine', tokenValidUntil: Date.now() + 60_000 });
    await restoreBasket();
    expect(sent).toEqual([]);
    resetCart();
    await restoreBasket();
    expect(sent.map((call) => call.path)).toEqual(['/cart']);
    expect($cart.get().token).toBeNull();
  });
});

describe('logging out', () => {
  it('ends the session, clears the auth, basket and checkout, and goes home', async () => {
    $auth.set({
      id: 5,
      firstName: 'Sam',
      email: 'sam@example.com',
      audience: 'pro',
      emailVerified: true,
      trade: null,
    });
    $cart.set({ ...$cart.get(), token: 'account-basket', tokenValidUntil: Date.now() + 60_000 });
    updateOrder({ email: 'sam@example.com' });
    answers['POST /auth/logout'] = { status: 204 };
    await logOut('/diy-filler');
    expect(sent.map((call) => `${call.method} ${call.path}`)).toEqual(['POST /auth/logout']);
    expect($auth.get()).toBeNull();
    expect($cart.get().token).toBeNull();
    expect($order.get().email).toBeFalsy();
    expect(cookie).toBe('');
    expect(assign).toHaveBeenCalledWith('/diy-filler');
  });
});
