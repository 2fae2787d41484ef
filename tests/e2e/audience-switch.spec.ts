/**
 * The header's audience switch and the pages around it (issue 12, "Audience switch and errors"): the switch
 * never lands on a 404 or a 301 back (unknown filter values dropped, `_p__N` clamped, a product not sold there
 * leads to its range) and the landing page says why; 404 pages keep the audience of their URL; selector-guide
 * result URLs in other base64 spellings answer 301 to the canonical one.
 * Run: npx playwright test tests/e2e/audience-switch.spec.ts
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { e2e } from './support/harness.ts';

const SEGMENT = { pro: 'professional-filler', part: 'diy-filler' } as const;
const PLAN = { pro: 1, part: 2 } as const;
const LABEL = { pro: 'Professional', part: 'DIY' } as const;
type Audience = keyof typeof SEGMENT;

interface UrlItem {
  entity_type: string;
  slug: string;
  exist_in: number[];
}

async function urls(): Promise<UrlItem[]> {
  const response = await fetch(`${e2e.backofficeURL}/api/v1/url?site_id=3`);
  return ((await response.json()) as { data: { items: UrlItem[] } }).data.items;
}

/** A product sold to `audience` only. */
async function productOnlyIn(audience: Audience): Promise<string> {
  const match = (await urls()).find(
    (item) =>
      item.entity_type === 'product' && item.exist_in.length === 1 && item.exist_in[0] === PLAN[audience],
  );
  if (!match) throw new Error(`no product sold to ${audience} only`);
  return match.slug;
}

/** The header's switch link to `audience`. */
function switchLink(page: Page, audience: Audience) {
  return page
    .getByRole('navigation', { name: 'Choose your profile' })
    .getByRole('link', { name: LABEL[audience], exact: true });
}

/** The other audience's switch href in a page's HTML. */
function switchHref(html: string, to: Audience): string | undefined {
  const link = /<a\b[^>]*\bdata-audience-link="([a-z]+)"[^>]*>/g;
  for (const match of html.matchAll(link)) {
    if (match[1] !== to) continue;
    return /\bhref="([^"]*)"/.exec(match[0])?.[1]?.replaceAll('&amp;', '&');
  }
  return undefined;
}

