/**
 * UI strings of the three tools (calculator, scanner, stockists), read from their `tools` namespace of the en-GB
 * catalogue. Islands use this small reader instead of the i18next instance so they do not ship i18next.
 */
import catalogue from '../../i18n/en-GB/tools.json';

type Paths<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${Paths<T[K]>}`;
}[keyof T & string];

/** Keys with their plural suffix (`_one`, `_other`) removed, as i18next names them. */
type Base<K extends string> = K extends `${infer Stem}_one` | `${infer Stem}_other` ? Stem : K;

export type ToolsKey = Base<Paths<typeof catalogue>>;

function lookup(key: string): string | undefined {
  let node: unknown = catalogue;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : undefined;
}

/**
 * The string at `key` with `{{name}}` placeholders filled from `values`; a numeric `count` picks the `_one` or
 * `_other` form when the key has them (English plural rule).
 */
export function toolsText(key: ToolsKey, values: Record<string, string | number> = {}): string {
  const plural =
    typeof values.count === 'number' ? lookup(`${key}_${values.count === 1 ? 'one' : 'other'}`) : undefined;
  const template = plural ?? lookup(key);
  if (template === undefined) throw new Error(`tools: no string for ${key}`);
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}
