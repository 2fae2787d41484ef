import type { Site } from './lib/api/types.ts';

declare global {
  /**
   * The build's site, inlined by Vite's `define` (astro.config.mjs, scripts/lib/build-site.ts); `null` when Astro
   * ran without a build (`astro sync`). Read it through `buildSite()` of src/lib/api.
   */
  const __BUILD_SITE__: Site | null;
  /** True in the code that prerenders the static pages at build time, false elsewhere (astro.config.mjs). */
  const __PRERENDER__: boolean;

  namespace App {
    interface Locals {
      /** The site this request renders with (src/middleware.ts): the build's, or the one of the request's host. */
      site?: Site;
      /** The back-office content version the outer server passed on (src/middleware.ts), on on-demand pages. */
      contentVersion?: string;
    }
  }
}

export {};
