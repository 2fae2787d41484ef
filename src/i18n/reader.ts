/**
 * A small reader over one namespace of the en-GB catalogue, for browser code: islands and the shared site script
 * use it instead of the i18next instance (`./index.ts`), so they ship a few lines and their own strings only.
 */

type Paths<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${Paths<T[K]>}`;
}[keyof T & string];

/** Keys with their plural suffix (`_one`, `_other`) removed, as i18next names them. */
type Base<K extends string> = K extends `${infer Stem}_one` | `${infer Stem}_other` ? Stem : K;

/** The keys of a namespace's catalogue, plural forms under their common stem. */
export type TextKeys<Catalogue> = Base<Paths<Catalogue>>;

export type TextReader<Key extends string> = (key: Key, values?: Record<string, string | number>) => string;

/**
 * The reader of `catalogue`: the string at a key with `{{name}}` placeholders filled from `values`; a numeric
 * `count` picks the `_one` or `_other` form when the key has them (English plural rule).
 */
export function createTextReader<Catalogue extends object>(
  catalogue: Catalogue,
  namespace: string,
): TextReader<TextKeys<Catalogue>> {
  const lookup = (key: string): string | undefined => {
    let node: unknown = catalogue;
    for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
    return typeof node === 'string' ? node : undefined;
  };
  return (key, values = {}) => {
    const plural =
      typeof values.count === 'number' ? lookup(`${key}_${values.count === 1 ? 'one' : 'other'}`) : undefined;
    const template = plural ?? lookup(key);
    if (template === undefined) throw new Error(`${namespace}: no string for ${key}`);
    return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
  };
}
