/**
 * JavaScript budgets on the production build: per page type, the scripts loaded before and after a typical
 * interaction (decoded bytes and gzip size), printed as a table for docs/benchmarks.md. Asserts that pages load
 * no React before an island is used, and that the shared site script (its static import graph, beyond what
 * Astro's ClientRouter already loads) stays under 15 KB gzip.
 * Run: npx playwright test tests/e2e/islands-budget.spec.ts --project desktop
 */
import { gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { e2e } from './support/harness.ts';

/**
 * vanilla-cookieconsent hides its banner from automated browsers (`navigator.webdriver`): these tests look like a
 * visitor's browser so the banner behaves as it does for people.
 */
test.use({
  launchOptions: {
    executablePath: e2e.chromiumPath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      '--disable-blink-features=AutomationControlled',
    ],
  },
});

const SHARED_SCRIPT_BUDGET_GZIP = 15 * 1024;
const CONSENT_ALL = encodeURIComponent(
  JSON.stringify({ categories: ['necessary', 'analytics', 'ads', 'video'], revision: 0 }),
);

interface Script {
  url: string;
  bytes: number;
  gzip: number;
  react: boolean;
}

/** React's production builds link their minified errors to react.dev: enough to recognise its chunks. */
const isReact = (body: string) => body.includes('react.dev/errors') || body.includes('react.development');

function recordScripts(page: Page): Script[] {
  const scripts: Script[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body().catch(() => undefined);
    if (!body) return;
    scripts.push({
      url: new URL(response.url()).pathname,
      bytes: body.length,
      gzip: gzipSync(body, { level: 9 }).length,
      react: isReact(body.toString('utf8')),
    });
  });
  return scripts;
}

const sum = (scripts: Script[], key: 'bytes' | 'gzip') =>
  scripts.reduce((total, script) => total + script[key], 0);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Static import graph of a built module: `import … from "./x.js"` and `import "./x.js"`, not `import()`. */
async function staticGraph(baseURL: string, entry: string, seen = new Map<string, Buffer>()) {
  if (seen.has(entry)) return seen;
  const body = Buffer.from(await (await fetch(new URL(entry, baseURL))).arrayBuffer());
  seen.set(entry, body);
  const source = body.toString('utf8');
  const specifiers = [...source.matchAll(/(?:\bfrom\s*|\bimport\s*)["'](\.{1,2}\/[^"']+\.js)["']/g)].map(
    (match) => new URL(match[1] ?? '', new URL(entry, 'http://x')).pathname,
  );
  for (const specifier of specifiers) await staticGraph(baseURL, specifier, seen);
  return seen;
}

async function diyProductPath(): Promise<string> {
  const response = await fetch(`${e2e.backofficeURL}/api/v1/product?site_id=3&saleplan_id=2&perPage=1`);
  const { data } = (await response.json()) as { data: { items: { slug: string }[] } };
  return `/diy-filler/product/${data.items[0]?.slug ?? ''}`;
}

interface PageType {
  name: string;
  path: string | (() => Promise<string>);
  /** React is expected before interaction (the page exists for its island). */
  reactPage?: boolean;
  interact: (page: Page) => Promise<void>;
}

const PAGE_TYPES: PageType[] = [
  {
    name: 'home (open selector guide)',
    path: '/',
    interact: async (page) => {
      await page.locator('main [data-open-selector-guide]').first().click();
      await expect(page.getByRole('dialog', { name: 'Product selector guide' })).toBeVisible();
    },
  },
  {
    name: 'category (compare a product)',
    path: '/professional-filler/category/fillers',
    interact: async (page) => {
      const button = page
        .locator('main .product-card')
        .first()
        .getByRole('button', { name: /^Compare\b/ });
      await button.click();
      await expect(button).toHaveAttribute('aria-pressed', 'true');
    },
  },
  {
    name: 'product (favourite, then compare)',
    path: diyProductPath,
    interact: async (page) => {
      const actions = page.locator('main .product__actions');
      const favourite = actions.getByRole('button', { name: /as a favourite$/ });
      await favourite.click();
      await expect(favourite).toHaveAttribute('aria-pressed', 'true');
      const compare = actions.getByRole('button', { name: /^Compare\b/ });
      await compare.click();
      await expect(compare).toHaveAttribute('aria-pressed', 'true');
    },
  },
  {
    name: 'content: news (search suggestions)',
    path: '/professional-filler/news',
    interact: async (page) => {
      await page.getByRole('combobox', { name: 'Search products' }).fill('filler');
      await expect(
        page.getByRole('listbox', { name: 'Search suggestions' }).getByRole('option').first(),
      ).toBeVisible();
    },
  },
  {
    name: 'content: FAQ (open cookie settings)',
    path: '/diy-filler/frequently-asked-questions',
    interact: async (page) => {
      await page.getByRole('button', { name: 'Cookie settings' }).click();
      await expect(page.getByRole('dialog', { name: 'Cookie preferences' })).toBeVisible();
    },
  },
  {
    name: 'compare page',
    path: '/professional-filler/compare-products',
    reactPage: true,
    interact: async (page) => {
      await expect(page.getByText('You have not chosen any products to compare yet.')).toBeVisible();
    },
  },
  {
    name: 'favourites page (remove the one saved above)',
    path: '/diy-filler/favorites',
    reactPage: true,
    interact: async (page) => {
      await page.getByRole('button', { name: /^Remove from favourites/ }).click();
      await expect(page.getByText(/You have no favourites yet/)).toBeVisible();
    },
  },
];

