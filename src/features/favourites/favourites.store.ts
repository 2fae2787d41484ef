/**
 * Favourites (spec §3, §4): product ids, no duplicates, kept in localStorage through @nanostores/persistent and
 * parsed back with a checked shape so a hand-edited or older value never breaks the page.
 */
import { persistentAtom } from '@nanostores/persistent';
import { computed } from 'nanostores';
import { arrayOf, isPositiveInt, parseJson } from '../site/guards.ts';

export const FAVOURITES_STORAGE_KEY = 'plasterwick:favorites';

/** Stored JSON → unique ids; anything unreadable gives an empty list. */
export function decodeFavourites(raw: string): number[] {
  return [...new Set(parseJson(raw, arrayOf(isPositiveInt)) ?? [])];
}

export const $favourites = persistentAtom<number[]>(FAVOURITES_STORAGE_KEY, [], {
  encode: JSON.stringify,
  decode: decodeFavourites,
});

/** The header heart is full when any favourite exists. */
export const $hasFavourites = computed($favourites, (ids) => ids.length > 0);

export function isFavourite(id: number): boolean {
  return $favourites.get().includes(id);
}

/** Adds or removes a product; returns true when it is now a favourite. */
export function toggleFavourite(id: number): boolean {
  const ids = $favourites.get();
  if (ids.includes(id)) {
    $favourites.set(ids.filter((candidate) => candidate !== id));
    return false;
  }
  $favourites.set([...ids, id]);
  return true;
}

export function removeFavourite(id: number): void {
  $favourites.set($favourites.get().filter((candidate) => candidate !== id));
}
