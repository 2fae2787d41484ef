import {
  cleanTestStorage,
  getTestStorage,
  setTestStorageKey,
  useTestStorageEngine,
} from '@nanostores/persistent';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  $favourites,
  $hasFavourites,
  decodeFavourites,
  FAVOURITES_STORAGE_KEY,
  isFavourite,
  removeFavourite,
  toggleFavourite,
} from './favourites.store.ts';

beforeAll(() => useTestStorageEngine());
afterEach(() => {
  $favourites.set([]);
  cleanTestStorage();
});

describe('favourites', () => {
  it('toggles a product in and out, with no duplicates', () => {
    expect(toggleFavourite(3)).toBe(true);
    expect(toggleFavourite(5)).toBe(true);
    expect(isFavourite(3)).toBe(true);
    expect(toggleFavourite(3)).toBe(false);
    expect(toggleFavourite(5)).toBe(false);
    expect(toggleFavourite(5)).toBe(true);
    expect($favourites.get()).toEqual([5]);
    removeFavourite(5);
    expect($favourites.get()).toEqual([]);
  });

  it('persists as JSON under its key', () => {
    toggleFavourite(8);
    expect(getTestStorage()).toEqual({ [FAVOURITES_STORAGE_KEY]: '[8]' });
  });

  it('fills the header heart only when favourites exist', () => {
    const seen: boolean[] = [];
    const stop = $hasFavourites.subscribe((value) => seen.push(value));
    toggleFavourite(1);
    toggleFavourite(1);
    stop();
    expect(seen).toEqual([false, true, false]);
  });

  it('parses stored values with a schema and a safe fallback', () => {
    expect(decodeFavourites('[1,2,2,3]')).toEqual([1, 2, 3]);
    expect(decodeFavourites('["1"]')).toEqual([]);
    expect(decodeFavourites('[1.5]')).toEqual([]);
    expect(decodeFavourites('{oops')).toEqual([]);
    setTestStorageKey(FAVOURITES_STORAGE_KEY, 'null');
    expect(decodeFavourites('null')).toEqual([]);
  });
});
