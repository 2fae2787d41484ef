import {
  cleanTestStorage,
  getTestStorage,
  setTestStorageKey,
  useTestStorageEngine,
} from '@nanostores/persistent';
import { HOUR_MS } from '@plasterwick/shop-rules/time';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Cart, CartAnswer } from '../../lib/api/cart.ts';
import { $plan } from '../site/settings.store.ts';
import {
  EMPTY_CART,
  cartFromServer,
  decodeCartState,
  isStale,
  isTokenValid,
  itemCount,
  tokenEnd,
  type CartState,
} from './cart.ts';
import { legacyBasketItems } from './legacy-basket.ts';
import { clampQuantity, readQuantity, stepQuantity } from './quantity.ts';
import {
  $cart,
  $cartCount,
  CART_STORAGE_KEY,
  LEGACY_CART_STORAGE_KEY,
  applyServerCart,
  cartNeedsSync,
  dropStaleCart,
  resetCart,
  setAsmCode,
  validCartToken,
} from './cart.store.ts';

beforeAll(() => useTestStorageEngine());

const NOW = Date.parse('2030-01-01T10:00:00.000Z');

const line = (id: string, quantity: number, extra: Partial<Cart['lines'][number]> = {}) => ({
  id,
  reference: `PW-${id}`,
  name: `Product ${id}`,
  quantity,
  unitPrice: 1000,
  total: 1000 * quantity,
  free: false,
  ...extra,
});

const ZERO = { inc: 0, vat: 0, ex: 0 };

function cart(lines: Cart['lines'], patch: Partial<Cart> = {}): Cart {
  const inc = lines.reduce((sum, item) => sum + item.total, 0);
  const amount = { inc, vat: Math.round(inc / 6), ex: inc - Math.round(inc / 6) };
  return {
    lines,
    amount,
    discount: ZERO,
    discounted: amount,
    discounts: {},
    shippingEstimate: 495,
    ...patch,
  };
}

const created = (lines: Cart['lines'], patch: Partial<Cart> = {}): CartAnswer => ({
  token: 'tok-1',
  tokenExpiresAt: new Date(NOW + 72 * HOUR_MS).toISOString(),
  cart: cart(lines, patch),
});

describe('cart update from server (spec §4)', () => {
  it('a new cart sets products, totals, shipping and the token with its end', () => {
    const state = cartFromServer(EMPTY_CART, created([line('1', 2), line('2', 1)]), 'part', NOW);
    expect(state).toMatchObject({
      products: [line('1', 2), line('2', 1)],
      subtotal: 3000,
      subtotalExTax: 2500,
      total: 3000,
      tax: 500,
      totalExTax: 2500,
      shipping: 495,
      token: 'tok-1',
      tokenValidUntil: NOW + 72 * HOUR_MS,
      discountLabels: [],
      discountAmount: 0,
      discountCode: null,
      audience: 'part',
    });
  });

  it('a later answer without a token keeps the token and its end (the 3 days are not extended)', () => {
    const first = cartFromServer(EMPTY_CART, created([line('1', 1)]), 'part', NOW);
    const later = cartFromServer(first, { cart: cart([line('1', 4)]) }, 'part', NOW + 10 * HOUR_MS);
    expect(later.token).toBe('tok-1');
    expect(later.tokenValidUntil).toBe(NOW + 72 * HOUR_MS);
    expect(later.products).toEqual([line('1', 4)]);
    // The end the server repeats in every cart is the one it keeps.
    const ends = new Date(NOW + 70 * HOUR_MS).toISOString();
    const told = cartFromServer(first, { cart: cart([line('1', 4)], { tokenExpiresAt: ends }) }, 'part', NOW);
    expect(told.tokenValidUntil).toBe(NOW + 70 * HOUR_MS);
  });

  it('takes the audience the server priced the cart in', () => {
    const state = cartFromServer(EMPTY_CART, created([line('1', 1)], { audience: 'pro' }), 'part', NOW);
    expect(state.audience).toBe('pro');
  });

  it('takes the discounts: labels, pence taken off, value, unit and code', () => {
    const state = cartFromServer(
      EMPTY_CART,
      created([line('1', 5), line('knife', 1, { unitPrice: 0, total: 0, free: true })], {
        discount: { inc: 500, vat: 83, ex: 417 },
        discounted: { inc: 4500, vat: 750, ex: 3750 },
        discounts: {
          cart: { description: '10 % off', amount: 10, unit: 'percent', code: 'WELCOME10' },
          freeProduct: { description: 'A free filling knife', code: 'FREEKNIFE' },
        },
      }),
      'part',
      NOW,
    );
    expect(state.discountLabels).toEqual(['10 % off', 'A free filling knife']);
    expect(state.discountAmount).toBe(500);
    expect(state.discountAmountExTax).toBe(417);
    expect([state.subtotal, state.total, state.totalExTax, state.tax]).toEqual([5000, 4500, 3750, 750]);
    expect(state.discountValue).toBe(10);
    expect(state.discountUnit).toBe('percent');
    expect(state.discountCode).toBe('WELCOME10');
    expect(itemCount(state)).toBe(6);
  });

  it('an empty or absent list resets the whole cart, token and discount included', () => {
    const full = { ...cartFromServer(EMPTY_CART, created([line('1', 1)]), 'pro', NOW), asmCode: 'ASM-9' };
    expect(cartFromServer(full, { cart: cart([]) }, 'pro', NOW)).toEqual(EMPTY_CART);
    expect(cartFromServer(full, { token: 'tok-2', cart: cart([]) }, 'pro', NOW)).toEqual(EMPTY_CART);
  });

  it("without the back-office's end, a token is valid 3 days from the moment it is set", () => {
    expect(tokenEnd(undefined, NOW)).toBe(NOW + 72 * HOUR_MS);
    expect(tokenEnd('not a date', NOW)).toBe(NOW + 72 * HOUR_MS);
    expect(tokenEnd('2030-01-02T10:00:00.000Z', NOW)).toBe(NOW + 24 * HOUR_MS);
  });
});