test.describe('JavaScript budgets', () => {
  test('per page type: no React before interaction on static pages; figures recorded', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    await page
      .context()
      .addCookies([{ name: 'cc_cookie', value: CONSENT_ALL, url: baseURL ?? '', sameSite: 'Lax' }]);
    const rows: string[] = [
      '| page type | before: files | before: gzip | React before | after: gzip | React after |',
    ];
    rows.push('| --- | --- | --- | --- | --- | --- |');
    for (const type of PAGE_TYPES) {
      const tab = await page.context().newPage();
      const scripts = recordScripts(tab);
      await tab.goto(typeof type.path === 'string' ? type.path : await type.path(), {
        waitUntil: 'networkidle',
      });
      const before = [...scripts];
      await type.interact(tab);
      await tab.waitForLoadState('networkidle');
      const reactBefore = before.some((script) => script.react);
      const reactAfter = scripts.some((script) => script.react);
      rows.push(
        `| ${type.name} | ${before.length} | ${kb(sum(before, 'gzip'))} | ${reactBefore ? 'yes' : 'no'} | ${kb(sum(scripts, 'gzip'))} | ${reactAfter ? 'yes' : 'no'} |`,
      );
      expect(reactBefore, `${type.name}: React before interaction`).toBe(Boolean(type.reactPage));
      await tab.close();
    }
    console.log(`\nJavaScript per page type (Chromium, consent already given):\n${rows.join('\n')}\n`);
  });

  test('the shared site script stays under 15 KB gzip; the consent library loads only to store an answer', async ({
    page,
    baseURL,
  }) => {
    const base = baseURL ?? '';
    // First visit: the banner is the page's own markup; the library waits for an answer.
    const firstVisit = recordScripts(page);
    await page.goto('/professional-filler/news', { waitUntil: 'networkidle' });
    const banner = page.getByRole('dialog', { name: 'We use cookies' });
    await expect(banner).toBeVisible();
    expect(firstVisit.filter((script) => /cookieconsent/.test(script.url))).toEqual([]);

    const entries = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLScriptElement>('script[type="module"][src]')].map(
        (script) => script.src,
      ),
    );
    const site = entries.find((src) => /SiteChrome\.astro_astro_type_script/.test(src));
    const router = entries.find((src) => /ClientRouter\.astro_astro_type_script/.test(src));
    if (!site || !router) throw new Error(`entry scripts not found in ${entries.join(', ')}`);
    const siteGraph = await staticGraph(base, new URL(site).pathname);
    const routerGraph = await staticGraph(base, new URL(router).pathname);
    const own = [...siteGraph].filter(([path]) => !routerGraph.has(path));
    const ownGzip = own.reduce((total, [, body]) => total + gzipSync(body, { level: 9 }).length, 0);
    const routerGzip = [...routerGraph].reduce(
      (total, [, body]) => total + gzipSync(body, { level: 9 }).length,
      0,
    );
    expect(ownGzip).toBeLessThan(SHARED_SCRIPT_BUDGET_GZIP);
    expect(own.some(([, body]) => isReact(body.toString('utf8')))).toBe(false);

    // Answering loads the library, which stores the choice; later pages do not fetch it again.
    const answering = recordScripts(page);
    await banner.getByRole('button', { name: 'Reject all' }).click();
    await expect(banner).toBeHidden();
    const consentChunk = answering.find((script) => /cookieconsent/.test(script.url));
    expect(consentChunk, 'consent library to store the answer').toBeDefined();
    console.log(
      `\nShared site script: ${own.length} files, ${kb(ownGzip)} gzip (Astro ClientRouter beside it: ${kb(routerGzip)}); ` +
        `answering the banner loads the consent library: ${kb(consentChunk?.gzip ?? 0)} gzip\n`,
    );
    const nextVisit = recordScripts(page);
    await page.goto('/professional-filler/frequently-asked-questions', { waitUntil: 'networkidle' });
    await page.reload({ waitUntil: 'networkidle' });
    expect(nextVisit.filter((script) => /cookieconsent/.test(script.url))).toEqual([]);
  });
});
