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
 * Plain strings (no options) by key: one language and a bundled catalogue, so a key always gives the same text.
 * A static page asks for dozens of them; i18next's lookup cost about a millisecond per page at 5,000 pages.
 */
const plainStrings = new Map<string, string>();

/** Translates a key (`key` in `common`, or `namespace:key`); interpolates `{{name}}` placeholders. */
export function t(key: string, options?: TOptions): string {
  if (options) return i18n.t(key, options) as string;
  let text = plainStrings.get(key);
  if (text === undefined) {
    text = i18n.t(key, {}) as string;
    plainStrings.set(key, text);
  }
  return text;
}

/** True when the catalogue holds `key` (useful for optional labels such as characteristic units). */
export function hasKey(key: string): boolean {
  return i18n.exists(key);
}