describe('token validity (spec §4)', () => {
  const state = cartFromServer(EMPTY_CART, created([line('1', 1)]), 'pro', NOW);

  it('is valid only while it exists and has not expired', () => {
    expect(isTokenValid(state, NOW + 71 * HOUR_MS)).toBe(true);
    expect(isTokenValid(state, NOW + 72 * HOUR_MS)).toBe(false);
    expect(isTokenValid(state, NOW + 73 * HOUR_MS)).toBe(false);
    expect(isTokenValid({ ...state, token: null }, NOW)).toBe(false);
    expect(isTokenValid({ ...state, token: '' }, NOW)).toBe(false);
    expect(isTokenValid({ ...state, tokenValidUntil: null }, NOW)).toBe(false);
  });

  it('a stored cart whose token expired is stale; an empty one is not', () => {
    expect(isStale(state, NOW + 73 * HOUR_MS)).toBe(true);
    expect(isStale(state, NOW + HOUR_MS)).toBe(false);
    expect(isStale(EMPTY_CART, NOW)).toBe(false);
  });
});

describe('stored cart', () => {
  it('reads back a well-formed state and refuses anything else', () => {
    const state = cartFromServer(EMPTY_CART, created([line('1', 2, { pack: '5 kg' })]), 'part', NOW);
    expect(decodeCartState(JSON.stringify(state))).toEqual(state);
    expect(decodeCartState('not json')).toEqual(EMPTY_CART);
    expect(decodeCartState(null)).toEqual(EMPTY_CART);
    expect(decodeCartState(JSON.stringify([{ element_id: 1 }]))).toEqual(EMPTY_CART);
    expect(decodeCartState(JSON.stringify({ ...state, audience: 'retail' }))).toEqual(EMPTY_CART);
    const badLine = { ...state, products: [{ ...line('1', 0) }] };
    expect(decodeCartState(JSON.stringify(badLine))).toEqual(EMPTY_CART);
  });
});

describe('quantities (1–999, spec §5 min_value)', () => {
  it('reads what a shopper typed', () => {
    expect(readQuantity('3')).toEqual({ quantity: 3 });
    expect(readQuantity(' 12 ')).toEqual({ quantity: 12 });
    expect(readQuantity('999')).toEqual({ quantity: 999 });
    expect(readQuantity('0')).toEqual({ problem: 'min' });
    expect(readQuantity('-2')).toEqual({ problem: 'min' });
    expect(readQuantity('')).toEqual({ problem: 'min' });
    expect(readQuantity('abc')).toEqual({ problem: 'min' });
    expect(readQuantity('1000')).toEqual({ problem: 'max' });
    expect(readQuantity('2,5')).toEqual({ problem: 'whole' });
    expect(readQuantity('2.5')).toEqual({ problem: 'whole' });
  });

  it('steps and clamps within 1–999', () => {
    expect(stepQuantity(1, -1)).toBe(1);
    expect(stepQuantity(1, 1)).toBe(2);
    expect(stepQuantity(999, 1)).toBe(999);
    expect([0, -3, 2.7, Number.NaN, 1e9].map(clampQuantity)).toEqual([1, 1, 2, 1, 999]);
  });
});

