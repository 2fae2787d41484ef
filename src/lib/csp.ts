/**
 * Content-Security-Policy sources: the ONE place features add an outside origin they need (a map tile host, a
 * video embed). scripts/build.ts turns this into the policy header, adding the hashes of the build's inline
 * scripts to script-src. Keep hosts exact (no wildcards) so the policy stays tight.
 */
import { MAP_TILE_ORIGIN } from './map-tiles.ts';

export type CspDirective =
  | 'default-src'
  | 'script-src'
  | 'worker-src'
  | 'img-src'
  | 'style-src'
  | 'font-src'
  | 'frame-src'
  | 'connect-src'
  | 'media-src'
  | 'object-src'
  | 'base-uri'
  | 'form-action'
  | 'frame-ancestors';

/** Directive → sources, in the order they appear in the header. */
export const CSP_SOURCES: Record<CspDirective, readonly string[]> = {
  'default-src': ["'self'"],
  // pagefind's search runs WebAssembly; inline script hashes are appended at build time.
  'script-src': ["'self'", "'wasm-unsafe-eval'"],
  // pagefind starts its worker from a blob URL.
  'worker-src': ["'self'", 'blob:'],
  'img-src': ["'self'", 'data:', 'blob:', MAP_TILE_ORIGIN],
  'style-src': ["'self'", "'unsafe-inline'"],
  'font-src': ["'self'"],
  // Video blocks embed YouTube's no-cookie player, and only after the visitor consents to video embeds.
  'frame-src': ['https://www.youtube-nocookie.com'],
  'connect-src': ["'self'"],
  'media-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'self'"],
};

/** What the bot-check sources depend on: the build's environment (lib/env.ts, the back-office's names). */
export interface BotCheckCspEnv {
  RECAPTCHA_SITE_KEY?: string | undefined;
  /** Whether `RECAPTCHA_SECRET` is set (the storefront never holds its value). */
  RECAPTCHA_SECRET?: boolean | undefined;
  RECAPTCHA_SCRIPT_URL: string;
}

/**
 * The sources the forms' bot check adds. ALTCHA (the default) adds none: its widget and worker are files of the
 * site. reCAPTCHA v3 (chosen when its site key or secret is set) loads its script from `RECAPTCHA_SCRIPT_URL`'s
 * origin, which loads the rest from www.gstatic.com and runs in a frame of www.google.com.
 */
export function botCheckCspSources(env: BotCheckCspEnv): Partial<Record<CspDirective, string[]>> {
  if (!env.RECAPTCHA_SITE_KEY && !env.RECAPTCHA_SECRET) return {};
  const scriptOrigin = new URL(env.RECAPTCHA_SCRIPT_URL).origin;
  return {
    'script-src': [scriptOrigin, 'https://www.gstatic.com'],
    'frame-src': ['https://www.google.com'],
  };
}

/** `base` with each of `extra`'s sources appended to its directive (duplicates left out). */
export function withSources(
  base: Readonly<Record<CspDirective, readonly string[]>>,
  ...extra: Partial<Record<CspDirective, readonly string[]>>[]
): Record<CspDirective, readonly string[]> {
  const merged = { ...base };
  for (const sources of extra) {
    for (const [directive, list] of Object.entries(sources) as [CspDirective, readonly string[]][]) {
      merged[directive] = [...new Set([...merged[directive], ...list])];
    }
  }
  return merged;
}
