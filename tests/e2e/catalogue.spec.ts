/**
 * Catalogue pages of both audiences against the production build: home, category (static, page segment and
 * filtered on demand), product (JSON-LD, canonical, variant preselection), search results, selector-guide results,
 * preview and the error pages, each swept with axe.
 * Run: npx playwright test tests/e2e/catalogue.spec.ts
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yIssues } from './support/axe.ts';
import { e2e } from './support/harness.ts';

interface UrlItem {
  entity_type: string;
  slug: string;
  exist_in: number[];
}

const SEGMENT = { pro: 'professional-filler', part: 'diy-filler' } as const;
const PLAN = { pro: 1, part: 2 } as const;

async function urls(): Promise<UrlItem[]> {
  const response = await fetch(`${e2e.backofficeURL}/api/v1/url?site_id=3`);
  return ((await response.json()) as { data: { items: UrlItem[] } }).data.items;
}

async function productIn(plans: number[]): Promise<string> {
  const match = (await urls()).find(
    (item) =>
      item.entity_type === 'product' &&
      item.exist_in.length === plans.length &&
      plans.every((plan) => item.exist_in.includes(plan)),
  );
  if (!match) throw new Error(`no product in plans ${plans.join(',')}`);
  return match.slug;
}

async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as Record<string, unknown>);
}

/** On phones and tablets the facets are in a drawer behind the "Filter" button. */
async function openFilterDrawer(page: Page, isMobile: boolean): Promise<void> {
  if (isMobile) await page.getByRole('button', { name: /^Filter/ }).click();
}

async function canonical(page: Page): Promise<string | null> {
  return page.locator('link[rel="canonical"]').getAttribute('href');
}

