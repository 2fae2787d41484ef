/// <reference types="vite/client" />
/**
 * UI strings: one i18next instance over the `en-GB` catalogue. Each feature owns one namespace file in
 * `./en-GB/<namespace>.json`; they are all picked up here, so adding a feature never touches this module.
 * Use `t('key')` for the `common` namespace and `t('namespace:key')` for the others.
 */
import i18next, { type TOptions } from 'i18next';
import { FALLBACK_LANG, LOCALE } from '@plasterwick/shop-rules/constants';

type Catalogue = Record<string, unknown>;

const files = import.meta.glob<Catalogue>('./en-GB/*.json', { eager: true, import: 'default' });

/** Namespace name → its strings, from the file names. */
export const resources: Record<string, Catalogue> = Object.fromEntries(
  Object.entries(files).map(([path, strings]) => [path.replace(/^.*\/([^/]+)\.json$/, '$1'), strings]),
);

export const i18n = i18next.createInstance();
// Resources are bundled, so initialisation is synchronous and `t` works at module load on server and client.
void i18n.init({
  lng: LOCALE,
  fallbackLng: FALLBACK_LANG,
  supportedLngs: [LOCALE, FALLBACK_LANG],
  resources: { [LOCALE]: resources },
  ns: Object.keys(resources),
  defaultNS: 'common',
  initAsync: false,
  interpolation: { escapeValue: false },
});

/**
 * Keys asked without options, translated once: the catalogue never changes at run time, and an on-demand page asks
 * for the same few hundred labels on every render (i18next's lookup was a tenth of its time).
 */
const plain = new Map<string, string>();

/** A catalogue string cut at its `{{name}}` placeholders: literal, name, literal, name, …, literal. */
type Template = string[];

/**
 * Strings asked with values (`Ref. {{reference}}`, a card's button labels), cut once. i18next's own
 * interpolation took 40 µs a call, a twentieth of a results page's CPU; filling a cut string is the same text.
 */
const templates = new Map<string, Template | null>();
const pluralRules = new Intl.PluralRules(LOCALE);
const PLACEHOLDER = /\{\{(\w+)\}\}/g;

function templateOf(key: string): Template | null {
  let template = templates.get(key);
  if (template === undefined) {
    const separator = key.indexOf(':');
    const [ns, path] = separator < 0 ? ['common', key] : [key.slice(0, separator), key.slice(separator + 1)];
    const text: unknown = i18n.getResource(LOCALE, ns, path);
    // Anything beyond plain placeholders (nesting, formats, spaced names) is left to i18next.
    template =
      typeof text === 'string' && !text.includes('$t(') && text.replace(PLACEHOLDER, '').indexOf('{{') < 0
        ? text.split(PLACEHOLDER)
        : null;
    templates.set(key, template);
  }
  return template;
}

/** Options that only carry values (and a numeric `count`): i18next would look up and interpolate, nothing more. */
function valuesOnly(options: TOptions): options is Record<string, string | number> {
  for (const name in options) {
    const value = (options as Record<string, unknown>)[name];
    if (typeof value !== 'string' && typeof value !== 'number') return false;
    if (name === 'count' && typeof value !== 'number') return false;
    if (name !== 'count' && !/^\w+$/.test(name)) return false;
  }
  return !('context' in options || 'defaultValue' in options || 'ns' in options || 'lng' in options);
}

/** The string i18next gives `key` with `values`, or undefined when only i18next itself can tell. */
function fill(key: string, values: Record<string, string | number>): string | undefined {
  let template: Template | null;
  if (typeof values.count === 'number') {
    // i18next's plural lookup: the `_zero` form when it exists for 0, else the locale's form, else the bare key.
    if (values.count === 0 && templateOf(`${key}_zero`)) return undefined;
    template = templateOf(`${key}_${pluralRules.select(values.count)}`) ?? templateOf(key);
  } else {
    template = templateOf(key);
  }
  if (!template) return undefined;
  let text = template[0]!;
  for (let i = 1; i < template.length; i += 2) {
    const value = values[template[i]!];
    if (value === undefined) return undefined;
    text += String(value) + template[i + 1]!;
  }
  return text;
}

/** Translates a key (`key` in `common`, or `namespace:key`); interpolates `{{name}}` placeholders. */
export function t(key: string, options?: TOptions): string {
  if (options) {
    return (valuesOnly(options) ? fill(key, options) : undefined) ?? (i18n.t(key, options) as string);
  }
  let text = plain.get(key);
  if (text === undefined) {
    text = i18n.t(key, {}) as string;
    plain.set(key, text);
  }
  return text;
}

/** True when the catalogue holds `key` (useful for optional labels such as characteristic units). */
export function hasKey(key: string): boolean {
  return i18n.exists(key);
}
