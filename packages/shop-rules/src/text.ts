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

/** Paths (`body.items.0.name`, `query.q`) of every string inside `value` that is not storable. */
export function unstorableTextPaths(value: unknown, path: string, found: string[] = []): string[] {
  if (typeof value === 'string') {
    if (!isStorableText(value)) found.push(path);
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => unstorableTextPaths(item, `${path}.${index}`, found));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      // A hostile key is reported on its parent: the key itself is not a safe thing to echo.
      if (!isStorableText(key)) found.push(path);
      else unstorableTextPaths(item, `${path}.${key}`, found);
    }
  }
  return found;
}

/** The same rule as a zod refinement, for schemas that check one string. */
export const storableText = () => z.string().refine(isStorableText, UNSTORABLE_TEXT_MESSAGE);
