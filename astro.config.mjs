// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { buildSiteIntegration } from './scripts/lib/build-site.ts';
import { loadEnv } from './src/lib/env.ts';

// The storefront's validated environment (src/lib/env.ts): an invalid variable stops Astro here, named.
const env = loadEnv();

// Static pages run back-office media through Astro's image pipeline at build time: the build may fetch images
// from the back-office origin (and only from there).
const backoffice = new URL(env.BACKOFFICE_URL);
const backofficePattern = {
  protocol: backoffice.protocol.replace(':', ''),
  hostname: backoffice.hostname,
  ...(backoffice.port ? { port: backoffice.port } : {}),
};

/**
 * `__PRERENDER__`: true in the bundle that renders the static pages during the build (Vite's `prerender`
 * environment), false in the SSR server's and the browser's, so build-time reads can be memoised
 * (src/lib/api/index.ts) while on-demand pages always read fresh answers.
 */
const prerenderFlag = {
  name: 'plasterwick:prerender-flag',
  /** @param {string} name */
  configEnvironment: (name) => ({ define: { __PRERENDER__: JSON.stringify(name === 'prerender') } }),
};

export default defineConfig({
  /** Public origin for canonicals and the sitemap. */
  site: env.SITE_URL,
  // outDir and cacheDir can be moved so several builds (tests, benchmarks, the server's atomic swap) never share files.
  outDir: env.ASTRO_OUT_DIR,
  cacheDir: env.ASTRO_CACHE_DIR,
  output: 'static',
  trailingSlash: 'ignore',
  // The outer server (scripts/server.ts) mounts Astro's handler; it serves dist/client itself.
  // Streaming is off: the outer server compresses and caches each on-demand answer whole (scripts/server/capture.ts),
  // so rendering to one string saves the per-chunk writes.
  adapter: node({ mode: 'middleware', experimentalDisableStreaming: true }),
  // The build's site (spec §7 site lookup), inlined for build-time calls and as the SSR fallback.
  integrations: [react(), buildSiteIntegration(env)],
  prefetch: { prefetchAll: false, defaultStrategy: 'hover' },
  i18n: { locales: ['en'], defaultLocale: 'en', routing: { prefixDefaultLocale: false } },
  image: { responsiveStyles: true, remotePatterns: [backofficePattern] },
  build: { format: 'directory', inlineStylesheets: 'auto', concurrency: 4 },
  server: { port: env.PORT },
  vite: { cacheDir: `${env.ASTRO_CACHE_DIR}/vite`, plugins: [prerenderFlag] },
});
