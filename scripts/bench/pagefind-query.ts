/**
 * What a visitor's first pagefind search downloads, measured in Debian's Chromium: a page of the shop is opened,
 * then the same searches the search box makes when it falls back to pagefind (one per suggestion group, filtered by
 * audience and type, the first results' data loaded: src/features/search/sources.ts), and the bytes of every
 * /pagefind/ answer are added up as they travelled (bodies compressed where the server compresses; headers apart).
 */
import { chromium } from 'playwright';
import { SUGGEST } from '@plasterwick/shop-rules/constants';
import { PAGEFIND_TYPES } from '../../src/features/search/sources.ts';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export interface PagefindQuery {
  /** Bodies as they travelled (compressed where the server compresses). */
  bodyBytes: number;
  /** Response headers (every answer carries the security headers, the CSP alone about 1 KB). */
  headerBytes: number;
  files: number;
  results: number;
}

export async function pagefindFirstQuery(options: {
  pageUrl: string;
  text: string;
  audience: string;
}): Promise<PagefindQuery> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage();
    await page.goto(options.pageUrl, { waitUntil: 'load' });
    // Requests of pagefind's worker included; sizes as they travelled (compressed body plus headers).
    const finished: Promise<{ responseBodySize: number; responseHeadersSize: number }>[] = [];
    page.context().on('requestfinished', (request) => {
      if (!new URL(request.url()).pathname.startsWith('/pagefind/')) return;
      finished.push(request.sizes());
    });
    const results = await page.evaluate(
      async ({ text, audience, types, perGroup }) => {
        const url = '/pagefind/pagefind.js';
        const pagefind = (await import(/* @vite-ignore */ url)) as {
          init?: () => Promise<void>;
          search(
            term: string,
            options: { filters: Record<string, string> },
          ): Promise<{ results: { data(): Promise<unknown> }[] }>;
        };
        await pagefind.init?.();
        let found = 0;
        for (const type of types) {
          const search = await pagefind.search(text, { filters: { audience, type } });
          await Promise.all(search.results.slice(0, perGroup).map((result) => result.data()));
          found += search.results.length;
        }
        return found;
      },
      {
        text: options.text,
        audience: options.audience,
        types: Object.values(PAGEFIND_TYPES),
        perGroup: SUGGEST.itemsPerGroup,
      },
    );
    // Let the last requestfinished events arrive.
    await page.waitForTimeout(300);
    const sizes = await Promise.all(finished);
    return {
      bodyBytes: sizes.reduce((sum, size) => sum + size.responseBodySize, 0),
      headerBytes: sizes.reduce((sum, size) => sum + size.responseHeadersSize, 0),
      files: sizes.length,
      results,
    };
  } finally {
    await browser.close();
  }
}
