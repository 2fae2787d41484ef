/**
 * The product page as a decision page (issue 12), on the production build, desktop and phone: the chosen pack
 * drives the packshot, reference, barcode, net weight, price and the URL's `#reference` (and a `#reference` link
 * opens on that pack); key facts with units and the data sheet links with their real size sit beside the buy box;
 * the description reads as paragraphs; on a phone a compact buy bar follows the page once the buy box has
 * scrolled away, above the mobile toolbar and without moving anything.
 * Run: E2E_PORT=4521 E2E_BACKOFFICE_PORT=4520 npx playwright test tests/e2e/product-page.spec.ts --workers 1
 */
import { expect, test, type Page } from '@playwright/test';
import { formatDecimal, formatDecimalsIn, formatPrice } from '../../src/lib/format.ts';
import { expectNoSeriousA11yIssues } from './support/axe.ts';
import { e2e } from './support/harness.ts';

const PRO_PLAN = 1;

interface ApiVariant {
  reference: string;
  label: string;
  gtin: string;
  quantity: number;
  unit: string;
  price: { ex_vat: number; inc_vat: number };
  media: { alt: string } | null;
}
interface ApiProduct {
  id: number;
  name: string;
  slug: string;
  variants: ApiVariant[];
  caracteristics: Record<string, { label: string; value: string; unit?: string }>;
  documents: { type: string; url: string; size_bytes: number | null }[];
}

const query = `site_id=3&lang=en&client=web&saleplan_id=${PRO_PLAN}`;

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${e2e.backofficeURL}/api/v1${path}${path.includes('?') ? '&' : '?'}${query}`);
  return ((await response.json()) as { data: T }).data;
}

/** A trade product sold in three packs or more, by weight, with drying time and a data sheet. */
async function multiPackProduct(): Promise<ApiProduct> {
  const { items } = await api<{ items: { id: number; variants: ApiVariant[] }[] }>('/product?perPage=100');
  const candidate = items.find(
    (item) => item.variants.length >= 3 && item.variants.every((variant) => variant.unit === 'kg'),
  );
  if (!candidate) throw new Error('no product with three packs sold by weight');
  const product = (await api<{ items: ApiProduct[] }>(`/product/${candidate.id}`)).items[0];
  if (!product) throw new Error(`product ${candidate.id} not found`);
  return product;
}

const productPath = (product: ApiProduct) => `/professional-filler/product/${product.slug}`;
const yourPack = (page: Page) => page.getByRole('region', { name: 'Your pack' });
const buyBar = (page: Page) => page.getByRole('region', { name: 'Quick buy' });

async function expectPackShown(page: Page, variant: ApiVariant) {
  const pack = yourPack(page);
  await expect(pack).toHaveCount(1);
  await expect(pack.getByRole('definition').nth(0)).toHaveText(variant.reference);
  await expect(pack.getByRole('definition').nth(1)).toHaveText(variant.gtin);
  await expect(pack.getByRole('definition').nth(2)).toHaveText(`${formatDecimal(variant.quantity)} kg`);
  await expect(pack.locator('.price__main')).toHaveText(formatPrice(variant.price.ex_vat));
  await expect(pack.locator('.price__secondary')).toContainText(formatPrice(variant.price.inc_vat));
  await expect(page.locator('.product__reference:visible')).toHaveText(`Ref. ${variant.reference}`);
  // The packshot is this pack's, with its size on it.
  const picture = page.getByRole('region', { name: 'Product images' }).locator('img:visible').first();
  await expect(picture).toHaveAttribute('alt', variant.media!.alt);
  await expect(picture).toHaveAttribute('alt', new RegExp(`${variant.label}$`));
  await expect(page.locator('tr[data-characteristic="pack_weight"] td span:visible')).toHaveText(
    `${formatDecimal(variant.quantity)} kg`,
  );
}

test('the chosen pack drives the packshot, reference, barcode, weight, price and the #reference', async ({
  page,
}) => {
  const product = await multiPackProduct();
  const [first, second, third] = product.variants as [ApiVariant, ApiVariant, ApiVariant];
  await page.goto(productPath(product));
  await expectPackShown(page, first);

  await page.getByRole('radio', { name: new RegExp(`^${second.label}`) }).check();
  await expect(page).toHaveURL(new RegExp(`#${second.reference}$`));
  await expectPackShown(page, second);
  // The buy box prices the pack chosen.
  await expect(page.locator('[data-basket-total]')).toContainText(second.label);
  await expect(page.locator('[data-basket-total]')).toContainText(formatPrice(second.price.ex_vat));

  // A shared link opens on its pack, ready to buy.
  await page.goto(`${productPath(product)}#${third.reference}`);
  await expect(page.getByRole('radio', { name: new RegExp(`^${third.label}`) })).toBeChecked();
  await expectPackShown(page, third);
  await expect(page.locator('[data-basket-total]')).toContainText(third.label);
  await expectNoSeriousA11yIssues(page);
});