/** Every page path the sitemap lists (it may be an index of sitemaps). */
async function sitemapPaths(request: APIRequestContext): Promise<string[]> {
  const locs = async (path: string) =>
    [...(await (await request.get(path)).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (match) => new URL(match[1] ?? '').pathname,
    );
  const top = await locs('/sitemap.xml');
  const nested = await Promise.all(top.filter((path) => path.endsWith('.xml')).map(locs));
  return [...top, ...nested.flat()].filter((path) => !path.endsWith('.xml'));
}

/** Category page count of a listing, from its pagination's last numbered link (1 without pagination). */
async function lastPage(page: Page, path: string): Promise<number> {
  const response = await page.request.get(path);
  expect(response.status(), path).toBe(200);
  const numbers = [...(await response.text()).matchAll(/\/_p__(\d+)"/g)].map((m) => Number(m[1]));
  return Math.max(1, ...numbers);
}

test.describe('the audience switch', () => {
  test('from a filter value DIY lacks: the DIY listing without it, and the reason', async ({ page }) => {
    await page.goto('/professional-filler/category/fillers/JOB__skimming');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Fillers');
    await expect(switchLink(page, 'part')).toHaveAttribute(
      'href',
      '/diy-filler/category/fillers?switched=filters',
    );
    await switchLink(page, 'part').click();
    await expect(page).toHaveURL(/\/diy-filler\/category\/fillers$/);
    await expect(page.getByRole('status').filter({ hasText: 'filters' })).toHaveText(
      'Some of your filters do not apply to DIY products, so they have been removed.',
    );
    await expect(page.locator('html')).toHaveAttribute('data-audience', 'part');
  });

  test('from a page number DIY lacks: its last page, and the reason', async ({ page }) => {
    let listing: { path: string; last: number; proLast: number } | undefined;
    for (const path of [
      '/category',
      '/category/fillers',
      '/category/plasters-and-skims',
      '/category/tools',
    ]) {
      const last = await lastPage(page, `/diy-filler${path}`);
      const proLast = await lastPage(page, `/professional-filler${path}`);
      if (proLast > last) listing = { path, last, proLast };
      if (listing) break;
    }
    if (!listing) throw new Error('no listing with more pro pages than DIY pages');
    await page.goto(`/professional-filler${listing.path}/_p__${listing.proLast}`);
    const target =
      listing.last > 1 ? `/diy-filler${listing.path}/_p__${listing.last}` : `/diy-filler${listing.path}`;
    await expect(switchLink(page, 'part')).toHaveAttribute('href', `${target}?switched=page`);
    await switchLink(page, 'part').click();
    await expect(page).toHaveURL(new RegExp(`${target}$`));
    await expect(page.getByRole('status').filter({ hasText: 'last page' })).toHaveText(
      'There are fewer DIY products in this list: here is its last page.',
    );
  });

  for (const [from, to] of [
    ['pro', 'part'],
    ['part', 'pro'],
  ] as const) {
    test(`from a ${from}-only product: the ${to} range of its main category, and the reason`, async ({
      page,
    }) => {
      const slug = await productOnlyIn(from);
      await page.goto(`/${SEGMENT[from]}/product/${slug}`);
      const href = (await switchLink(page, to).getAttribute('href')) ?? '';
      expect(href).toMatch(new RegExp(`^/${SEGMENT[to]}/category/[a-z0-9-]+\\?switched=product$`));
      await switchLink(page, to).click();
      await expect(page).toHaveURL(new RegExp(`${href.split('?')[0]}$`));
      const range = (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? '';
      const soldTo = from === 'pro' ? 'professionals' : 'DIY customers';
      const other = to === 'pro' ? 'professional' : 'DIY';
      await expect(page.getByRole('status').filter({ hasText: 'sold to' })).toHaveText(
        `This product is sold to ${soldTo} only: here is the ${other} range of ${range}.`,
      );
      // The reason is shown once: a reload of the landing page does not repeat it.
      await page.reload();
      await expect(page.getByRole('status').filter({ hasText: 'sold to' })).toHaveCount(0);
    });
  }

  test('never points at a URL that answers 404 or redirects (listings, products, every sitemap page)', async ({
    request,
  }) => {
    // Some 350 plain requests: on a loaded machine they take longer than a page test.
    test.setTimeout(120_000);
    const items = await urls();
    const products = (audience: Audience) =>
      items
        .filter((item) => item.entity_type === 'product' && item.exist_in.includes(PLAN[audience]))
        .slice(0, 4)
        .map((item) => `/${SEGMENT[audience]}/product/${item.slug}`);
    const pages = (audience: Audience) =>
      items
        .filter((item) => item.entity_type === 'page' && item.exist_in.includes(PLAN[audience]))
        .slice(0, 3)
        .map((item) => `/${SEGMENT[audience]}/${item.slug}`);
    const sample = (['pro', 'part'] as const).flatMap((audience) => [
      audience === 'pro' ? '/' : `/${SEGMENT[audience]}`,
      `/${SEGMENT[audience]}/category`,
      `/${SEGMENT[audience]}/category/fillers`,
      `/${SEGMENT[audience]}/category/fillers/_p__2`,
      `/${SEGMENT[audience]}/category/tools`,
      `/${SEGMENT[audience]}/category/fillers/JOB__skimming`,
      `/${SEGMENT[audience]}/category/fillers/JOB__skimming/_p__2`,
      `/${SEGMENT[audience]}/results/filler`,
      `/${SEGMENT[audience]}/results/filler/_p__3`,
      `/${SEGMENT[audience]}/news`,
      `/${SEGMENT[audience]}/frequently-asked-questions`,
      `/${SEGMENT[audience]}/careers`,
      `/${SEGMENT[audience]}/compare-products`,
      `/${SEGMENT[audience]}/choice-guide`,
      ...products(audience),
      ...pages(audience),
    ]);
    sample.push(
      `/professional-filler/product/${await productOnlyIn('pro')}`,
      `/diy-filler/product/${await productOnlyIn('part')}`,
      ...(await sitemapPaths(request)),
    );
    let checked = 0;
    for (const path of sample) {
      const response = await request.get(path, { maxRedirects: 0 });
      // Sample pages that do not exist in this build (a filter this audience lacks) have no switch to follow.
      if (response.status() !== 200) continue;
      const html = await response.text();
      const from: Audience = /data-audience="part"/.test(html) ? 'part' : 'pro';
      const to: Audience = from === 'pro' ? 'part' : 'pro';
      const href = switchHref(html, to);
      expect(href, path).toBeDefined();
      const target = await request.get(href ?? '', { maxRedirects: 0 });
      expect(target.status(), `${path} → ${href}`).toBe(200);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(100);
  });
});

test.describe('404 pages keep the audience of their URL', () => {
  for (const path of [
    '/diy-filler/no-such-page-here',
    '/diy-filler/product/no-such-product',
    '/diy-filler/category/fillers/JOB__no-such-job',
    '/diy-filler/news/no/such/article',
  ]) {
    test(path, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-audience', 'part');
      await expect(page.getByRole('main').getByRole('search')).toHaveAttribute(
        'action',
        '/diy-filler/results',
      );
      await expect(
        page.getByRole('main').getByRole('link', { name: 'Back to the home page' }),
      ).toHaveAttribute('href', '/diy-filler');
      await expect(switchLink(page, 'part')).toHaveAttribute('aria-current', 'true');
      await expect(switchLink(page, 'pro')).toHaveAttribute('href', '/');
    });
  }

  test('a missing pro page stays pro', async ({ page }) => {
    const response = await page.goto('/professional-filler/no-such-page-here');
    expect(response?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('data-audience', 'pro');
    await expect(page.getByRole('main').getByRole('search')).toHaveAttribute(
      'action',
      '/professional-filler/results',
    );
    await expect(switchLink(page, 'part')).toHaveAttribute('href', '/diy-filler');
  });
});

test.describe('selector-guide result URLs', () => {
  const json = '{"surface":"plaster"}';
  const canonical = Buffer.from(json).toString('base64url');

  test('other spellings of valid answers answer 301 to the canonical URL', async ({ request }) => {
    // Lowercase answers never give '+' or '/' in base64: src/lib/selector-guide.test.ts covers those spellings.
    const spaced = '{"surface": "plaster"}';
    const spellings = [
      Buffer.from(spaced).toString('base64'),
      Buffer.from(spaced).toString('base64url'),
      encodeURIComponent(Buffer.from(spaced).toString('base64')),
      Buffer.from('{\n  "surface": "plaster"\n}\n').toString('base64'),
      Buffer.from('{ "surface" : "plaster" }').toString('base64url'),
    ];
    expect(spellings[0]).toMatch(/==$/);
    for (const audience of ['pro', 'part'] as const) {
      const valid = await request.get(`/${SEGMENT[audience]}/choice-guide/${canonical}`, { maxRedirects: 0 });
      expect(valid.status()).toBe(200);
      for (const spelling of spellings) {
        const path = `/${SEGMENT[audience]}/choice-guide/${spelling}`;
        const response = await request.get(path, { maxRedirects: 0 });
        expect(response.status(), path).toBe(301);
        expect(response.headers().location, path).toBe(`/${SEGMENT[audience]}/choice-guide/${canonical}`);
      }
      const filtered = `/${SEGMENT[audience]}/choice-guide/${spellings[0]}/FORMAT__powder`;
      const response = await request.get(filtered, { maxRedirects: 0 });
      expect(response.status(), filtered).toBe(301);
      expect(response.headers().location).toBe(
        `/${SEGMENT[audience]}/choice-guide/${canonical}/FORMAT__powder`,
      );
    }
  });

  test('invalid answer sets are still a 404, never a 500', async ({ page }) => {
    for (const bad of [
      'not-base64!',
      `${canonical}==`,
      `${Buffer.from('{"surface": "plaster"}').toString('base64')}=`,
      Buffer.from('{"nope":"x"}').toString('base64'),
      Buffer.from('{"surface":"plaster"').toString('base64'),
      Buffer.from('["plaster"]').toString('base64'),
    ]) {
      const response = await page.goto(`/diy-filler/choice-guide/${encodeURIComponent(bad)}`);
      expect(response?.status(), bad).toBe(404);
      await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible();
    }
  });
});
