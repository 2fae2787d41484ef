/**
 * UI strings for client-side code, read from this feature's namespace of the en-GB catalogue. Browser scripts
 * use this instead of the i18next instance so the shared script stays far under its 15 KB budget.
 */
import catalogue from '../../i18n/en-GB/islands.json';

type Paths<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${Paths<T[K]>}`;
}[keyof T & string];

export type TextKey = Paths<typeof catalogue>;

/** The string at `key`, with `{{name}}` placeholders filled from `values`. */
export function text(key: TextKey, values: Record<string, string | number> = {}): string {
  let node: unknown = catalogue;
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  return String(node).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}
