/**
 * Map tiles of the stockist locator. The tile URL is public configuration (env `PUBLIC_MAP_TILE_URL`, read at build
 * time by the stockists page and by the CSP builder); OpenStreetMap's standard tiles by default. Plain
 * Node-compatible module in `lib`, so `csp.ts` reads the origin without depending on the stockists feature.
 */

const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const DEFAULT_ATTRIBUTION =
  '© <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

const env = globalThis.process?.env ?? {};

/** Leaflet tile template (`{z}/{x}/{y}`, optional `{s}` subdomain). */
export const MAP_TILE_URL = env.PUBLIC_MAP_TILE_URL || DEFAULT_TILE_URL;
/** HTML attribution the tile provider requires. */
export const MAP_TILE_ATTRIBUTION = env.PUBLIC_MAP_TILE_ATTRIBUTION || DEFAULT_ATTRIBUTION;
/** The CSP `img-src` source for the tiles (subdomain placeholders become a wildcard). */
export const MAP_TILE_ORIGIN = new URL(MAP_TILE_URL.replace('{s}.', 'x.')).origin.replace('://x.', '://*.');
