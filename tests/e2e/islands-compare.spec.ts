/**
 * Compare and favourites (spec §3, §4, §8, §9) on the production build, both audiences, desktop and mobile:
 * limits per device class with their messages, toggling, badges, session persistence, the compare page's aligned
 * rows and differences, reset on audience switch, the automatic plan switch; favourites toggles, the header heart,
 * localStorage parsing and the favourites page with current back-office data.
 * Run: npx playwright test tests/e2e/islands-compare.spec.ts
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yIssues } from './support/axe.ts';
import { e2e } from './support/harness.ts';

const SEGMENT = { pro: 'professional-filler', part: 'diy-filler' } as const;
const FAVOURITES_KEY = 'plasterwick:favorites';

interface UrlItem {
  entity_type: string;
  id: number;
  slug: string;
  exist_in: number[];
}

async function productOnlyIn(plan: number): Promise<UrlItem> {
  const response = await fetch(`${e2e.backofficeURL}/api/v1/url?site_id=3`);
  const items = ((await response.json()) as { data: { items: UrlItem[] } }).data.items;
  const match = items.find(
    (item) => item.entity_type === 'product' && item.exist_in.length === 1 && item.exist_in[0] === plan,
  );
  if (!match) throw new Error(`no product only in plan ${plan}`);
  return match;
}

function cards(page: Page): Locator {
  return page.locator('main .product-card');
}

function compareButton(card: Locator): Locator {
  return card.getByRole('button', { name: /^Compare\b/ });
}

function favouriteButton(card: Locator): Locator {
  return card.getByRole('button', { name: /as a favourite$/ });
}

/** The count badge readers see: the header's on desktop, the toolbar's on mobile. */
function compareBadge(page: Page, isMobile: boolean): Locator {
  return isMobile
    ? page.getByRole('navigation', { name: 'Shortcuts' }).locator('[data-compare-count]')
    : page.locator('.site-header [data-compare-count]');
}

async function storeFavourites(page: Page, raw: string) {
  await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
    key: FAVOURITES_KEY,
    value: raw,
  });
}

async function cardName(card: Locator): Promise<string> {
  return ((await card.locator('.product-card__name').textContent()) ?? '').trim();
}

const DIFFERS_DESCRIPTION = 'The values differ between these products';

/**
 * The compare page reads like a trade comparison: differences highlighted and described (the row's name stays
 * the characteristic's), units on values, the audience's VAT basis on prices, ® in superscript, product headers
 * pinned while reading down; on a phone the page stays 390 px wide and the table area swipes product by product.
 */
