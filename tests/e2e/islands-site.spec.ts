/**
 * The shared site script on the production build (spec §2, §4, §8, §9), both audiences, desktop and mobile:
 * header search suggestions (back-office search, static-index fallback, combobox keyboard use), loading bar, go-to-top,
 * mobile toolbar, device class, burger, chunk-load recovery, cookie consent with video embeds and tracking.
 * Run: npx playwright test tests/e2e/islands-site.spec.ts
 */
import { expect, test, type Page } from '@playwright/test';
import { SUGGEST } from '../../src/lib/config.ts';
import { expectNoSeriousA11yIssues } from './support/axe.ts';
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

const SEGMENT = { pro: 'professional-filler', part: 'diy-filler' } as const;
/** vanilla-cookieconsent's cookie with every category accepted: pages then show no banner. */
const CONSENT_ALL = encodeURIComponent(
  JSON.stringify({ categories: ['necessary', 'analytics', 'ads', 'video'], revision: 0 }),
);

async function acceptCookiesUpFront(page: Page, baseURL: string | undefined) {
  await page
    .context()
    .addCookies([{ name: 'cc_cookie', value: CONSENT_ALL, url: baseURL ?? '', sameSite: 'Lax' }]);
}

function search(page: Page) {
  return page.getByRole('combobox', { name: 'Search products' });
}

function suggestions(page: Page) {
  return page.getByRole('listbox', { name: 'Search suggestions' });
}

