/**
 * Tiny runtime checks for what the shared script reads back from browser storage and cookies. The shared script
 * cannot use zod: it shares its core modules with the full zod the lazy islands load, and the bundler would pull
 * that whole core into every page (far past the 15 KB budget). Each parser is unit-tested like a schema.
 */
export type Guard<T> = (value: unknown) => value is T;

export const isString = (value: unknown): value is string => typeof value === 'string';
export const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);
export const isPositiveInt = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) > 0;

export function arrayOf<T>(item: Guard<T>): Guard<T[]> {
  return (value): value is T[] => Array.isArray(value) && value.every(item);
}

export function optional<T>(item: Guard<T>): Guard<T | undefined> {
  return (value): value is T | undefined => value === undefined || item(value);
}

export function oneOf<const T extends readonly string[]>(values: T): Guard<T[number]> {
  return (value): value is T[number] => typeof value === 'string' && values.includes(value);
}

type Shape = Record<string, Guard<unknown>>;
type FromShape<S extends Shape> = { [K in keyof S]: S[K] extends Guard<infer T> ? T : never };

export function objectOf<S extends Shape>(shape: S): Guard<FromShape<S>> {
  return (value): value is FromShape<S> =>
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.entries(shape).every(([key, guard]) => guard((value as Record<string, unknown>)[key]));
}

/** JSON text checked by `guard`; undefined when unreadable or of the wrong shape. */
export function parseJson<T>(raw: string | null | undefined, guard: Guard<T>): T | undefined {
  if (!raw) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    return guard(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
