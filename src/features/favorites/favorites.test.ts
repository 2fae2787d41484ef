import {
  cleanTestStorage,
  getTestStorage,
  setTestStorageKey,
  useTestStorageEngine,
} from '@nanostores/persistent';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  $favorites,
  $hasFavorites,
  decodeFavorites,
  FAVORITES_STORAGE_KEY,
  isFavorite,
  removeFavorite,
  toggleFavorite,
} from './favorites.store.ts';

beforeAll(() => useTestStorageEngine());
afterEach(() => {
  $favorites.set([]);
  cleanTestStorage();
});

describe('favourites', () => {
  it('toggles a product in and out, with no duplicates', () => {
    expect(toggleFavorite(3)).toBe(true);
    expect(toggleFavorite(5)).toBe(true);
    expect(isFavorite(3)).toBe(true);
    expect(toggleFavorite(3)).toBe(false);
    expect(toggleFavorite(5)).toBe(false);
    expect(toggleFavorite(5)).toBe(true);
    expect($favorites.get()).toEqual([5]);
    removeFavorite(5);
    expect($favorites.get()).toEqual([]);
  });

  it('persists as JSON under its key', () => {
    toggleFavorite(8);
    expect(getTestStorage()).toEqual({ [FAVORITES_STORAGE_KEY]: '[8]' });
  });

  it('fills the header heart only when favourites exist', () => {
    const seen: boolean[] = [];
    const stop = $hasFavorites.subscribe((value) => seen.push(value));
    toggleFavorite(1);
    toggleFavorite(1);
    stop();
    expect(seen).toEqual([false, true, false]);
  });

  it('parses stored values with a schema and a safe fallback', () => {
    expect(decodeFavorites('[1,2,2,3]')).toEqual([1, 2, 3]);
    expect(decodeFavorites('["1"]')).toEqual([]);
    expect(decodeFavorites('[1.5]')).toEqual([]);
    expect(decodeFavorites('{oops')).toEqual([]);
    setTestStorageKey(FAVORITES_STORAGE_KEY, 'null');
    expect(decodeFavorites('null')).toEqual([]);
  });
});
