/**
 * Map tiles of the stockist locator. The tile URL and its attribution are public configuration
 * (`PUBLIC_MAP_TILE_URL`, `PUBLIC_MAP_TILE_ATTRIBUTION`, validated in lib/env.ts; OpenStreetMap's standard
 * tiles by default), read at build time by the stockists page and by the CSP builder. A server-side module in
 * `lib`, so `csp.ts` reads the origin without depending on the stockists feature; islands get the values as props.
 */
import { storefrontEnv } from './env.ts';

const env = storefrontEnv();

/** Leaflet tile template (`{z}/{x}/{y}`, optional `{s}` subdomain). */
export const MAP_TILE_URL = env.PUBLIC_MAP_TILE_URL;
/** HTML attribution the tile provider requires. */
export const MAP_TILE_ATTRIBUTION = env.PUBLIC_MAP_TILE_ATTRIBUTION;
/** The CSP `img-src` source for the tiles (subdomain placeholders become a wildcard). */
export const MAP_TILE_ORIGIN = new URL(MAP_TILE_URL.replace('{s}.', 'x.')).origin.replace('://x.', '://*.');