for (const audience of ['pro', 'part'] as const) {
  const home = audience === 'pro' ? '/' : `/${SEGMENT[audience]}`;

  test.describe(`${audience} header search`, () => {
    test.beforeEach(async ({ page, baseURL }) => {
      await acceptCookiesUpFront(page, baseURL);
    });

    test('suggests from 3 characters, grouped, 3 items each with totals, from the back-office search', async ({
      page,
    }) => {
      const backoffice: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/v1/search')) backoffice.push(request.url());
      });
      // Fake timers: the debounce is run through at once, so "nothing shows for 2 characters" is checked after
      // the moment a search would have started, without sleeping.
      await page.clock.install();
      await page.goto(home);
      const field = search(page);
      await field.fill('fi');
      await page.clock.runFor(SUGGEST.debounceMs * 2);
      await expect(suggestions(page)).toBeHidden();
      await expect(field).toHaveAttribute('aria-expanded', 'false');
      await field.fill('fill');
      await page.clock.runFor(SUGGEST.debounceMs);
      await expect(suggestions(page)).toBeVisible();
      await expect(field).toHaveAttribute('aria-expanded', 'true');
      const groups = suggestions(page).getByRole('group');
      await expect(groups).toHaveCount(3);
      for (const [index, name] of ['Products', 'Categories', 'Pages'].entries()) {
        const group = groups.nth(index);
        await expect(group).toHaveAccessibleName(new RegExp(`^${name}`));
        await expect(group).toContainText(/\d+ in total/);
        expect(await group.getByRole('option').count()).toBeLessThanOrEqual(3);
      }
      const products = groups.nth(0).getByRole('option');
      expect(await products.count()).toBeGreaterThan(0);
      for (const option of await products.all())
        expect(await option.getAttribute('href')).toMatch(new RegExp(`^/${SEGMENT[audience]}/product/`));
      // The results page's search answers, so the totals are the results page's.
      expect(backoffice).toHaveLength(1);
    });

    test('the static index answers when the back-office search fails', async ({ page }) => {
      await page.route('**/api/v1/search?**', (route) => route.abort());
      await page.goto(home);
      await search(page).fill('filler');
      const products = suggestions(page).getByRole('group').nth(0).getByRole('option');
      await expect(products.first()).toHaveAttribute('href', new RegExp(`^/${SEGMENT[audience]}/product/`));
    });

    test('a typo finds products through the back-office fuzzy search, with a searching state', async ({
      page,
    }) => {
      // The back-office answer is held until the searching state has been seen, then let through.
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      const asked = page.waitForRequest('**/api/v1/search?**');
      await page.route('**/api/v1/search?**', async (route) => {
        await released;
        await route.continue();
      });
      await page.goto(home);
      await search(page).fill('filer');
      await asked;
      await expect(suggestions(page)).toContainText('Searching…');
      release();
      const products = suggestions(page).getByRole('group').nth(0).getByRole('option');
      await expect(products.first()).toBeVisible();
      await expect(products.first()).toHaveAttribute('href', new RegExp(`^/${SEGMENT[audience]}/product/`));
    });

    test('an empty group says "no results"', async ({ page }) => {
      await page.goto(home);
      await search(page).fill('zzqxjv');
      const groups = suggestions(page).getByRole('group');
      await expect(groups).toHaveCount(3);
      for (const group of await groups.all()) {
        await expect(group).toContainText('0 in total');
        await expect(group).toContainText('no results');
        await expect(group.getByRole('option')).toHaveCount(0);
      }
    });

    test('keyboard: arrows move, Escape closes, Enter opens the active suggestion and navigation clears', async ({
      page,
    }) => {
      await page.goto(home);
      const field = search(page);
      await field.focus();
      await page.keyboard.type('filler');
      const options = suggestions(page).getByRole('option');
      await expect(options.first()).toBeVisible();
      await page.keyboard.press('ArrowDown');
      await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
      await expect(field).toHaveAttribute(
        'aria-activedescendant',
        (await options.nth(0).getAttribute('id')) ?? '',
      );
      await page.keyboard.press('ArrowDown');
      await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
      await page.keyboard.press('ArrowUp');
      await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
      await page.keyboard.press('Escape');
      await expect(suggestions(page)).toBeHidden();
      await expect(field).toHaveAttribute('aria-expanded', 'false');
      // Down arrow reopens the list on its first suggestion.
      await page.keyboard.press('ArrowDown');
      await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
      const href = (await options.nth(0).getAttribute('href')) ?? '';
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`${href}$`));
      await expect(search(page)).toHaveValue('');
      await expect(suggestions(page)).toBeHidden();
    });

    test('Enter or the button searches; empty text does nothing', async ({ page }) => {
      await page.goto(home);
      const start = page.url();
      // Logs each submit of the form (cancelled or not, seen after the form's own handler) and each navigation
      // the ClientRouter starts: an empty search must be handled and start none.
      await page.evaluate(() => {
        const log = { submits: [] as boolean[], navigations: [] as string[] };
        (window as unknown as { searchLog: typeof log }).searchLog = log;
        window.addEventListener('submit', (event) => log.submits.push(event.defaultPrevented));
        document.addEventListener('astro:before-preparation', (event) =>
          log.navigations.push(String((event as Event & { to: URL }).to)),
        );
      });
      const searchLog = () =>
        page.evaluate(
          () => (window as unknown as { searchLog: { submits: boolean[]; navigations: string[] } }).searchLog,
        );
      await search(page).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: 'Search' }).click();
      await expect.poll(searchLog).toEqual({ submits: [true, true], navigations: [] });
      expect(page.url()).toBe(start);
      await search(page).fill('joint & skim');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/${SEGMENT[audience]}/results/joint%20%26%20skim$`));
      await search(page).fill('powder');
      await page.getByRole('button', { name: 'Search' }).click();
      await expect(page).toHaveURL(new RegExp(`/${SEGMENT[audience]}/results/powder$`));
    });
  });
}

test.describe('site chrome', () => {
  test.beforeEach(async ({ page, baseURL }) => {
    await acceptCookiesUpFront(page, baseURL);
  });

  test('mobile toolbar: compare, favourites, stockists, contact on mobile only', async ({
    page,
    isMobile,
  }) => {
    await page.goto(`/${SEGMENT.part}/news`);
    const toolbar = page.getByRole('navigation', { name: 'Shortcuts' });
    if (!isMobile) {
      await expect(toolbar).toBeHidden();
      return;
    }
    await expect(toolbar).toBeVisible();
    const links = toolbar.getByRole('link');
    await expect(links).toHaveText([/^Compare/, /Favourites/, 'Stockists', 'Contact']);
    await expect(links.nth(0)).toHaveAttribute('href', `/${SEGMENT.part}/compare-products`);
    await expect(links.nth(1)).toHaveAttribute('href', `/${SEGMENT.part}/favorites`);
    await expect(links.nth(2)).toHaveAttribute('href', `/${SEGMENT.part}/where-to-find-our-products`);
    await expect(links.nth(3)).toHaveAttribute('href', `/${SEGMENT.part}/contact`);
  });

  test('go-to-top appears after one window height and scrolls back to the top', async ({ page }) => {
    await page.goto(`/${SEGMENT.pro}/category/fillers`);
    const button = page.getByRole('button', { name: 'Back to the top' });
    await expect(button).toBeHidden();
    const height = await page.evaluate(() => window.innerHeight);
    // Half a window height: checked once the scroll event has reached the page's listeners (they run first).
    await page.evaluate(
      (y) =>
        new Promise<void>((resolve) => {
          window.addEventListener('scroll', () => requestAnimationFrame(() => resolve()), { once: true });
          window.scrollTo(0, y);
        }),
      Math.round(height * 0.5),
    );
    await expect(button).toBeHidden();
    await page.evaluate((y) => window.scrollTo(0, y), height + 50);
    await expect(button).toBeVisible();
    // Scroll positions timed inside the page: linear over 500 ms, whatever the load on the test machine.
    await page.evaluate(() => {
      const samples: [number, number][] = [];
      (window as unknown as { scrollSamples: typeof samples }).scrollSamples = samples;
      window.addEventListener('scroll', () => samples.push([performance.now(), window.scrollY]), {
        passive: true,
      });
    });
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    const samples = await page.evaluate(
      () => (window as unknown as { scrollSamples: [number, number][] }).scrollSamples,
    );
    const [start] = samples[0] ?? [0];
    const [end] = samples.at(-1) ?? [0];
    expect(samples.length).toBeGreaterThan(2);
    expect(end - start).toBeGreaterThan(400);
    expect(end - start).toBeLessThan(1_200);
    await expect(button).toBeHidden();
  });

  test('device class follows the width 1 s after a resize', async ({ page, isMobile }) => {
    await page.goto('/');
    const classes = () => page.evaluate(() => document.documentElement.className);
    expect(await classes()).toContain(isMobile ? 'is-phone' : 'is-desktop');
    // Timed inside the page, so a busy test machine cannot blur the 1 s debounce.
    await page.evaluate(() => {
      const log: { resize?: number; change?: number } = {};
      (window as unknown as { deviceLog: typeof log }).deviceLog = log;
      window.addEventListener('resize', () => (log.resize = performance.now()));
      new MutationObserver(() => (log.change = performance.now())).observe(document.documentElement, {
        attributes: true,
        attributeFilter: ['class'],
      });
    });
    const delay = () =>
      page.evaluate(() => {
        const log = (window as unknown as { deviceLog: { resize?: number; change?: number } }).deviceLog;
        return log.resize !== undefined && log.change !== undefined ? log.change - log.resize : undefined;
      });
    await page.setViewportSize({ width: 800, height: 700 });
    await expect.poll(classes).toContain('is-tablet');
    expect(await classes()).toContain('is-mobile');
    expect(await delay()).toBeGreaterThanOrEqual(990);
    await page.setViewportSize({ width: 600, height: 700 });
    await expect.poll(classes).toContain('is-phablet');
    await page.setViewportSize({ width: 1100, height: 700 });
    await expect.poll(classes).toBe('is-desktop');
    expect(await delay()).toBeGreaterThanOrEqual(990);
  });

  test('loading bar shows on a slow navigation and hides after it', async ({ page }) => {
    await page.goto(`/${SEGMENT.pro}/news`);
    // The page is held until the bar has shown, then let through: as slow as needed, never slower.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/professional-filler/frequently-asked-questions', async (route) => {
      await released;
      await route.continue();
    });
    const bar = page.getByRole('progressbar', { name: 'Loading the page' });
    await expect(bar).toBeHidden();
    await page.evaluate(() => {
      const link = document.createElement('a');
      link.href = '/professional-filler/frequently-asked-questions';
      link.textContent = 'FAQ (test link)';
      link.id = 'slow-link';
      document.querySelector('main')?.prepend(link);
    });
    await page.locator('#slow-link').click();
    await expect(bar).toBeVisible();
    release();
    await expect(page).toHaveURL(/frequently-asked-questions$/);
    await expect(bar).toBeHidden({ timeout: 2_000 });
  });

  test('burger menu (mobile widths only) opens and closes on navigation', async ({ page, isMobile }) => {
    await page.goto(`/${SEGMENT.pro}/news`);
    const burger = page.getByRole('button', { name: 'Open the menu' });
    if (!isMobile) {
      await expect(burger).toBeHidden();
      return;
    }
    await burger.click();
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav).toBeVisible();
    await nav.getByRole('link').first().click();
    await page.waitForLoadState();
    await expect(page.getByRole('button', { name: 'Open the menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
  });

  test('a failed chunk load reloads the page', async ({ page }) => {
    await page.goto(`/${SEGMENT.pro}/news`);
    await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
    const reloaded = page.waitForEvent('load');
    await page.evaluate(() => window.dispatchEvent(new Event('vite:preloadError')));
    await reloaded;
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBeUndefined();
  });
});

test.describe('cookie consent', () => {
  /** A CMS video block as YouTubeVideo.astro renders it. */
  async function addVideoBlock(page: Page) {
    await page.evaluate(() => {
      const block = document.createElement('div');
      block.dataset.youtubeId = 'dQw4w9WgXcQ';
      block.dataset.youtubeTitle = 'How to fill a crack';
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = 'Play the video';
      block.append(button);
      document.querySelector('main')?.append(block);
    });
  }

  test('banner first; nothing tracked and no YouTube frame before consent; video embeds after it', async ({
    page,
  }) => {
    const youtube: string[] = [];
    page.on('request', (request) => {
      if (/youtube/.test(request.url())) youtube.push(request.url());
    });
    await page.goto(`/${SEGMENT.part}/news`);
    const banner = page.getByRole('dialog', { name: 'We use cookies' });
    await expect(banner).toBeVisible();
    await expectNoSeriousA11yIssues(page, '[data-consent-banner]');
    await addVideoBlock(page);
    await expect(page.locator('iframe')).toHaveCount(0);
    expect(await page.evaluate(() => 'dataLayer' in window)).toBe(false);

    // Playing the video without consent asks for it instead.
    await banner.getByRole('button', { name: 'Reject all' }).click();
    await expect(banner).toBeHidden();
    await page.getByRole('button', { name: 'Play the video' }).click();
    const preferences = page.getByRole('dialog', { name: 'Cookie preferences' });
    await expect(preferences).toBeVisible();
    await expectNoSeriousA11yIssues(page, '#cc-main');
    expect(youtube).toEqual([]);
    await preferences.getByRole('button', { name: 'Accept all' }).first().click();
    const frame = page.locator('iframe[src^="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"]');
    await expect(frame).toHaveCount(1);
    await expect(frame).toHaveAttribute('title', 'How to fill a crack');
    // The tag manager is disabled in this build: consent alone sends no page view.
    await page.goto(`/${SEGMENT.part}/frequently-asked-questions`);
    expect(await page.evaluate(() => 'dataLayer' in window)).toBe(false);
    await expect(page.getByRole('dialog', { name: 'We use cookies' })).toBeHidden();
  });

  test('cookie settings can be reopened from every page', async ({ page }) => {
    await page.goto('/');
    await page
      .getByRole('dialog', { name: 'We use cookies' })
      .getByRole('button', { name: 'Accept all' })
      .click();
    await page.getByRole('button', { name: 'Cookie settings' }).click();
    await expect(page.getByRole('dialog', { name: 'Cookie preferences' })).toBeVisible();
  });
});