for (const audience of ['pro', 'part'] as const) {
  const home = audience === 'pro' ? '/' : `/${SEGMENT[audience]}`;

  test.describe(`${audience} catalogue`, () => {
    test('home shows the audience heading, promoted products and the guide entry, without breadcrumb', async ({
      page,
    }) => {
      await page.goto(home);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const promoted = page
        .getByRole('region', { name: 'Our best sellers' })
        .or(page.locator('section[aria-labelledby="home-promoted"]'));
      const cards = promoted.locator('.product-card');
      expect(await cards.count()).toBeGreaterThan(0);
      expect(await cards.count()).toBeLessThanOrEqual(5);
      await expect(page.locator('main [data-open-selector-guide]').first()).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveCount(0);
      expect(await canonical(page)).toBe(`${e2e.baseURL}/`);
      await expectNoSeriousA11yIssues(page);
    });

    test('category page lists products with facets that lead to filtered URLs', async ({
      page,
      isMobile,
    }) => {
      await page.goto(`/${SEGMENT[audience]}/category/fillers`);
      await expect(page.getByRole('heading', { level: 1, name: 'Fillers' })).toBeVisible();
      const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem');
      await expect(crumbs.nth(0)).toHaveText('Home');
      await expect(crumbs.nth(1)).toHaveText('Our fillers');
      expect(await canonical(page)).toBe(`${e2e.baseURL}/professional-filler/category/fillers`);
      const totalText = await page.locator('.listing__count').textContent();
      const total = Number(totalText?.match(/\d+/)?.[0]);
      expect(total).toBeGreaterThan(0);
      await expectNoSeriousA11yIssues(page);

      await openFilterDrawer(page, isMobile);
      const facet = page.locator('a.facet__link[data-facet="format"]').first();
      const href = await facet.getAttribute('href');
      expect(href).toMatch(new RegExp(`^/${SEGMENT[audience]}/category/fillers/FORMAT__[a-z0-9_-]+$`));
      await facet.click();
      await expect(page).toHaveURL(new RegExp(`/category/fillers/FORMAT__`));
      await expect(page.locator('a.facet__link.is-selected[data-facet="format"]')).toHaveCount(1);
      const filteredTotal = Number((await page.locator('.listing__count').textContent())?.match(/\d+/)?.[0]);
      expect(filteredTotal).toBeGreaterThan(0);
      expect(filteredTotal).toBeLessThanOrEqual(total);
      // Spec §2: the canonical drops the filter segments (and points at the pro URL).
      expect(await canonical(page)).toBe(`${e2e.baseURL}/professional-filler/category/fillers`);
      await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    });

    test('page segments paginate the catalogue and unknown filters are 404', async ({ page }) => {
      await page.goto(`/${SEGMENT[audience]}/category`);
      const next = page.getByRole('link', { name: 'Next page' });
      await expect(next).toHaveAttribute('href', `/${SEGMENT[audience]}/category/_p__2`);
      await next.click();
      await expect(page).toHaveURL(new RegExp(`/category/_p__2$`));
      await expect(page.locator('.pagination [aria-current="page"]')).toContainText('2');
      const response = await page.goto(`/${SEGMENT[audience]}/category/fillers/NOPE__x`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible();
    });

    test('product page: breadcrumb, JSON-LD, canonical, pack sizes and the #reference preselection', async ({
      page,
    }) => {
      const slug = await productIn([PLAN.pro, PLAN.part]);
      await page.goto(`/${SEGMENT[audience]}/product/${slug}`);
      const h1 = page.getByRole('heading', { level: 1 });
      await expect(h1).toBeVisible();
      expect(await canonical(page)).toBe(`${e2e.baseURL}/professional-filler/product/${slug}`);

      const blocks = await jsonLd(page);
      const product = blocks.find((block) => block['@type'] === 'Product') as
        | { name: string; sku: string; offers: { price: string; priceCurrency: string; sku: string }[] }
        | undefined;
      expect(product?.name).toBeTruthy();
      expect(product?.offers.length).toBeGreaterThan(0);
      expect(product?.offers[0]?.priceCurrency).toBe('GBP');
      expect(product?.offers[0]?.price).toMatch(/^\d+\.\d{2}$/);
      const breadcrumb = blocks.find((block) => block['@type'] === 'BreadcrumbList') as
        { itemListElement: { name: string; position: number; item: string }[] } | undefined;
      expect(breadcrumb?.itemListElement[0]).toMatchObject({ position: 1, name: 'Home' });
      expect(breadcrumb?.itemListElement[1]).toMatchObject({ position: 2, name: 'Our fillers' });
      expect(breadcrumb?.itemListElement.at(-1)?.name).toBe(product?.name);

      // Prices in the spec format: comma decimals and the pound sign after the amount.
      await expect(page.locator('.variants .price__main').first()).toHaveText(/^\d+(,\d{2})? £$/);
      if (audience === 'pro')
        await expect(page.locator('.variants .price__secondary').first()).toContainText('inc VAT');
      else await expect(page.locator('.variants .price__secondary')).toHaveCount(0);

      const radios = page.getByRole('radio');
      const count = await radios.count();
      expect(count).toBeGreaterThan(0);
      const last = await radios.nth(count - 1).getAttribute('value');
      await page.goto(`/${SEGMENT[audience]}/product/${slug}#${last}`);
      await expect(page.locator(`input[name="variant"][value="${last}"]`)).toBeChecked();
      await expectNoSeriousA11yIssues(page);
    });

    test('search results come from the back-office with pagination-ready facets', async ({
      page,
      isMobile,
    }) => {
      await page.goto(home);
      // The suggestions island turns the header's search field into a combobox.
      const search = page
        .getByRole('combobox', { name: 'Search products' })
        .or(page.getByRole('searchbox', { name: 'Search products' }))
        .first();
      await search.fill('filler');
      await search.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/${SEGMENT[audience]}/results/filler$`));
      await expect(page.getByRole('heading', { level: 1 })).toContainText('filler');
      expect(await page.locator('.product-card').count()).toBeGreaterThan(0);
      expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
      await expectNoSeriousA11yIssues(page);

      // Facets: links to filter segments under the results URL, on page 1 (no page segment), that narrow it.
      const countOf = async () =>
        Number((await page.locator('.results__count').textContent())?.match(/\d+/)?.[0]);
      const total = await countOf();
      expect(total).toBeGreaterThan(0);
      const links = page.locator('a.facet__link');
      expect(await links.count()).toBeGreaterThan(0);
      const filterSegment = '[A-Z][A-Z0-9_]*(?:__[a-z0-9_-]+)+';
      for (const link of await links.all())
        expect(await link.getAttribute('href')).toMatch(
          new RegExp(`^/${SEGMENT[audience]}/results/filler/${filterSegment}$`),
        );
      await openFilterDrawer(page, isMobile);
      const facet = page.locator('a.facet__link[data-facet="format"]').first();
      const href = (await facet.getAttribute('href')) ?? '';
      await facet.click();
      await expect(page).toHaveURL(new RegExp(`${href}$`));
      await expect(page.locator('a.facet__link.is-selected[data-facet="format"]')).toHaveCount(1);
      const filtered = await countOf();
      expect(filtered).toBeGreaterThan(0);
      expect(filtered).toBeLessThanOrEqual(total);
      await expect(page.locator('.facets__active a')).not.toHaveCount(0);

      await page.goto(`/${SEGMENT[audience]}/results/zzzqqqxxx`);
      await expect(page.getByText('No products found for “zzzqqqxxx”')).toBeVisible();
    });

    test('choice-guide results explain the match; malformed answers are a 404', async ({ page }) => {
      const encoded = Buffer.from(JSON.stringify({ surface: 'plaster' })).toString('base64url');
      const response = await page.goto(`/${SEGMENT[audience]}/choice-guide/${encoded}`);
      expect(response?.status()).toBe(200);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Products recommended for you' }),
      ).toBeVisible();
      const guide = await fetch(
        `${e2e.backofficeURL}/api/v1/filters-products?site_id=3&saleplan_id=${PLAN[audience]}&guide_de_choix=1`,
      );
      const questions = (
        (await guide.json()) as { data: { items: { technical_name: string; label: string }[] } }
      ).data.items;
      const surface = questions.find((question) => question.technical_name === 'surface');
      await expect(page.locator('.product-card__note').first()).toContainText(`${surface?.label}: `);
      await expectNoSeriousA11yIssues(page);

      for (const bad of ['not-base64!', `${encoded}==`, Buffer.from('{"nope":"x"}').toString('base64url')]) {
        const answer = await page.goto(`/${SEGMENT[audience]}/choice-guide/${encodeURIComponent(bad)}`);
        expect(answer?.status(), bad).toBe(404);
        await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible();
      }
    });
  });
}

test('a product of one plan only has its own canonical and no page in the other audience', async ({
  page,
}) => {
  const slug = await productIn([PLAN.part]);
  await page.goto(`/diy-filler/product/${slug}`);
  expect(await canonical(page)).toBe(`${e2e.baseURL}/diy-filler/product/${slug}`);
  const response = await page.request.get(`/professional-filler/product/${slug}`, { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers().location).toContain(`/diy-filler/product/${slug}`);
});

test('the error pages carry the spec texts and a link home', async ({ page }) => {
  const notFound = await page.goto('/professional-filler/no-such-page-here');
  expect(notFound?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible();
  await expect(page.getByText('This page has moved or no longer exists.')).toBeVisible();
  await expect(page.getByRole('main').getByRole('searchbox')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Back to the home page' })).toBeVisible();
  await expectNoSeriousA11yIssues(page);

  const unauthorised = await page.goto('/preview/1');
  expect(unauthorised?.status()).toBe(401);
  await expect(page.getByText('You are not authorised to see this page, please log in.')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Back to the home page' })).toBeVisible();

  const wrongToken = await page.goto('/preview/1?token=wrong');
  expect(wrongToken?.status()).toBe(401);

  const notNumeric = await page.goto('/preview/abc?token=x');
  expect(notNumeric?.status()).toBe(404);

  // Error pages are not routes (`/500` is an un-segmented path → 301): the built page is the file the server sends.
  await page.goto('/500.html');
  await expect(page.getByRole('heading', { name: 'An error occurred' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Back to the home page' })).toBeVisible();
});

test('preview renders a CMS page with the right token, never indexed', async ({ page }) => {
  const pages = await fetch(`${e2e.backofficeURL}/api/v1/page?site_id=3&type=cms&perPage=1`);
  const first = ((await pages.json()) as { data: { items: { id: number; title: string }[] } }).data.items[0];
  expect(first).toBeDefined();
  // The harness's back-office runs with the default development token.
  const response = await page.goto(`/preview/${first!.id}?token=${e2e.secrets.PREVIEW_TOKEN}`);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['x-robots-tag']).toContain('noindex');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(first!.title);
  await expect(page.getByRole('note')).toContainText('Preview');
  expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
});
