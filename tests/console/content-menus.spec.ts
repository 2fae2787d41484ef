/**
 * Menus in the console (issue 26), end to end on the console's stack: a `content` person moves an item of the
 * trade footer menu from the keyboard alone (Alt+Up on the focused item); the move is announced, and after the
 * rebuild the footer of the storefront's home shows the new order. The item is moved back at the end, and the
 * spec waits for the site to show it back.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectNoSeriousA11yIssues } from '../e2e/support/axe.ts';
import { consoleStack, signedInAs } from './support/stack.ts';

test.use({ storageState: signedInAs('content') });

const MOVED = 'Quantity calculator';
const ABOVE = 'Where to buy';

/** The links of the home page's footer menu, in their order. */
async function footerLinks(shop: APIRequestContext): Promise<string[]> {
  const html = await (await shop.get('/')).text();
  const footer = html.slice(html.indexOf('class="footer-menu"'));
  return [...footer.matchAll(/<a [^>]*><span>([^<]+)<\/span>/g)].map((match) => match[1]!);
}

test('an item moved with the keyboard alone moves in the site footer after the build', async ({
  page,
  playwright,
}) => {
  // The check waits for the storefront's rebuild (up to 60 s) on top of the console steps.
  test.setTimeout(120_000);
  const shop = await playwright.request.newContext({ baseURL: consoleStack.shopURL });
  try {
    const before = await footerLinks(shop);
    expect(before.indexOf(ABOVE)).toBe(before.indexOf(MOVED) - 1);

    await page.goto('/admin/content-menus');
    await page.getByRole('tab', { name: 'Footer menu, trade', exact: true }).click();
    const help = page.getByRole('list', { name: 'Links under Help' });
    const item = help.getByRole('listitem').filter({ hasText: MOVED }).getByText(MOVED);
    await expect(item).toBeVisible();
    await expectNoSeriousA11yIssues(page);
    await page.getByLabel(new RegExp(`^${MOVED}, position`)).focus();
    await page.keyboard.press('Alt+ArrowUp');
    await expect(page.getByRole('status')).toHaveText(
      new RegExp(`^Moved ${MOVED}: position \\d of \\d, under Help$`),
    );
    // The focus stays on the moved item.
    await expect(page.getByLabel(new RegExp(`^${MOVED}, position`))).toBeFocused();

    await expect
      .poll(
        async () => {
          const links = await footerLinks(shop);
          return links.indexOf(MOVED) === links.indexOf(ABOVE) - 1;
        },
        { timeout: 60_000, intervals: [1_000] },
      )
      .toBe(true);

    // Back down, from the keyboard too; the spec ends when the site is as it was (no build left running for the
    // specs after it).
    await page.keyboard.press('Alt+ArrowDown');
    await expect(page.getByRole('status')).toHaveText(new RegExp(`^Moved ${MOVED}: position`));
    await expect.poll(() => footerLinks(shop), { timeout: 60_000, intervals: [1_000] }).toEqual(before);
  } finally {
    await shop.dispose();
  }
});
