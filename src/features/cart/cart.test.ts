import { cleanTestStorage, getTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  addLines,
  cartTotals,
  clampQuantity,
  decodeCart,
  itemCount,
  removeLine,
  setQuantity,
} from './cart.ts';
import { $cart, addCartLines, CART_STORAGE_KEY, removeCartLine, setCartQuantity } from './cart.store.ts';

beforeAll(() => useTestStorageEngine());
afterEach(() => {
  $cart.set([]);
  cleanTestStorage();
});

const line = (reference: string, quantity: number, id = 7) => ({
  element_id: id,
  element_type: 'product' as const,
  variant_reference: reference,
  quantity,
});

describe('cart lines', () => {
  it('merges the same pack of the same product; other packs and products get their own line', () => {
    const lines = addLines(
      [line('PW-7-25', 2)],
      [line('PW-7-25', 1), line('PW-7-5', 1), line('PW-7-25', 1, 8)],
    );
    expect(lines).toEqual([line('PW-7-25', 3), line('PW-7-5', 1), line('PW-7-25', 1, 8)]);
  });

  it('keeps quantities whole and within 1–999, also when merging', () => {
    expect(addLines([line('A', 998)], [line('A', 5)])).toEqual([line('A', 999)]);
    expect(addLines([], [line('A', 1200)])).toEqual([line('A', 999)]);
    expect([0, -3, 2.7, Number.NaN, 1e9].map(clampQuantity)).toEqual([1, 1, 2, 1, 999]);
  });

  it('sets a quantity or removes the line named by product and pack, leaving the others', () => {
    const lines = [line('A', 1), line('B', 2)];
    expect(setQuantity(lines, line('B', 0), 5)).toEqual([line('A', 1), line('B', 5)]);
    expect(setQuantity(lines, line('B', 0), 0)).toEqual([line('A', 1), line('B', 1)]);
    expect(removeLine(lines, line('A', 0))).toEqual([line('B', 2)]);
    expect(lines).toEqual([line('A', 1), line('B', 2)]);
  });

  it('counts items', () => {
    expect(itemCount([line('A', 2), line('B', 3)])).toBe(5);
    expect(itemCount([])).toBe(0);
  });

  it('reads back only well-formed lines, quantities above 999 capped', () => {
    expect(decodeCart(JSON.stringify([line('A', 1)]))).toEqual([line('A', 1)]);
    expect(decodeCart(JSON.stringify([line('A', 1500)]))).toEqual([line('A', 999)]);
    expect(decodeCart('not json')).toEqual([]);
    expect(decodeCart(JSON.stringify([{ ...line('A', 1), quantity: 0 }]))).toEqual([]);
    expect(decodeCart(JSON.stringify([{ ...line('A', 1), element_type: 'bundle' }]))).toEqual([]);
  });
});

describe('cart totals in pence', () => {
  it('trade prices are ex VAT: VAT on each line total, rounded half up', () => {
    expect(cartTotals([{ unitPence: 1999, quantity: 3 }], 'pro')).toEqual({ ex: 5997, vat: 1199, inc: 7196 });
  });

  it('DIY shelf prices are inc VAT: the VAT inside each line, lines summed per basis', () => {
    const totals = cartTotals(
      [
        { unitPence: 999, quantity: 1 },
        { unitPence: 450, quantity: 2 },
      ],
      'part',
    );
    expect(totals).toEqual({ ex: 1582, vat: 317, inc: 1899 });
    expect(totals.ex + totals.vat).toBe(totals.inc);
  });

  it('an empty basket is zero', () => {
    expect(cartTotals([], 'part')).toEqual({ ex: 0, vat: 0, inc: 0 });
  });
});

describe('cart store', () => {
  it('adds, changes and removes lines', () => {
    addCartLines([line('PW-7-25', 2), line('PW-7-5', 1)]);
    addCartLines([line('PW-7-25', 1)]);
    expect($cart.get()).toEqual([line('PW-7-25', 3), line('PW-7-5', 1)]);
    setCartQuantity(line('PW-7-5', 0), 4);
    removeCartLine(line('PW-7-25', 0));
    expect($cart.get()).toEqual([line('PW-7-5', 4)]);
  });

  it('persists to localStorage as JSON under the unchanged key', () => {
    addCartLines([line('PW-7-5', 1)]);
    expect(CART_STORAGE_KEY).toBe('plasterwick:cart');
    expect(JSON.parse(getTestStorage()[CART_STORAGE_KEY]!)).toEqual([line('PW-7-5', 1)]);
  });
});
