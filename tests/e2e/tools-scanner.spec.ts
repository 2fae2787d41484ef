/**
 * Barcode scan modal on the production build, both audiences, desktop and mobile projects. Chromium runs with a
 * fake camera playing a Y4M rendered at test time from a seeded product's GTIN (bwip-js → sharp → Y4M), so the
 * camera path (zxing: Linux Chromium has no native BarcodeDetector) is exercised for real. This spec launches
 * its own browser for the camera flags.
 * Run: npx playwright test tests/e2e/tools-scanner.spec.ts
 */
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { ean13FromGtin, writeBarcodeVideo } from './fixtures/barcode-video.ts';
import { e2e } from './support/harness.ts';

const CASES = [
  { audience: 'pro', segment: 'professional-filler', plan: 1 },
  { audience: 'part', segment: 'diy-filler', plan: 2 },
] as const;

interface ProductDto {
  id: number;
  name: string;
  slug: string;
  variants: { reference: string; label: string; gtin: string }[];
}

async function products(plan: number): Promise<ProductDto[]> {
  const response = await fetch(
    `${e2e.backofficeURL}/api/v1/product?site_id=3&lang=en&saleplan_id=${plan}&perPage=100`,
  );
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { items: ProductDto[] } }).data.items;
}

/** The first product sold to both audiences, with the barcode of its first pack. */
async function scannableProduct() {
  const [pro, part] = await Promise.all([products(1), products(2)]);
  const product = pro.find((item) => part.some((other) => other.id === item.id) && item.variants.length > 0);
  expect(product, 'the seed has a product sold to both audiences').toBeDefined();
  return { product: product!, variant: product!.variants[0]! };
}

/** A product of the plan whose name carries ®, with its first pack. */
async function registeredProduct(plan: number) {
  const product = (await products(plan)).find((item) => item.name.includes('®') && item.variants.length > 0);
  expect(product, 'the seed has a product named with ®').toBeDefined();
  return { product: product!, variant: product!.variants[0]! };
}

async function openScanner(page: Page) {
  await page.getByRole('button', { name: 'Scan a barcode' }).click();
  const dialog = page.getByRole('dialog', { name: 'Find a product by its barcode' });
  await expect(dialog).toBeVisible();
  return dialog;
}

let browser: Browser;
let target: Awaited<ReturnType<typeof scannableProduct>>;

test.beforeAll(async ({ playwright }, testInfo) => {
  target = await scannableProduct();
  const video = await writeBarcodeVideo(
    ean13FromGtin(target.variant.gtin),
    path.join(e2e.workDir, 'fixtures', testInfo.project.name),
  );
  browser = await playwright.chromium.launch({
    executablePath: e2e.chromiumPath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
});

test.afterAll(async () => {
  await browser?.close();
});

/** A page in the camera browser with this project's viewport and device. */
async function cameraPage(testInfo: { project: { use: Record<string, unknown> } }): Promise<Page> {
  const { viewport, isMobile, hasTouch, deviceScaleFactor } = testInfo.project.use as {
    viewport?: { width: number; height: number };
    isMobile?: boolean;
    hasTouch?: boolean;
    deviceScaleFactor?: number;
  };
  const context = await browser.newContext({
    baseURL: e2e.baseURL,
    viewport,
    isMobile,
    hasTouch,
    deviceScaleFactor,
    permissions: ['camera'],
  });
  return context.newPage();
}

/**
 * Counts the camera frames the page reads (zxing draws each frame it decodes onto a canvas), so a test can wait
 * for the scanner to have looked at the pack again instead of sleeping.
 */
async function countVideoFrames(page: Page) {
  await page.addInitScript(() => {
    const draw = CanvasRenderingContext2D.prototype.drawImage as (...args: unknown[]) => void;
    const counter = { frames: 0 };
    (window as unknown as { videoFrames: typeof counter }).videoFrames = counter;
    CanvasRenderingContext2D.prototype.drawImage = function (
      this: CanvasRenderingContext2D,
      ...args: unknown[]
    ) {
      if (args[0] instanceof HTMLVideoElement) counter.frames += 1;
      draw.apply(this, args);
    } as CanvasRenderingContext2D['drawImage'];
  });
}

function videoFrames(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { videoFrames: { frames: number } }).videoFrames.frames);
}

