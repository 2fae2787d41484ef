/**
 * What the static search index costs a visitor (issue 14): the bytes a browser downloads for its first search
 * suggestion from pagefind (the search box's fallback when the back-office does not answer), and the size of the
 * index on disk. `measurePagefindFirstQuery` opens a page of the running storefront in Chromium, loads
 * /pagefind/pagefind.js as the search box does and runs the box's searches (one per suggestion group, filtered by
 * audience and type, the first three results' data each), counting every /pagefind/ response's bytes on the wire.
 *
 * Alone: `node scripts/bench/pagefind-first-query.ts [--url http://127.0.0.1:4321] [--query filler]`; the index
 * size is read from BUILDS_DIR/current when that directory is given (`--builds`).
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { SUGGEST } from '@plasterwick/shop-rules/constants';
import { chromium } from '@playwright/test';
import { PAGEFIND_TYPES } from '../../src/features/search/sources.ts';

export interface PagefindFirstQueryOptions {
  /** The storefront origin, e.g. http://127.0.0.1:4321. */
  siteUrl: string;
  /** The text typed into the search box (default `filler`). */
  query?: string;
  /** The page the search starts from (default `/`, the pro home). */
  path?: string;
  /** Chromium (default CHROMIUM_PATH, else /usr/bin/chromium). */
  chromiumPath?: string;
}

export interface PagefindFirstQuery {
  /** Bytes received for /pagefind/ files (compressed as sent, headers included), the first query included. */
  bytes: number;
  /** Of which response headers (every answer carries the security headers; the CSP alone is about 1 KB). */
  headerBytes: number;
  /** How many /pagefind/ files that took. */
  files: number;
  /** Bytes per file (path under /pagefind/), largest first. */
  perFile: { path: string; bytes: number }[];
  /** Results per suggestion group. */
  totals: Record<string, number>;
}

/** The search box's pagefind searches (src/features/search/sources.ts), run in the page; results per group. */
const SEARCH_LIKE_THE_BOX = `async ({ query, audience, types, perGroup }) => {
  const api = await import('/pagefind/pagefind.js');
  await api.init?.();
  const entries = await Promise.all(
    Object.entries(types).map(async ([group, type]) => {
      const search = await api.search(query, { filters: { audience, type } });
      await Promise.all(search.results.slice(0, perGroup).map((result) => result.data()));
      return [group, search.results.length];
    }),
  );
  return Object.fromEntries(entries);
}`;

/** Bytes of every file of a build's pagefind index (`<build>/client/pagefind`). */
export function pagefindIndexBytes(buildDir: string): { bytes: number; files: number } {
  let bytes = 0;
  let files = 0;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else {
        bytes += statSync(full).size;
        files += 1;
      }
    }
  };
  walk(path.join(buildDir, 'client/pagefind'));
  return { bytes, files };
}

/** Runs the search box's pagefind searches for `query` in a fresh browser and counts what they downloaded. */
export async function measurePagefindFirstQuery(
  options: PagefindFirstQueryOptions,
): Promise<PagefindFirstQuery> {
  const browser = await chromium.launch({
    executablePath: options.chromiumPath ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage();
    const sizes: Promise<{ path: string; bytes: number; headerBytes: number }>[] = [];
    page.on('requestfinished', (request) => {
      const { pathname } = new URL(request.url());
      if (!pathname.startsWith('/pagefind/')) return;
      sizes.push(
        request.sizes().then((size) => ({
          path: pathname.slice('/pagefind/'.length),
          bytes: size.responseBodySize + size.responseHeadersSize,
          headerBytes: size.responseHeadersSize,
        })),
      );
    });
    await page.goto(`${options.siteUrl}${options.path ?? '/'}`);
    const audience = await page.locator('html').getAttribute('data-audience');
    // Plain JavaScript: the function is sent to the browser as text, so it carries no type syntax.
    const input = {
      query: options.query ?? 'filler',
      audience,
      types: PAGEFIND_TYPES,
      perGroup: SUGGEST.itemsPerGroup,
    };
    const totals = (await page.evaluate(`(${SEARCH_LIKE_THE_BOX})(${JSON.stringify(input)})`)) as Record<
      string,
      number
    >;
    const files = (await Promise.all(sizes)).sort((a, b) => b.bytes - a.bytes);
    const perFile = files.map(({ path: file, bytes }) => ({ path: file, bytes }));
    return {
      bytes: files.reduce((sum, file) => sum + file.bytes, 0),
      headerBytes: files.reduce((sum, file) => sum + file.headerBytes, 0),
      files: perFile.length,
      perFile,
      totals,
    };
  } finally {
    await browser.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      url: { type: 'string', default: `http://127.0.0.1:${process.env.PORT || 4321}` },
      query: { type: 'string', default: 'filler' },
      builds: { type: 'string' },
    },
  });
  try {
    if (values.builds) {
      const index = pagefindIndexBytes(path.join(values.builds, 'current'));
      console.log(`[pagefind] index: ${(index.bytes / 1024).toFixed(0)} KB in ${index.files} files`);
    }
    const first = await measurePagefindFirstQuery({
      siteUrl: values.url.replace(/\/+$/, ''),
      query: values.query,
    });
    console.log(
      `[pagefind] first query "${values.query}": ${(first.bytes / 1024).toFixed(1)} KB in ${first.files} files ` +
        `(results ${JSON.stringify(first.totals)})`,
    );
    for (const file of first.perFile)
      console.log(`[pagefind]   ${(file.bytes / 1024).toFixed(1)} KB ${file.path}`);
  } catch (error) {
    console.error(`[pagefind] ${(error as Error).message}`);
    process.exitCode = 1;
  }
}