async function expectReadableComparison(
  page: Page,
  audience: 'pro' | 'part',
  isMobile: boolean,
  names: string[],
) {
  const table = page.getByRole('table');
  const differing = table.locator('tbody tr[data-differs="true"]').first();
  // The reference row is the same kind of row, never highlighted.
  const same = table
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'Reference', exact: true }) });
  await expect(differing.getByRole('rowheader')).not.toContainText('Differs');
  await expect(differing.getByRole('rowheader')).toHaveAccessibleDescription(DIFFERS_DESCRIPTION);
  await expect(same.getByRole('rowheader')).toHaveAccessibleDescription('');
  const background = (row: Locator) =>
    row
      .locator('td')
      .first()
      .evaluate((cell) => getComputedStyle(cell).backgroundColor);
  expect(await background(differing)).not.toBe(await background(same));
  await expect(page.getByText('Highlighted rows: the values differ between these products.')).toBeVisible();

  // Units as on the product page: "3 h", "20 mm".
  const drying = table
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'Drying time', exact: true }) });
  for (const cell of await drying.locator('td').all()) await expect(cell).toHaveText(/^\d+(,\d+)? h$/);
  const thickness = table
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'Maximum thickness' }) });
  await expect(thickness.locator('td').first()).toHaveText(/^\d+ mm$/);

  // Prices carry their VAT basis: trade ex VAT first with inc VAT beside, DIY inc VAT only.
  const prices = table
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'Price' }) })
    .locator('td');
  for (const cell of await prices.all())
    await expect(cell).toHaveText(
      audience === 'pro' ? /^\d+,\d{2} £ ex VAT \(\d+,\d{2} £ inc VAT\)$/ : /^\d+,\d{2} £ inc VAT$/,
    );

  // ® in superscript in the product headers.
  const headers = table.locator('thead th');
  const registered = names.flatMap((name, index) => (name.includes('®') ? [index] : []));
  expect(registered.length, 'a compared product has ® in its name').toBeGreaterThan(0);
  for (const index of registered) await expect(headers.nth(index).locator('sup')).toHaveText('®');

  const region = page.getByRole('region', { name: 'Compared products' });
  if (!isMobile) {
    // Reading down a long table, the product headers stay at the top of the window.
    await table.evaluate((element) =>
      window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY + 250),
    );
    const top = (await headers.first().boundingBox())?.y ?? -1;
    expect(Math.abs(top)).toBeLessThanOrEqual(1);
    return;
  }
  // The page does not scroll sideways; the toolbar stays on screen; the table area does scroll, snapping to products.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const clear = await page.getByRole('button', { name: 'Clear the comparison' }).boundingBox();
  expect((clear?.x ?? 0) + (clear?.width ?? 999)).toBeLessThanOrEqual(390);
  expect(await region.evaluate((element) => getComputedStyle(element).scrollSnapType)).toBe('x mandatory');
  expect(await region.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  await expect(page.getByText('Swipe the table sideways to see every product.')).toBeVisible();
  // A short swipe lands on the next product: its header starts where the pinned row names end.
  const labels = await table.getByRole('rowheader', { name: 'Reference' }).boundingBox();
  const second = headers.nth(1);
  await region.evaluate((element) => element.scrollBy({ left: 60 }));
  await expect
    .poll(async () =>
      Math.round(((await second.boundingBox())?.x ?? 0) - ((labels?.x ?? 0) + (labels?.width ?? 0))),
    )
    .toBeLessThanOrEqual(1);
  expect(Math.round((await table.getByRole('rowheader', { name: 'Reference' }).boundingBox())?.x ?? -1)).toBe(
    Math.round(labels?.x ?? 0),
  );
  // Reading down inside the table area, the product headers stay at its top.
  const regionBox = await region.boundingBox();
  await region.evaluate((element) => element.scrollBy({ top: 400 }));
  expect(await region.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
  await expect
    .poll(async () => Math.round(((await headers.first().boundingBox())?.y ?? 0) - (regionBox?.y ?? 0)))
    .toBeLessThanOrEqual(1);
}

for (const audience of ['pro', 'part'] as const) {
  const listing = `/${SEGMENT[audience]}/category/fillers`;

  test.describe(`${audience} compare`, () => {
    test('limit per device with its message, toggling, badge, reload keeps the list, compare page aligns rows', async ({
      page,
      isMobile,
    }) => {
      const limit = isMobile ? 3 : 5;
      await page.goto(listing);
      expect(await cards(page).count()).toBeGreaterThan(limit);
      const names: string[] = [];
      for (let index = 0; index < limit; index++) {
        const card = cards(page).nth(index);
        await compareButton(card).click();
        await expect(compareButton(card)).toHaveAttribute('aria-pressed', 'true');
        names.push(await cardName(card));
      }
      await expect(compareBadge(page, isMobile)).toHaveText(String(limit));
      await expect(
        page.getByRole('status').filter({ hasText: 'Added to the comparison' }).first(),
      ).toBeVisible();

      // One more is refused with the device's message, as a danger toast.
      const extra = cards(page).nth(limit);
      await compareButton(extra).click();
      const refusal = page.getByRole('alert').filter({ hasText: `Only ${limit} products can be compared` });
      await expect(refusal).toBeVisible();
      await expect(compareButton(extra)).toHaveAttribute('aria-pressed', 'false');
      // Toasts last 3 s.
      await expect(refusal).toHaveCount(0, { timeout: 4_500 });

      // Adding one already there removes it.
      await compareButton(cards(page).nth(0)).click();
      await expect(compareButton(cards(page).nth(0))).toHaveAttribute('aria-pressed', 'false');
      await expect(compareBadge(page, isMobile)).toHaveText(String(limit - 1));
      names.shift();

      // sessionStorage keeps it through a reload in the tab.
      await page.reload();
      await expect(compareBadge(page, isMobile)).toHaveText(String(limit - 1));
      await expect(compareButton(cards(page).nth(1))).toHaveAttribute('aria-pressed', 'true');

      await page.goto(`/${SEGMENT[audience]}/compare-products`);
      const table = page.getByRole('table');
      await expect(table).toBeVisible();
      const headers = table.locator('thead th');
      await expect(headers).toHaveCount(limit - 1);
      for (const [index, name] of names.entries()) await expect(headers.nth(index)).toContainText(name);
      // Every characteristic row has one cell per product: rows are aligned.
      const rows = table.locator('tbody tr');
      expect(await rows.count()).toBeGreaterThan(3);
      for (const row of await rows.all()) await expect(row.locator('td')).toHaveCount(limit - 1);
      const differing = table.locator('tbody tr[data-differs="true"]');
      expect(await differing.count()).toBeGreaterThan(0);
      await expectReadableComparison(page, audience, isMobile, names);
      await expectNoSeriousA11yIssues(page, 'main');

      await page.getByRole('checkbox', { name: 'Show only the differences' }).check();
      await expect(table.locator('tbody tr[data-differs="false"]')).toHaveCount(0);
      await page.getByRole('button', { name: `Remove ${names[0]}` }).click();
      await expect(headers).toHaveCount(limit - 2);
      await page.getByRole('button', { name: 'Clear the comparison' }).click();
      await expect(page.getByText('You have not chosen any products to compare yet.')).toBeVisible();
    });

    test('switching audience resets the comparator', async ({ page, isMobile }) => {
      await page.goto(listing);
      await compareButton(cards(page).nth(0)).click();
      await expect(compareBadge(page, isMobile)).toHaveText('1');
      const other = audience === 'pro' ? 'part' : 'pro';
      await page.locator(`.audience-switch [data-audience-link="${other}"]`).click();
      await expect(page).toHaveURL(new RegExp(`/${SEGMENT[other]}`));
      await expect(compareBadge(page, isMobile)).toBeHidden();
      await page.goto(`/${SEGMENT[other]}/compare-products`);
      await expect(page.getByText('You have not chosen any products to compare yet.')).toBeVisible();
    });
  });

  test.describe(`${audience} favourites`, () => {
    test('toggle on cards, full heart, no duplicates, kept in localStorage, favourites page with current data', async ({
      page,
    }) => {
      await page.goto(listing);
      const heart = page.locator('.site-header [data-favourites-link]');
      await expect(heart).toHaveAttribute('data-filled', 'false');
      const first = cards(page).nth(0);
      const second = cards(page).nth(1);
      await favouriteButton(first).click();
      await expect(favouriteButton(first)).toHaveAttribute('aria-pressed', 'true');
      await expect(heart).toHaveAttribute('data-filled', 'true');
      await favouriteButton(second).click();
      await favouriteButton(second).click();
      await expect(favouriteButton(second)).toHaveAttribute('aria-pressed', 'false');
      await favouriteButton(second).click();
      const firstName = await cardName(first);
      const ids = [
        Number(await first.getAttribute('data-product-id')),
        Number(await second.getAttribute('data-product-id')),
      ];
      expect(
        JSON.parse((await page.evaluate((key) => localStorage.getItem(key), FAVOURITES_KEY)) ?? '[]'),
      ).toEqual(ids);

      await page.goto(`/${SEGMENT[audience]}/favorites`);
      const list = page.locator('.favourites-list > li');
      await expect(list).toHaveCount(2);
      await expect(list.nth(0).getByRole('heading')).toHaveText(firstName);
      await expect(page.locator('.site-header [data-favourites-link]')).toHaveAttribute(
        'data-filled',
        'true',
      );
      await expectNoSeriousA11yIssues(page, 'main');
      await list
        .nth(0)
        .getByRole('button', { name: /^Remove from favourites / })
        .click();
      await expect(list).toHaveCount(1);
    });

    test('stored values are parsed: duplicates collapse, garbage gives an empty list', async ({ page }) => {
      await page.goto(`/${SEGMENT[audience]}/favorites`);
      await storeFavourites(page, '{"not":"a list"');
      await page.reload();
      await expect(page.getByText('You have no favourites yet.', { exact: false })).toBeVisible();
      await expect(page.locator('.site-header [data-favourites-link]')).toHaveAttribute(
        'data-filled',
        'false',
      );

      await page.goto(listing);
      const id = Number(await cards(page).nth(0).getAttribute('data-product-id'));
      await storeFavourites(page, `[${id},${id}]`);
      await page.goto(`/${SEGMENT[audience]}/favorites`);
      await expect(page.locator('.favourites-list > li')).toHaveCount(1);
    });
  });
}

test('favourites of the other audience are listed from the plan that has them', async ({ page }) => {
  const proOnly = await productOnlyIn(1);
  await page.goto(`/${SEGMENT.part}/favorites`);
  await storeFavourites(page, `[${proOnly.id}]`);
  await page.reload();
  const item = page.locator('.favourites-list > li');
  await expect(item).toHaveCount(1);
  await expect(item.getByText('Available in the Professional range')).toBeVisible();
  await expect(item.getByRole('link')).toHaveAttribute('href', `/${SEGMENT.pro}/product/${proOnly.slug}`);
});

test('plan switch: a compare call for a product of the other plan stores that plan and follows the page there', async ({
  page,
}) => {
  // A card cached before the product left the DIY range: its compare call meets `not_available_in_this_saleplan`.
  const proOnly = await productOnlyIn(1);
  await page.goto(`/${SEGMENT.part}/category/fillers`);
  await page.evaluate((id) => {
    const button = document.querySelector('main [data-compare-toggle]');
    button?.setAttribute('data-compare-toggle', String(id));
  }, proOnly.id);
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(`/api/v1/product/${proOnly.id}`)) apiCalls.push(request.url());
  });
  await compareButton(cards(page).nth(0)).click();
  await expect(page).toHaveURL(`${e2e.baseURL}/${SEGMENT.pro}/category/fillers`);
  // Asked once with the DIY plan, retried once with the plan the back-office named.
  expect(apiCalls).toHaveLength(2);
  expect(new URL(apiCalls[0] ?? '').searchParams.get('saleplan_id')).toBe('2');
  expect(new URL(apiCalls[1] ?? '').searchParams.get('saleplan_id')).toBe('1');
});
