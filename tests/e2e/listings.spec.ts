/**
 * Listings (issue 12): the filter drawer on phones and the sidebar on desktop, `?sort=` on on-demand listings,
 * the Categories facet of a category page, the chip of a custom price range, and search suggestion totals that
 * equal the results page's. Both projects (desktop 1280×800, mobile 390×844) unless a test names its viewport.
 * Run: npx playwright test tests/e2e/listings.spec.ts
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yIssues } from './support/axe.ts';
import { e2e } from './support/harness.ts';

const FILLERS = '/professional-filler/category/fillers';
const TOOLS = '/professional-filler/category/tools';
const PRO_PLAN = 1;
const FILLERS_ID = 1;

function cardNames(page: Page): Locator {
  return page.getByRole('main').locator('.product-card').getByRole('heading', { level: 2 });
}

/** "18 products" above the grid. */
function listingCount(page: Page): Locator {
  return page.getByRole('status').filter({ hasText: /^\d+ products?$/ });
}

function filtersDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Filter products' });
}

/** The facets: a sidebar on desktop; on phones and tablets the drawer, opened with the "Filter" button. */
async function openFilters(page: Page, isMobile: boolean): Promise<Locator> {
  if (isMobile) await page.getByRole('button', { name: /^Filter/ }).click();
  const facets = page.locator('.facets');
  await expect(facets.getByRole('heading', { name: 'Filter products' })).toBeVisible();
  return facets;
}

/** Product names of the fillers category in a back-office order (the source of truth of each sort). */
async function backofficeOrder(orderBy: string): Promise<string[]> {
  const query = new URLSearchParams({
    saleplan_id: String(PRO_PLAN),
    site_id: '3',
    categories: String(FILLERS_ID),
    orderBy,
    perPage: '12',
  });
  const response = await fetch(`${e2e.backofficeURL}/api/v1/product?${query}`);
  return ((await response.json()) as { data: { items: { name: string }[] } }).data.items.map((p) => p.name);
}

async function canonical(page: Page): Promise<string | null> {
  return page.locator('link[rel="canonical"]').getAttribute('href');
}

test.describe('filters on phones and tablets', () => {
  test.skip(({ isMobile }) => !isMobile, 'the drawer is the phone layout');

  test('the first product card starts within 1.5 screen heights of a 390×844 category page', async ({
    page,
  }) => {
    await page.goto(FILLERS);
    const top = await page
      .getByRole('main')
      .locator('.product-card')
      .first()
      .evaluate((card) => card.getBoundingClientRect().top + window.scrollY);
    expect(top).toBeLessThanOrEqual(844 * 1.5);
  });

  test('a "Filter" button opens the drawer, which counts active filters and shows N products', async ({
    page,
  }) => {
    await page.goto(FILLERS);
    await expect(filtersDialog(page)).toBeHidden();
    const filter = page.getByRole('button', { name: 'Filter', exact: true });
    await expect(filter).toBeVisible();
    await filter.click();
    const drawer = filtersDialog(page);
    await expect(drawer).toBeVisible();
    const box = await drawer.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    await expectNoSeriousA11yIssues(page);

    // A filter link followed from the drawer: the filtered listing opens with the drawer again.
    const firstOption = drawer.locator('section.facet').nth(1).getByRole('link').first();
    await firstOption.click();
    await expect(page).toHaveURL(/\/category\/fillers\/[A-Z_]+__/);
    await expect(drawer).toBeVisible();
    const total = Number((await listingCount(page).innerText()).split(' ')[0]);
    const show = drawer.getByRole('button', { name: `Show ${total} product${total === 1 ? '' : 's'}` });
    await expect(show).toBeVisible();
    await show.click();
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('button', { name: 'Filter 1 filter active' })).toBeVisible();
    await expect(cardNames(page)).toHaveCount(Math.min(total, 12));
  });
});

