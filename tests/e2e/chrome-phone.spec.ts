/**
 * The site's chrome and tool pages as a plasterer on a phone and a buyer at a desk meet them (issue 12): header
 * tap targets of 44 px and a countries list that shows its sites, four mobile-toolbar tiles with icons,
 * breadcrumbs that start with Home (visible and JSON-LD) on the tool pages, the calculator inside a 390 px
 * screen, and ® in superscript in the islands (favourites, suggestions).
 * Run: npx playwright test tests/e2e/chrome-phone.spec.ts
 */
import { expect, test, type Page } from '@playwright/test';
import { e2e } from './support/harness.ts';

const SEGMENT = { pro: 'professional-filler', part: 'diy-filler' } as const;
const HOME = { pro: '/', part: '/diy-filler' } as const;
const PHONE_WIDTH = 390;
const TAP_TARGET = 44;

async function documentWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

/** A product of the plan whose name carries ®. */
async function registeredProduct(plan: number): Promise<{ id: number; name: string }> {
  const response = await fetch(
    `${e2e.backofficeURL}/api/v1/product?site_id=3&lang=en&saleplan_id=${plan}&perPage=100`,
  );
  const items = ((await response.json()) as { data: { items: { id: number; name: string }[] } }).data.items;
  const product = items.find((item) => item.name.includes('®'));
  if (!product) throw new Error(`no product named with ® in plan ${plan}`);
  return product;
}

test.describe('phone header', () => {
  test.skip(({ isMobile }) => !isMobile, 'the icon-only header is the phone layout');

  test('every top-bar and header control is a 44 px tap target and the page stays 390 px wide', async ({
    page,
  }) => {
    await page.goto(HOME.pro);
    const controls = page.locator(
      '.utility-bar a:visible, .utility-bar summary:visible, .main-bar a:visible, .main-bar button:visible',
    );
    const names: string[] = [];
    for (const control of await controls.all()) {
      const box = await control.boundingBox();
      const name = (await control.getAttribute('aria-label')) ?? (await control.innerText()).trim();
      names.push(name);
      expect(box?.width, `${name} width`).toBeGreaterThanOrEqual(TAP_TARGET);
      expect(box?.height, `${name} height`).toBeGreaterThanOrEqual(TAP_TARGET);
    }
    // The ones that were too small before: icons of the top bar, the account and basket buttons.
    for (const name of ['Contact', 'Where to buy', 'Plasterwick in other countries', 'Log in', 'Basket'])
      expect(
        names.some((shown) => shown.startsWith(name)),
        name,
      ).toBe(true);
    expect(await documentWidth(page)).toBeLessThanOrEqual(PHONE_WIDTH);
  });

  test('"Other countries" opens the list of the manufacturer\'s country sites', async ({ page }) => {
    await page.goto(HOME.part);
    await page.locator('.countries summary').click();
    const list = page.locator('.countries__list');
    await expect(list).toBeVisible();
    const links = list.getByRole('link');
    await expect(links).toHaveCount(10);
    await expect(links.first()).toHaveText('United Kingdom');
    await expect(links.first()).toHaveAttribute('aria-current', 'true');
    const france = list.getByRole('link', { name: 'France' });
    await expect(france).toBeVisible();
    await expect(france).toHaveAttribute('href', 'https://www.plasterwick.fr');
    const box = await france.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(TAP_TARGET);
    // The box stays on the screen.
    const listBox = await list.boundingBox();
    expect((listBox?.x ?? -1) >= 0 && (listBox?.x ?? 0) + (listBox?.width ?? 999) <= PHONE_WIDTH).toBe(true);
  });

  test('the four mobile-toolbar tiles each have an icon', async ({ page }) => {
    await page.goto(HOME.pro);
    const tiles = page.getByRole('navigation', { name: 'Shortcuts' }).getByRole('link');
    await expect(tiles).toHaveCount(4);
    for (const tile of await tiles.all()) {
      const icon = await tile.locator('svg').boundingBox();
      expect(icon?.width, await tile.innerText()).toBeGreaterThanOrEqual(16);
      const box = await tile.boundingBox();
      expect(box?.height).toBeGreaterThanOrEqual(TAP_TARGET);
    }
  });
});

