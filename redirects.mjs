// @ts-check
/**
 * Fixed redirect rules, merged at build time with the back-office's old-URL table (GET /redirect) and the
 * plan-switch rules computed from GET /url, into the build's `_redirects` file (Netlify style, also loaded by
 * scripts/server.ts). Data only: each rule is an exact path (trailing slash ignored) answered with a 301.
 *
 * Not in this file, because they depend on the request rather than the path:
 * - bare host → www: when CANONICAL_HOST is set (e.g. `www.plasterwick.co.uk`), a request for any other host
 *   (`plasterwick.co.uk`) answers 301 to `https://${CANONICAL_HOST}${path}` (scripts/server.ts). A CDN gets the
 *   equivalent rule `https://plasterwick.co.uk/* https://www.plasterwick.co.uk/:splat 301!` in its own config.
 * - un-segmented paths: `/contact` → `/professional-filler/contact` (every path outside the audience segments,
 *   except files and the technical prefixes the server lists).
 */

/** @type {ReadonlyArray<{ from: string, to: string }>} */
export const fixedRedirects = [
  // The pro home lives at `/`; its segment URL must not be a second copy.
  { from: '/professional-filler', to: '/' },
  { from: '/professional-filler/index.html', to: '/' },
  // The static build writes `/index.html`; the address people share is `/`.
  { from: '/index.html', to: '/' },
  { from: '/diy-filler/index.html', to: '/diy-filler' },
];