test.describe('filters on phones without JavaScript', () => {
  test.skip(({ isMobile }) => !isMobile, 'the drawer is the phone layout');
  test.use({ javaScriptEnabled: false });

  test('the Filter button still opens and closes the drawer (HTML invoker commands)', async ({ page }) => {
    await page.goto(FILLERS);
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await expect(filtersDialog(page)).toBeVisible();
    await filtersDialog(page).getByRole('button', { name: 'Close the filters' }).click();
    await expect(filtersDialog(page)).toBeHidden();
  });
});

test('on desktop the filters are a sidebar beside the products, without a Filter button', async ({
  page,
  isMobile,
}) => {
  test.skip(isMobile, 'the sidebar is the desktop layout');
  await page.goto(FILLERS);
  await expect(page.getByRole('heading', { name: 'Filter products' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Filter/ })).toBeHidden();
  const sidebar = await page.locator('.facets').boundingBox();
  const firstCard = await page.getByRole('main').locator('.product-card').first().boundingBox();
  expect(sidebar!.x + sidebar!.width).toBeLessThanOrEqual(firstCard!.x);
  expect(firstCard!.y).toBeLessThan(800);
});

test('sorting: the static page links to ?sort= pages rendered on demand; canonical ignores it, links keep it', async ({
  page,
}) => {
  await page.goto(FILLERS);
  await expect(cardNames(page)).toHaveText(await backofficeOrder('relevance'));
  await page.getByText('Sort: Relevance').click();
  await page.getByRole('link', { name: 'Price (low to high)' }).click();
  await expect(page).toHaveURL(`${FILLERS}?sort=price-asc`);
  await expect(cardNames(page)).toHaveText(await backofficeOrder('price_asc'));
  await expect(page.getByText('Sort: Price (low to high)')).toBeVisible();
  expect(await canonical(page)).toMatch(/\/professional-filler\/category\/fillers$/);
  await expect(page.getByRole('link', { name: 'Go to page 2' })).toHaveAttribute(
    'href',
    `${FILLERS}/_p__2?sort=price-asc`,
  );
  for (const href of await page
    .locator('.facet__link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href'))))
    expect(href).toMatch(/\?sort=price-asc$/);

  await page.goto(`${FILLERS}?sort=price-desc`);
  await expect(cardNames(page)).toHaveText(await backofficeOrder('price_desc'));
  await page.goto(`${FILLERS}/_p__2?sort=name`);
  const names = await cardNames(page).allInnerTexts();
  expect(names).toEqual(names.toSorted((a, b) => a.localeCompare(b, 'en-GB', { sensitivity: 'base' })));
});

test('an unknown sort value is relevance, never an error, on every on-demand listing', async ({ page }) => {
  for (const url of [
    `${FILLERS}?sort=bogus`,
    `${FILLERS}/_p__2?sort=%3Cscript%3E`,
    '/professional-filler/results/filler?sort=price_up',
    '/diy-filler/category/tools?sort=PRICE-ASC',
  ]) {
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(200);
  }
  await page.goto(`${FILLERS}?sort=bogus`);
  await expect(cardNames(page)).toHaveText(await backofficeOrder('relevance'));
});

test('search results sort by name and keep the sort in their pagination and facet links', async ({
  page,
}) => {
  await page.goto('/professional-filler/results/filler?sort=name');
  const names = await cardNames(page).allInnerTexts();
  expect(names.length).toBeGreaterThan(1);
  expect(names).toEqual(names.toSorted((a, b) => a.localeCompare(b, 'en-GB', { sensitivity: 'base' })));
  for (const href of await page
    .locator('.facet__link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href'))))
    expect(href).toMatch(/^\/professional-filler\/results\/filler\/[A-Z_]+__[^?]+\?sort=name$/);
});