test('key facts with units and the data sheet link with its real size sit beside the buy box', async ({
  page,
}) => {
  const product = await multiPackProduct();
  const sheet = product.documents.find((document) => document.type === 'technical-data-sheet');
  expect(sheet).toBeDefined();
  const file = await page.request.get(sheet!.url);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('application/pdf');
  const kilobytes = Math.round((await file.body()).byteLength / 1024);

  await page.goto(productPath(product));
  const facts = page.getByRole('region', { name: 'Key facts' });
  const drying = product.caracteristics.drying_time!;
  await expect(facts.locator('[data-fact="drying_time"]')).toHaveText(
    new RegExp(`${drying.label}\\s*${formatDecimalsIn(drying.value)} ${drying.unit}`),
  );
  await expect(facts.locator('[data-fact="consumption"] dd')).toHaveText(/^\d+(,\d+)? kg\/m²\/mm$/);

  const documents = page.getByRole('region', { name: 'Documents' });
  const link = documents.getByRole('link', { name: `Technical data sheet (PDF, ${kilobytes} KB)` });
  await expect(link).toHaveAttribute('href', sheet!.url);
  // Every product has its own safety data sheet (issue 13), listed after the data sheet with its real size.
  const safety = product.documents.find((document) => document.type === 'safety-data-sheet');
  expect(safety, 'a safety data sheet of its own').toBeDefined();
  const safetyFile = await page.request.get(safety!.url);
  expect(safetyFile.headers()['content-type']).toBe('application/pdf');
  const safetyKilobytes = Math.round((await safetyFile.body()).byteLength / 1024);
  await expect(
    documents.getByRole('link', { name: `Safety data sheet (PDF, ${safetyKilobytes} KB)` }),
  ).toHaveAttribute('href', safety!.url);
  // Beside the buy box, before the long copy: on a phone well before the third screen (it was three down).
  const linkBox = (await link.boundingBox())!;
  const descriptionBox = (await page.getByRole('heading', { name: 'Description', level: 2 }).boundingBox())!;
  expect(linkBox.y).toBeLessThan(descriptionBox.y);
  expect(linkBox.y).toBeLessThan(2.5 * page.viewportSize()!.height);

  // The long description reads as paragraphs, not one block.
  expect(await page.locator('.description p').count()).toBeGreaterThanOrEqual(2);
  await expectNoSeriousA11yIssues(page);
});

test('on a phone a compact buy bar follows the page once the buy box scrolls away, above the toolbar', async ({
  page,
}, testInfo) => {
  const product = await multiPackProduct();
  const second = product.variants[1]!;
  await page.goto(productPath(product));
  await page.evaluate(() => {
    const shifts: number[] = [];
    (window as unknown as { shifts: number[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
        if (!entry.hadRecentInput) shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await expect(buyBar(page)).toBeHidden();
  await page.getByRole('radio', { name: new RegExp(`^${second.label}`) }).check();
  await page.getByRole('heading', { name: 'How to use' }).scrollIntoViewIfNeeded();

  if (testInfo.project.name !== 'mobile') {
    // The desk keeps the buy box beside the gallery: no bar.
    await expect(buyBar(page)).toBeHidden();
    return;
  }
  const bar = buyBar(page);
  await expect(bar).toBeVisible();
  await expect(bar.locator('.buy-bar__name')).toHaveText(product.name);
  await expect(bar.locator('.buy-bar__pack:visible')).toHaveText(
    new RegExp(`^${second.label}\\s*${formatPrice(second.price.ex_vat)} ex VAT$`),
  );
  // Above the mobile toolbar, not over it.
  const toolbar = page.getByRole('navigation', { name: 'Shortcuts' });
  const toolbarBox = (await toolbar.boundingBox())!;
  await expect
    .poll(async () => {
      const box = (await bar.boundingBox())!;
      return Math.round(box.y + box.height);
    })
    .toBeLessThanOrEqual(Math.round(toolbarBox.y));
  const barButton = bar.getByRole('button', { name: 'Add to basket' });
  expect((await barButton.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await expectNoSeriousA11yIssues(page);

  await barButton.click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: `Added to your basket: 1 × ${product.name}, ${second.label}` }),
  ).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual([]);

  // Back at the buy box, the bar goes away.
  await page.getByRole('button', { name: 'Add to basket', exact: true }).first().scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(bar).toBeHidden();
});
