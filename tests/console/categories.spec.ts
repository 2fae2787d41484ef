/**
 * Categories and redirects in the console (issue 25), end to end on the console's stack: a `catalogue` person
 * changes a category's slug on its form; after the rebuild the old address answers 301 to the new one in both
 * audiences on the stack's storefront. A reorder made from the keyboard shows in the tree and is announced. A
 * `content` person finds that redirect in the redirects table and changes where it goes. The slug and the order
 * are put back at the end, so the stack's catalogue is as the other specs expect it.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoSeriousA11yIssues } from '../e2e/support/axe.ts';
import { consoleStack, signedInAs } from './support/stack.ts';

test.use({ storageState: signedInAs('catalogue') });

const NAME = 'Exterior fillers';
const SEGMENTS = ['professional-filler', 'diy-filler'] as const;

interface Category {
  id: number;
  slug: string;
  name: string;
  version: number;
}

async function categoryNamed(page: Page, name: string): Promise<Category> {
  const response = await page.request.get('/api/v1/staff/categories?site_id=3');
  expect(response.ok(), await response.text()).toBe(true);
  const found = ((await response.json()).data.items as Category[]).find((c) => c.name === name);
  expect(found, `category ${name}`).toBeDefined();
  return found!;
}

/** Waits (up to 60 s: the rebuild) until `from` answers 301 to `to` on the stack's storefront. */
async function expectMoved(shop: APIRequestContext, from: string, to: string) {
  await expect
    .poll(
      async () => {
        const answer = await shop.get(from, { maxRedirects: 0 });
        return `${answer.status()} ${new URL(answer.headers().location ?? '/none', consoleStack.shopURL).pathname}`;
      },
      { timeout: 60_000, intervals: [1_000] },
    )
    .toBe(`301 ${to}`);
}

async function setSlug(page: Page, slug: string) {
  await page.goto('/admin/categories');
  await page.getByRole('link', { name: NAME, exact: true }).click();
  const field = page.getByRole('textbox', { name: 'Slug' });
  await expect(field).not.toHaveValue('');
  await field.fill(slug);
  await page.getByRole('button', { name: 'Save' }).click();
  // Back on the tree (slow while the storefront rebuilds on the same cores).
  await expect(page.getByRole('list', { name: 'Category tree' })).toContainText(`/${slug}`, {
    timeout: 20_000,
  });
}

test('a new slug leaves a 301 in both audiences; a keyboard reorder shows in the tree', async ({
  page,
  playwright,
}) => {
  // The check waits for the storefront's rebuild (up to 60 s) on top of the console steps.
  test.setTimeout(150_000);
  const before = await categoryNamed(page, NAME);
  const old = before.slug;
  const moved = `${old.replace(/-e\d+$/, '')}-e${Date.now() % 1_000_000}`;
  const shop = await playwright.request.newContext({ baseURL: consoleStack.shopURL });
  try {
    await setSlug(page, moved);
    await expectNoSeriousA11yIssues(page);

    // A reorder from the keyboard: "Move up" on the category, by Enter; the focus stays on the buttons.
    const subcategories = page.getByRole('list', { name: 'Subcategories of Fillers' });
    const names = () =>
      subcategories.getByRole('listitem').evaluateAll((items) => items.map((i) => i.ariaLabel));
    const order = await names();
    const index = order.indexOf(NAME);
    expect(index).toBeGreaterThan(0);
    await page.getByRole('button', { name: `Move up: ${NAME}` }).focus();
    await page.keyboard.press('Enter');
    const expected = [...order];
    expected.splice(index - 1, 2, NAME, order[index - 1]!);
    await expect.poll(names, { timeout: 15_000 }).toEqual(expected);
    await expect(page.getByRole('status')).toHaveText(
      `${NAME} moved: ${index} of ${order.length} in Fillers.`,
      { timeout: 15_000 },
    );
    // And back down, still from the keyboard.
    await page.getByRole('button', { name: `Move down: ${NAME}` }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(names, { timeout: 15_000 }).toEqual(order);

    for (const segment of SEGMENTS) {
      await expectMoved(shop, `/${segment}/category/${old}`, `/${segment}/category/${moved}`);
    }
  } finally {
    await setSlug(page, old);
    await shop.dispose();
  }
});

test.describe('the redirects table', () => {
  test.use({ storageState: signedInAs('content') });

  test('a content person finds a redirect and changes where it goes', async ({ page }) => {
    const from = `/diy-filler/old-offer-${Date.now() % 1_000_000}`;
    await page.goto('/admin/redirects');
    await expect(page.getByRole('heading', { name: 'Redirects' })).toBeVisible();
    await page.getByRole('link', { name: 'New redirect' }).click();
    await page.getByRole('textbox', { name: 'Old address' }).fill(from);
    await page.getByRole('textbox', { name: 'New address' }).fill('/diy-filler/contact');
    await page.getByRole('button', { name: 'Save' }).click();

    await expect(page.getByRole('link', { name: 'New redirect' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Address', exact: true }).fill(from);
    const row = page.getByRole('row', { name: new RegExp(from) });
    await expect(row).toContainText('/diy-filler/contact');
    await row.getByRole('cell', { name: from }).click();
    const to = page.getByRole('textbox', { name: 'New address' });
    await expect(to).toHaveValue('/diy-filler/contact');
    await to.fill('/diy-filler/frequently-asked-questions');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('link', { name: 'New redirect' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Address', exact: true }).fill(from);
    await expect(page.getByRole('row', { name: new RegExp(from) })).toContainText(
      '/diy-filler/frequently-asked-questions',
    );
    await expectNoSeriousA11yIssues(page);
  });
});