test('selector-guide results sort by price, high to low, as the back-office does', async ({ page }) => {
  const answers = { surface: 'plaster' };
  const encoded = Buffer.from(JSON.stringify(answers)).toString('base64url');
  await page.goto(`/professional-filler/choice-guide/${encoded}?sort=price-desc`);
  const query = new URLSearchParams({
    saleplan_id: String(PRO_PLAN),
    site_id: '3',
    caracteristics: JSON.stringify(answers),
    orderBy: 'price_desc',
    perPage: '12',
  });
  const response = await fetch(`${e2e.backofficeURL}/api/v1/product?${query}`);
  const expected = ((await response.json()) as { data: { items: { name: string }[] } }).data.items;
  expect(expected.length).toBeGreaterThan(1);
  await expect(cardNames(page)).toHaveText(expected.map((product) => product.name));
  await expect(page.getByText('Sort: Price (high to low)')).toBeVisible();
});

test('the Categories facet of a category page lists its sub-categories with counts within it', async ({
  page,
  isMobile,
}) => {
  await page.goto(TOOLS);
  await expect(listingCount(page)).toHaveText('5 products');
  const facets = await openFilters(page, isMobile);
  const categories = facets
    .locator('section.facet')
    .filter({ has: page.getByRole('heading', { name: 'Categories' }) });
  await expect(categories.getByRole('link')).toHaveText([
    /^Filling knives and trowels\s*\(3\)$/,
    /^Sanding\s*\(2\)$/,
  ]);
  await expect(facets.getByRole('link', { name: /^Fillers/ })).toHaveCount(0);
});

test('a custom price range shows a chip that removes it', async ({ page, isMobile }) => {
  await page.goto(`${FILLERS}/PRICE__3-5__10`);
  const facets = await openFilters(page, isMobile);
  const chip = facets.getByRole('link', { name: 'Remove filter Price: 3,50 £ – 10 £' });
  await expect(chip).toBeVisible();
  await chip.click();
  await expect(page).toHaveURL(FILLERS);
});

test('the suggestions total of products equals the results page total for the same text', async ({
  page,
}) => {
  for (const text of ['fil', 'filler', 'filer']) {
    await page.goto('/professional-filler');
    const field = page.getByRole('combobox', { name: 'Search products' });
    await field.fill(text);
    const products = page.getByRole('listbox', { name: 'Search suggestions' }).getByRole('group').nth(0);
    const totalText = await products.locator('.suggest-total').innerText();
    const suggested = Number(/(\d+) in total/.exec(totalText)?.[1]);
    await page.goto(`/professional-filler/results/${text}`);
    await expect(page.getByText(/\d+ products? found/)).toHaveText(
      `${suggested} product${suggested === 1 ? '' : 's'} found`,
    );
  }
});

test('pages reuse the rendered header, menus and footer, yet each keeps its own search text, switch and current link', async ({
  page,
  isMobile,
}) => {
  test.skip(isMobile, 'the same HTML on every viewport');
  // On-demand pages one after the other: the reused parts must not carry the first page's term or switch target.
  for (const term of ['filler', 'plaster']) {
    await page.goto(`/professional-filler/results/${term}`);
    await expect(page.getByRole('combobox', { name: 'Search products' })).toHaveValue(term);
    await expect(
      page.getByRole('navigation', { name: 'Choose your profile' }).getByRole('link', { name: 'DIY' }),
    ).toHaveAttribute('href', `/diy-filler/results/${term}`);
    await expect(page.locator('.main-nav [aria-current="page"]')).toHaveCount(0);
    await expect(page.getByRole('contentinfo').getByRole('navigation').first()).toBeAttached();
  }
  // Built pages in the menu: each marks its own link, and only its own.
  for (const slug of ['fillers', 'jointing']) {
    await page.goto(`/professional-filler/category/${slug}`);
    const current = page.locator('.main-nav [aria-current="page"]');
    await expect(current).toHaveCount(1);
    await expect(current).toHaveAttribute('href', `/professional-filler/category/${slug}`);
  }
});