test.describe('quantity calculator on a phone', () => {
  test.skip(({ isMobile }) => !isMobile, 'it overflowed a 390 px screen');

  test('the form and its Calculate button fit the screen', async ({ page }) => {
    await page.goto(`/${SEGMENT.pro}/quantity-calculator`);
    expect(await documentWidth(page)).toBeLessThanOrEqual(PHONE_WIDTH);
    for (const control of [
      page.getByRole('button', { name: 'Calculate' }),
      page.getByRole('combobox', { name: 'Product', exact: true }),
    ]) {
      const box = await control.boundingBox();
      expect(box?.x).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? 999)).toBeLessThanOrEqual(PHONE_WIDTH);
    }
    await page.getByRole('radio', { name: 'Wall by wall' }).check();
    expect(await documentWidth(page)).toBeLessThanOrEqual(PHONE_WIDTH);
  });
});

for (const audience of ['pro', 'part'] as const) {
  test.describe(`${audience} tool pages`, () => {
    for (const [page, title] of [
      ['compare-products', 'Compare products'],
      ['favorites', 'My favourites'],
      ['quantity-calculator', 'Quantity calculator'],
      ['where-to-find-our-products', 'Where to find our products'],
      ['choice-guide', 'Find the right filler'],
    ] as const)
      test(`${page}: the breadcrumb starts with Home, visible and in JSON-LD`, async ({ page: browser }) => {
        await browser.goto(`/${SEGMENT[audience]}/${page}`);
        const crumbs = browser.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem');
        await expect(crumbs).toHaveCount(2);
        const home = crumbs.first().getByRole('link', { name: 'Home' });
        await expect(home).toBeVisible();
        await expect(home).toHaveAttribute('href', HOME[audience]);
        await expect(crumbs.last()).toHaveText(new RegExp(title));
        const blocks = (await browser.locator('script[type="application/ld+json"]').allTextContents()).map(
          (text) => JSON.parse(text) as { '@type': string; itemListElement?: unknown[] },
        );
        const list = blocks.find((block) => block['@type'] === 'BreadcrumbList');
        expect(list?.itemListElement?.[0]).toMatchObject({
          position: 1,
          name: 'Home',
          item: expect.stringMatching(new RegExp(`${HOME[audience].replace(/\/$/, '')}/?$`)),
        });
        expect(list?.itemListElement).toHaveLength(2);
      });

    test('favourites show ® in superscript and the price with its VAT basis', async ({ page }) => {
      const product = await registeredProduct(audience === 'pro' ? 1 : 2);
      await page.goto(`/${SEGMENT[audience]}/favorites`);
      await page.evaluate(
        (id) => localStorage.setItem('plasterwick:favorites', JSON.stringify([id])),
        product.id,
      );
      await page.reload();
      const card = page.locator('.favourites-list > li');
      await expect(card.getByRole('heading')).toHaveText(product.name);
      await expect(card.getByRole('heading').locator('sup')).toHaveText('®');
      await expect(card.locator('.price')).toHaveText(
        audience === 'pro' ? /^\d+,\d{2} £ ex VAT \(\d+,\d{2} £ inc VAT\)$/ : /^\d+,\d{2} £ inc VAT$/,
      );
    });

    test('search suggestions show ® in superscript', async ({ page }) => {
      await page.goto(`/${SEGMENT[audience]}/news`);
      await page.getByRole('combobox', { name: 'Search products' }).fill('multi-fill');
      const option = page
        .getByRole('listbox', { name: 'Search suggestions' })
        .getByRole('option', { name: /Multi-Fill®/ })
        .first();
      await expect(option).toBeVisible();
      await expect(option.locator('sup')).toHaveText('®');
    });
  });
}
