/**
 * Favourites (spec §3, §4): product ids, no duplicates, kept in localStorage through @nanostores/persistent and
 * parsed back with a checked shape so a hand-edited or older value never breaks the page.
 */
import { persistentAtom } from '@nanostores/persistent';
import { computed } from 'nanostores';
import { arrayOf, isPositiveInt, parseJson } from '../site/guards.ts';

export const FAVORITES_STORAGE_KEY = 'plasterwick:favorites';

/** Stored JSON → unique ids; anything unreadable gives an empty list. */
export function decodeFavorites(raw: string): number[] {
  return [...new Set(parseJson(raw, arrayOf(isPositiveInt)) ?? [])];
}

export const $favorites = persistentAtom<number[]>(FAVORITES_STORAGE_KEY, [], {
  encode: JSON.stringify,
  decode: decodeFavorites,
});

/** The header heart is full when any favourite exists. */
export const $hasFavorites = computed($favorites, (ids) => ids.length > 0);

export function isFavorite(id: number): boolean {
  return $favorites.get().includes(id);
}

/** Adds or removes a product; returns true when it is now a favourite. */
export function toggleFavorite(id: number): boolean {
  const ids = $favorites.get();
  if (ids.includes(id)) {
    $favorites.set(ids.filter((candidate) => candidate !== id));
    return false;
  }
  $favorites.set([...ids, id]);
  return true;
}

export function removeFavorite(id: number): void {
  $favorites.set($favorites.get().filter((candidate) => candidate !== id));
}
