/**
 * The layout every page shares, in both audiences: header (audience switch, phone, contact, stock finder,
 * countries), footer (trust labels per audience, social links only when set), menus, skip link and keyboard
 * navigation, the mobile burger (closes on navigation), titles with ® in superscript.
 * Run: npx playwright test tests/e2e/layout.spec.ts
 */
import { expect, test } from '@playwright/test';
import { e2e } from './support/harness.ts';

const HOME = { pro: '/', part: '/diy-filler' } as const;

async function settings(): Promise<Record<string, string>> {
  const response = await fetch(`${e2e.backofficeURL}/api/v1/setting?site_id=3`);
  const list = ((await response.json()) as { data: { code: string; value: string }[] }).data;
  return Object.fromEntries(list.map((setting) => [setting.code, setting.value]));
}

for (const audience of ['pro', 'part'] as const) {
  test.describe(`${audience} layout`, () => {
    test('header links: audience switch, phone, contact, stock finder, countries', async ({ page }) => {
      const values = await settings();
      await page.goto(HOME[audience]);
      const switcher = page.getByRole('navigation', { name: 'Choose your profile' });
      await expect(switcher.getByRole('link', { name: 'Professional' })).toHaveAttribute('href', '/');
      await expect(switcher.getByRole('link', { name: 'DIY' })).toHaveAttribute('href', '/diy-filler');
      const current = switcher.locator('[aria-current="true"]');
      await expect(current).toHaveText(audience === 'pro' ? 'Professional' : 'DIY');

      const segment = audience === 'pro' ? 'professional-filler' : 'diy-filler';
      const phone = page.locator('header a[href^="tel:"]');
      await expect(phone).toHaveAttribute('href', `tel:${values.phone!.replace(/\s+/g, '')}`);
      await expect(page.locator('header').getByRole('link', { name: 'Contact' })).toHaveAttribute(
        'href',
        `/${segment}/contact`,
      );
      await expect(
        page.locator('header').getByRole('link', { name: 'Where to buy' }).first(),
      ).toHaveAttribute('href', `/${segment}/where-to-find-our-products`);
      const countries = page.locator('.countries__list');
      expect(await countries.evaluate((el) => getComputedStyle(el).maxHeight)).toBe('200px');
      // The list sits in a closed <details>: count its links without requiring them to be visible.
      expect(await countries.locator('a').count()).toBe(10);
    });

    test('footer: trust labels of the audience, social links only for settings that exist', async ({
      page,
    }) => {
      const values = await settings();
      await page.goto(HOME[audience]);
      const footer = page.getByRole('contentinfo');
      const labels = JSON.parse(values[`trust_labels_${audience}`]!) as { title: string }[];
      expect(labels.length).toBeGreaterThan(0);
      for (const label of labels) await expect(footer.getByText(label.title, { exact: true })).toBeVisible();
      const other = JSON.parse(values[`trust_labels_${audience === 'pro' ? 'part' : 'pro'}`]!) as {
        title: string;
      }[];
      const onlyOther = other.filter((label) => !labels.some((l) => l.title === label.title));
      expect(onlyOther.length).toBeGreaterThan(0);
      for (const label of onlyOther)
        await expect(footer.getByText(label.title, { exact: true })).toHaveCount(0);

      const social = footer.locator('[data-social]');
      const codes = await social.evaluateAll((links) =>
        links.map((link) => link.getAttribute('data-social')),
      );
      const expected = [
        'link_facebook',
        'link_youtube',
        'link_pinterest',
        'link_instagram',
        'link_linkedin',
        'link_twitter',
      ].filter((code) => values[code]);
      expect(expected.length).toBeGreaterThan(0);
      expect(codes).toEqual(expected);
      expect(codes).not.toContain('link_twitter');
      for (const link of await social.all()) await expect(link).toHaveAttribute('target', '_blank');
    });
  });
}

test('menus: external links outside the site open a new tab, the guide item is a button, columns of 4', async ({
  page,
}) => {
  await page.goto('/');
  const external = page.locator('a.menu-link[target="_blank"]');
  expect(await external.count()).toBeGreaterThan(0);
  for (const link of await external.all()) {
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toMatch(/^https?:\/\//);
    expect(href.startsWith(e2e.baseURL)).toBe(false);
    await expect(link).toHaveAttribute('rel', /noopener/);
  }
  // An external_url item pointing inside the site opens in the same tab.
  const inside = page.getByRole('contentinfo').getByRole('link', { name: 'DIY customers', exact: true });
  await expect(inside).toHaveAttribute('href', '/diy-filler');
  expect(await inside.getAttribute('target')).toBeNull();
  await expect(
    page.locator('.main-nav button.menu-link[data-open-selector-guide]', { hasText: 'Selector guide' }),
  ).toHaveCount(1);
  const columns = page.locator('.main-nav__column');
  expect(await columns.count()).toBeGreaterThan(0);
  for (const column of await columns.all()) {
    expect(await column.locator(':scope > li').count()).toBeLessThanOrEqual(4);
  }
  const internal = page.locator('a.menu-link:not([target])');
  expect(await internal.count()).toBeGreaterThan(0);
  for (const link of await internal.all()) expect(await link.getAttribute('href')).toMatch(/^\//);
});

test.describe('keyboard (desktop viewport)', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

  test('skip link and keyboard navigation through the menu', async ({ page }) => {
    await page.goto('/professional-filler/category/fillers');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#main-content$/);

    await page.goto('/');
    const toggle = page.locator('[data-menu-toggle]').first();
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
    await expect(panel).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(panel).toBeHidden();
    await expect(toggle).toBeFocused();
  });
});

test.describe('mobile viewport', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('mobile burger opens the menu and closes on navigation', async ({ page }) => {
    await page.goto('/diy-filler');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav).toBeHidden();
    const burger = page.getByRole('button', { name: 'Open the menu' });
    await burger.click();
    await expect(nav).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close the menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const link = nav.locator('a.menu-link[href^="/diy-filler/"]').first();
    const toggle = nav.locator('[data-menu-toggle]').first();
    if (!(await link.isVisible())) await toggle.click();
    await link.click();
    await page.waitForURL((url) => url.pathname !== '/diy-filler');
    await expect(nav).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open the menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });
});

test('titles show ® in superscript', async ({ page }) => {
  const response = await fetch(`${e2e.backofficeURL}/api/v1/product?site_id=3&saleplan_id=1&perPage=100`);
  const items = ((await response.json()) as { data: { items: { slug: string; name: string }[] } }).data.items;
  const marked = items.find((item) => item.name.includes('®'));
  expect(marked).toBeDefined();
  await page.goto(`/professional-filler/product/${marked!.slug}`);
  await expect(page.getByRole('heading', { level: 1 }).locator('sup')).toHaveText('®');
});
