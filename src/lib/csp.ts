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
