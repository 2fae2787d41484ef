import { cleanTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartItemInput } from '../../lib/api/cart.ts';
import { BackofficeError } from '../../lib/api/client.ts';
import { LEGACY_CART_STORAGE_KEY } from './cart.store.ts';

const added: CartItemInput[][] = [];
let refuse: (items: readonly CartItemInput[]) => Error | undefined = () => undefined;

vi.mock('./cart-actions.ts', () => ({
  addToCart: vi.fn(async (items: readonly CartItemInput[]) => {
    const error = refuse(items);
    if (error) throw error;
    added.push([...items]);
    return { cart: { lines: [] } };
  }),
  refreshCart: vi.fn(async () => undefined),
}));

const { migrateLegacyBasket, syncCart } = await import('./cart-sync.ts');

const item = (reference: string, quantity = 1): CartItemInput => ({
  element_id: 7,
  element_type: 'product',
  variant_reference: reference,
  quantity,
});

function memoryStorage(initial: Record<string, string>) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    removeItem: (key: string) => void values.delete(key),
    has: (key: string) => values.has(key),
  };
}

const notInPlan = new BackofficeError('/cart/items', 400, {
  status: 'not_available_in_this_saleplan',
  message: 'Not in this plan',
  exist_in: [1],
});

beforeAll(() => useTestStorageEngine());
beforeEach(() => {
  added.length = 0;
  refuse = () => undefined;
});
afterEach(() => cleanTestStorage());

describe('migration of the old local basket', () => {
  it('adds its lines to the server cart in one call, then forgets it', async () => {
    const storage = memoryStorage({
      [LEGACY_CART_STORAGE_KEY]: JSON.stringify([item('A', 2), item('B', 1), item('A', 1)]),
    });
    expect(await migrateLegacyBasket(storage)).toBe(2);
    expect(added).toEqual([[item('A', 3), item('B', 1)]]);
    expect(storage.has(LEGACY_CART_STORAGE_KEY)).toBe(false);
  });

  it('runs once: nothing left to migrate on the next page', async () => {
    const storage = memoryStorage({ [LEGACY_CART_STORAGE_KEY]: JSON.stringify([item('A')]) });
    await syncCart(storage);
    await syncCart(storage);
    expect(added).toEqual([[item('A')]]);
  });

  it('keeps what the server takes when some packs are refused for good', async () => {
    refuse = (items) =>
      items.some((candidate) => candidate.variant_reference === 'TRADE') ? notInPlan : undefined;
    const storage = memoryStorage({
      [LEGACY_CART_STORAGE_KEY]: JSON.stringify([item('A'), item('TRADE'), item('B')]),
    });
    expect(await migrateLegacyBasket(storage)).toBe(2);
    expect(added).toEqual([[item('A')], [item('B')]]);
    expect(storage.has(LEGACY_CART_STORAGE_KEY)).toBe(false);
  });

  it('keeps the old basket for the next page when the server cannot be reached', async () => {
    refuse = () => new BackofficeError('/cart/items', 503, undefined);
    const storage = memoryStorage({ [LEGACY_CART_STORAGE_KEY]: JSON.stringify([item('A')]) });
    await expect(migrateLegacyBasket(storage)).rejects.toThrow();
    expect(storage.has(LEGACY_CART_STORAGE_KEY)).toBe(true);
  });

  it('forgets an unreadable old basket without a call', async () => {
    const storage = memoryStorage({ [LEGACY_CART_STORAGE_KEY]: 'not json' });
    expect(await migrateLegacyBasket(storage)).toBe(0);
    expect(added).toEqual([]);
    expect(storage.has(LEGACY_CART_STORAGE_KEY)).toBe(false);
  });
});
