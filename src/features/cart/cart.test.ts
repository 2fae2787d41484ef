import { cleanTestStorage, getTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { $cart, addCartLines, CART_STORAGE_KEY, decodeCart } from './cart.store.ts';

beforeAll(() => useTestStorageEngine());
afterEach(() => {
  $cart.set([]);
  cleanTestStorage();
});

const line = (reference: string, quantity: number) => ({
  element_id: 7,
  element_type: 'product' as const,
  variant_reference: reference,
  quantity,
});

describe('cart store', () => {
  it('adds lines and merges the same pack of the same product', () => {
    addCartLines([line('PW-7-25', 2), line('PW-7-5', 1)]);
    addCartLines([line('PW-7-25', 1)]);
    expect($cart.get()).toEqual([line('PW-7-25', 3), line('PW-7-5', 1)]);
  });

  it('persists to localStorage as JSON', () => {
    addCartLines([line('PW-7-5', 1)]);
    expect(JSON.parse(getTestStorage()[CART_STORAGE_KEY]!)).toEqual([line('PW-7-5', 1)]);
  });

  it('reads back only well-formed lines', () => {
    expect(decodeCart(JSON.stringify([line('A', 1)]))).toEqual([line('A', 1)]);
    expect(decodeCart('not json')).toEqual([]);
    expect(decodeCart(JSON.stringify([{ ...line('A', 1), quantity: 0 }]))).toEqual([]);
    expect(decodeCart(JSON.stringify([{ ...line('A', 1), element_type: 'bundle' }]))).toEqual([]);
  });
});
