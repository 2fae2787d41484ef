/**
 * Phone layout across the whole site (issue 12): no page of the sitemap scrolls sideways at 390 px. The
 * sitemap is read from the server, every URL is visited at 390×844 in one test, and offenders are reported by URL
 * with the elements that reach past the screen's right edge.
 * Run: npx playwright test tests/e2e/layout-phone.spec.ts --project mobile
 */
import { expect, test, type Page } from '@playwright/test';

const PHONE_WIDTH = 390;

/** Pathnames of every `<loc>` of the sitemap (its origin is the public site's, not the test server's). */
async function sitemapPaths(page: Page): Promise<string[]> {
  const response = await page.request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  const xml = await response.text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? '').pathname);
}

/** The document's width, and the elements whose right edge passes the screen (outermost first). */
async function overflow(page: Page): Promise<{ width: number; culprits: string[] }> {
  return page.evaluate((screen) => {
    const describe = (element: Element) =>
      element.tagName.toLowerCase() +
      (element.id ? `#${element.id}` : '') +
      [...element.classList].map((name) => `.${name}`).join('');
    const culprits = [...document.body.querySelectorAll('*')]
      .filter((element) => element.getBoundingClientRect().right > screen + 1)
      .filter(
        (element) =>
          !element.parentElement || element.parentElement.getBoundingClientRect().right <= screen + 1,
      )
      .slice(0, 5)
      .map(describe);
    return { width: document.documentElement.scrollWidth, culprits };
  }, PHONE_WIDTH);
}

/** The given pages that are wider than the phone, each with its width and the elements that stick out. */
async function offenders(page: Page, urls: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const url of urls) {
    await page.goto(url);
    const { width, culprits } = await overflow(page);
    if (width > PHONE_WIDTH) found.push(`${url}: ${width} px wide (${culprits.join(', ')})`);
  }
  return found;
}

test('no page of the sitemap scrolls sideways on a 390 px phone', async ({ page, isMobile }) => {
  test.skip(!isMobile, 'a phone-width check');
  test.setTimeout(15 * 60_000);
  const urls = await sitemapPaths(page);
  expect(urls.length).toBeGreaterThan(20);
  expect(await offenders(page, urls)).toEqual([]);
});
