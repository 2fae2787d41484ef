/**
 * Text PostgreSQL can store: no NUL character (text columns refuse it) and no lone UTF-16 surrogate (it has no
 * UTF-8 encoding). Anything a visitor sends is checked with this before it reaches a query, so such input is a
 * 400 with a field error, never a driver error.
 */
import { z } from 'zod';

export const UNSTORABLE_TEXT_MESSAGE = 'contains characters that are not allowed';

export function isStorableText(value: string): boolean {
  return value.isWellFormed() && !value.includes('\u0000');
}

/**
 * Paths (`body.items.0.name`, `query.q`) of every string inside `value` that is not storable. Walks with its own
 * stack, not recursion: a body nested thousands of levels deep is parsed JSON like any other.
 */
export function unstorableTextPaths(value: unknown, path: string): string[] {
  const found: string[] = [];
  const pending: [unknown, string][] = [[value, path]];
  while (pending.length > 0) {
    const [current, at] = pending.pop()!;
    if (typeof current === 'string') {
      if (!isStorableText(current)) found.push(at);
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index--)
        pending.push([current[index], `${at}.${index}`]);
    } else if (current !== null && typeof current === 'object') {
      const entries = Object.entries(current);
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, item] = entries[index]!;
        // A hostile key is reported on its parent: the key itself is not a safe thing to echo.
        if (!isStorableText(key)) found.push(at);
        else pending.push([item, `${at}.${key}`]);
      }
    }
  }
  return found;
}

/** The same rule as a zod refinement, for schemas that check one string. */
export const storableText = () => z.string().refine(isStorableText, UNSTORABLE_TEXT_MESSAGE);
