/**
 * Favourites (spec §3, §4): product ids, no duplicates, kept in localStorage through @nanostores/persistent and
 * parsed back with a schema so a hand-edited or older value never breaks the page.
 */
import { persistentAtom } from '@nanostores/persistent';
import { computed } from 'nanostores';
import * as z from 'zod/mini';

export const FAVORITES_STORAGE_KEY = 'plasterwick:favorites';

const favoritesSchema = z.array(z.number().check(z.int(), z.positive()));

/** Stored JSON → unique ids; anything unreadable gives an empty list. */
export function decodeFavorites(raw: string): number[] {
  try {
    const parsed = favoritesSchema.safeParse(JSON.parse(raw));
    return parsed.success ? [...new Set(parsed.data)] : [];
  } catch {
    return [];
  }
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