for (const { audience, segment, plan } of CASES) {
  test.describe(`barcode scanner (${audience})`, () => {
    test('the camera finds the product once and links to it in this audience', async () => {
      const page = await cameraPage(test.info());
      await countVideoFrames(page);
      const lookups: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/v1/product/scan/')) lookups.push(request.url());
      });
      await page.goto(`/${segment}/news`);
      // Neither React nor the scanner load before the scanner is used; both load on the first click.
      const lazyChunks = () =>
        page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .map((entry) => entry.name)
            .filter((name) => /\/(react|jsx-runtime|mount)\.[\w-]+\.js$/.test(name)),
        );
      expect(await lazyChunks()).toEqual([]);

      const dialog = await openScanner(page);
      expect((await lazyChunks()).length).toBeGreaterThan(0);
      const link = dialog.getByRole('link', { name: `View ${target.product.name}` });
      await expect(link).toBeVisible({ timeout: 15_000 });
      await expect(link).toHaveAttribute(
        'href',
        `/${segment}/product/${target.product.slug}#${encodeURIComponent(target.variant.reference)}`,
      );
      await expect(dialog.getByLabel('Barcode number')).toHaveValue(ean13FromGtin(target.variant.gtin));
      expect(lookups[0]).toContain(`/api/v1/product/scan/${target.variant.gtin}?`);
      // Scanning again with the same pack still in view: a repeated identical scan is ignored.
      await dialog.getByRole('button', { name: 'Scan another barcode' }).click();
      await expect(dialog.getByText('Hold the barcode in front of the camera.')).toBeVisible();
      // The scanner reads the same pack again several times (frames taken from the camera): no new lookup.
      const framesBefore = await videoFrames(page);
      await expect
        .poll(() => videoFrames(page), { timeout: 15_000 })
        .toBeGreaterThanOrEqual(framesBefore + 4);
      expect(lookups).toHaveLength(1);
      await expect(link).toBeVisible();

      // Emptying the field clears the result.
      await dialog.getByLabel('Barcode number').fill('');
      await expect(link).toHaveCount(0);

      // Following the result closes the modal (navigation).
      await dialog.getByLabel('Barcode number').fill(ean13FromGtin(target.variant.gtin));
      await dialog.getByRole('button', { name: 'Search', exact: true }).click();
      await link.click();
      await expect(page).toHaveURL(new RegExp(`/${segment}/product/${target.product.slug}`));
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await page.context().close();
    });

    test('a typed code finds the product; an unknown one says no results', async () => {
      const registered = await registeredProduct(plan);
      const page = await cameraPage(test.info());
      await page.goto(`/${segment}/frequently-asked-questions`);
      const dialog = await openScanner(page);
      const field = dialog.getByLabel('Barcode number');
      // The camera finds the pack first, which shows the field.
      await expect(field).toBeVisible({ timeout: 15_000 });

      // The Search button stays inside the dialog, on a phone too.
      const search = dialog.getByRole('button', { name: 'Search', exact: true });
      const box = await dialog.boundingBox();
      const button = await search.boundingBox();
      expect((button?.x ?? 0) + (button?.width ?? 0)).toBeLessThanOrEqual((box?.x ?? 0) + (box?.width ?? 0));

      await field.fill('4006381333931');
      await search.click();
      // The spec's toast shows above the modal's backdrop (inside the dialog's top layer), not under it, and the
      // dialog says it too.
      const toast = page.getByRole('status').filter({ hasText: 'no results' });
      await expect(toast).toBeVisible();
      await expect(dialog.getByRole('status').filter({ hasText: 'no results' })).toBeVisible();
      expect(
        await toast.evaluate((element) => {
          const rect = element.getBoundingClientRect();
          const hit = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
          return element.contains(hit);
        }),
      ).toBe(true);
      await expect(dialog.getByText('No product has the barcode 4006381333931.')).toBeVisible();
      await expect(dialog.getByRole('link', { name: /^View / })).toHaveCount(0);

      await field.fill('12AB');
      await dialog.getByRole('button', { name: 'Search', exact: true }).click();
      await expect(dialog.getByText('A barcode has up to 14 digits.')).toBeVisible();

      // The GTIN-14 typed in full works as well as the 13-digit EAN.
      await field.fill(target.variant.gtin);
      await dialog.getByRole('button', { name: 'Search', exact: true }).click();
      await expect(dialog.getByRole('link', { name: `View ${target.product.name}` })).toBeVisible();
      await expect(dialog.getByText(/^No product has the barcode/)).toHaveCount(0);

      // A name with ® shows it in superscript, as static pages do.
      await field.fill(registered.variant.gtin);
      await dialog.getByRole('button', { name: 'Search', exact: true }).click();
      await expect(dialog.getByRole('link', { name: `View ${registered.product.name}` })).toBeVisible();
      await expect(dialog.locator('.scanner__name sup')).toHaveText('®');
      await page.context().close();
    });

    test('a failed lookup is logged and loading stops', async () => {
      const page = await cameraPage(test.info());
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      await page.route('**/api/v1/product/scan/00000000000042**', (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: '{"status":"error","message":"boom"}',
        }),
      );
      await page.goto(`/${segment}/news`);
      const dialog = await openScanner(page);
      await expect(dialog.getByLabel('Barcode number')).toBeVisible({ timeout: 15_000 });
      await dialog.getByLabel('Barcode number').fill('42');
      await dialog.getByRole('button', { name: 'Search', exact: true }).click();
      await expect.poll(() => errors.some((text) => text.includes('Barcode lookup failed'))).toBe(true);
      await expect(dialog.getByText('Searching…')).toHaveCount(0);
      await expect(dialog.getByRole('button', { name: 'Search', exact: true })).toBeEnabled();
      await page.context().close();
    });

    test('is an accessible modal: axe, focus inside, Escape closes and gives focus back', async () => {
      const page = await cameraPage(test.info());
      await page.goto(`/${segment}/news`);
      const opener = page.getByRole('button', { name: 'Scan a barcode' });
      const dialog = await openScanner(page);
      await expect(dialog.getByLabel('Barcode number')).toBeVisible({ timeout: 15_000 });
      const results = await new AxeBuilder({ page }).include('dialog.scanner').analyze();
      expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);

      // Focus stays in the modal dialog (the rest of the page is inert).
      for (let i = 0; i < 6; i++) {
        await page.keyboard.press('Tab');
        expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog.scanner')))).toBe(
          true,
        );
      }
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      // Playwright's toBeFocused also wants window focus, which a background page of a parallel run lacks.
      await expect.poll(() => opener.evaluate((element) => element === document.activeElement)).toBe(true);
      await page.context().close();
    });
  });
}
