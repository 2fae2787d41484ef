/**
 * The `changes` of an audit event: the fields a write touched, each with its value before and after, read from a
 * snapshot of the entity taken in the write's transaction before and after it. Nested objects become dotted paths
 * (`packs.TUB-1KG.prices.1.ex_vat`), lists are compared whole. Personal data and secrets are never stored: a
 * masked path keeps only the fact that it changed.
 */
import type { AuditChanges } from './tables.ts';

/** What a snapshot of an entity is: plain JSON values (null when the entity does not exist). */
export type Snapshot = Record<string, unknown>;

export const MASK = '[masked]';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

/** `{ a: { b: 1 } }` → `{ 'a.b': 1 }`; lists, dates and scalars are leaves. */
export function flatten(value: Snapshot, prefix = ''): Record<string, unknown> {
  const flat: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isPlainObject(inner) && Object.keys(inner).length > 0) Object.assign(flat, flatten(inner, path));
    else flat[path] = inner instanceof Date ? inner.toISOString() : inner;
  }
  return flat;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Whether `path` is, or lies under, one of the masked paths. */
const isMasked = (path: string, masked: readonly string[]) =>
  masked.some((m) => path === m || path.startsWith(`${m}.`));

/**
 * The fields that differ between `before` and `after` (either null for a creation or a deletion), masked paths
 * shown as `[masked]` (null stays null: whether a value was there is not personal).
 */
export function diffSnapshots(
  before: Snapshot | null,
  after: Snapshot | null,
  masked: readonly string[] = [],
): AuditChanges {
  const from = flatten(before ?? {});
  const to = flatten(after ?? {});
  const changes: AuditChanges = {};
  for (const path of new Set([...Object.keys(from), ...Object.keys(to)])) {
    const b = from[path] ?? null;
    const a = to[path] ?? null;
    if (same(b, a)) continue;
    const hide = isMasked(path, masked);
    changes[path] = {
      before: hide && b !== null ? MASK : b,
      after: hide && a !== null ? MASK : a,
    };
  }
  return changes;
}
