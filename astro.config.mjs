// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';

/** Public origin for canonicals and the sitemap. */
const site = process.env.SITE_URL || 'http://localhost:4321';

// outDir and cacheDir can be moved so several builds (tests, benchmarks, the server's atomic swap) never share files.
const outDir = process.env.ASTRO_OUT_DIR || './dist';
const cacheDir = process.env.ASTRO_CACHE_DIR || './node_modules/.astro';

// Static pages run back-office media through Astro's image pipeline at build time: the build may fetch images
// from the back-office origin (and only from there).
const backoffice = new URL(process.env.BACKOFFICE_URL || 'http://127.0.0.1:4000');
const backofficePattern = {
  protocol: backoffice.protocol.replace(':', ''),
  hostname: backoffice.hostname,
  ...(backoffice.port ? { port: backoffice.port } : {}),
};

export default defineConfig({
  site,
  outDir,
  cacheDir,
  output: 'static',
  trailingSlash: 'ignore',
  // The outer server (scripts/server.ts) mounts Astro's handler; it serves dist/client itself.
  adapter: node({ mode: 'middleware' }),
  integrations: [react()],
  prefetch: { prefetchAll: false, defaultStrategy: 'hover' },
  i18n: { locales: ['en'], defaultLocale: 'en', routing: { prefixDefaultLocale: false } },
  image: { responsiveStyles: true, remotePatterns: [backofficePattern] },
  build: { format: 'directory', inlineStylesheets: 'auto' },
  server: { port: Number(process.env.PORT) || 4321 },
  vite: { cacheDir: `${cacheDir}/vite` },
});