describe('the old local basket', () => {
  const item = (reference: string, quantity: number, id = 7) => ({
    element_id: id,
    element_type: 'product' as const,
    variant_reference: reference,
    quantity,
  });

  it('reads its add-to-cart items, merging the same pack and capping at 999', () => {
    expect(legacyBasketItems(JSON.stringify([item('A', 2), item('B', 1), item('A', 998)]))).toEqual([
      item('A', 999),
      item('B', 1),
    ]);
    expect(legacyBasketItems(JSON.stringify([item('A', 1, 8), item('A', 1)]))).toEqual([
      item('A', 1, 8),
      item('A', 1),
    ]);
  });

  it('gives nothing for anything unreadable', () => {
    expect(legacyBasketItems(null)).toEqual([]);
    expect(legacyBasketItems('not json')).toEqual([]);
    expect(legacyBasketItems(JSON.stringify([{ ...item('A', 1), quantity: 0 }]))).toEqual([]);
    expect(legacyBasketItems(JSON.stringify([{ ...item('A', 1), element_type: 'bundle' }]))).toEqual([]);
    expect(legacyBasketItems(JSON.stringify({ products: [] }))).toEqual([]);
  });
});

describe('cart store', () => {
  afterEach(() => {
    resetCart();
    cleanTestStorage();
    $plan.set({ id: 1, target: 'pro' });
  });

  it('applies server answers in the plan of the page and persists them under its key', () => {
    $plan.set({ id: 2, target: 'part' });
    applyServerCart(created([line('1', 2), line('2', 3)]), NOW);
    expect($cartCount.get()).toBe(5);
    expect($cart.get().audience).toBe('part');
    const stored = JSON.parse(getTestStorage()[CART_STORAGE_KEY] ?? 'null') as CartState;
    expect(stored.token).toBe('tok-1');
    expect(stored.products).toHaveLength(2);
  });

  it('gives the token only while it is valid', () => {
    applyServerCart(created([line('1', 1)]), NOW);
    expect(validCartToken(NOW + 71 * HOUR_MS)).toBe('tok-1');
    expect(validCartToken(NOW + 73 * HOUR_MS)).toBeUndefined();
  });

  it('drops a cart whose token expired, and resets on demand', () => {
    applyServerCart(created([line('1', 1)]), NOW);
    expect(dropStaleCart(NOW + HOUR_MS)).toBe(false);
    expect(dropStaleCart(NOW + 73 * HOUR_MS)).toBe(true);
    expect($cart.get()).toEqual(EMPTY_CART);
    expect($cartCount.get()).toBe(0);
  });

  it('keeps the assisted-service code opaque, with the cart', () => {
    applyServerCart(created([line('1', 1)]), NOW);
    setAsmCode('ASM-42');
    applyServerCart({ cart: cart([line('1', 2)]) }, NOW);
    expect($cart.get().asmCode).toBe('ASM-42');
  });

  it('needs a sync for an old local basket or a cart priced in the other audience', () => {
    expect(cartNeedsSync({ getItem: () => null })).toBe(false);
    expect(cartNeedsSync({ getItem: (key) => (key === LEGACY_CART_STORAGE_KEY ? '[]' : null) })).toBe(true);
    $plan.set({ id: 2, target: 'part' });
    applyServerCart(created([line('1', 1)]), NOW);
    expect(cartNeedsSync({ getItem: () => null })).toBe(false);
    $plan.set({ id: 1, target: 'pro' });
    expect(cartNeedsSync({ getItem: () => null })).toBe(true);
  });

  it('reads back what another tab or an older page stored', () => {
    setTestStorageKey(CART_STORAGE_KEY, 'garbage');
    expect($cart.get()).toEqual(EMPTY_CART);
  });
});
