/**
 * Products in the console (issue 25), end to end on the console's stack: a `catalogue` person changes a pack's DIY
 * price (typed with a comma) and the static product page of the stack's storefront shows it after the rebuild, the
 * product's description, characteristics and other packs unchanged; two people open the same product, the first
 * saves, the second's save says it changed meanwhile, shows the change and loses nothing of what they typed; a
 * `content` person finds the product in the list and sees it without any price or save control, and the API
 * refuses their write (403).
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { browserHeaders } from './support/people.ts';
import { consoleStack, signedInAs } from './support/stack.ts';

const SITE = 'site_id=3';
const DIY_PLAN = 2;

interface StaffProduct {
  id: number;
  reference: string;
  name: string;
  version: number;
  slug: string;
  short_description: string;
  description: string;
  caracteristics: Record<string, unknown>;
  packs: { reference: string; prices: { plan_id: number; inc_vat?: number; ex_vat?: number }[] }[];
}

async function staffProduct(request: APIRequestContext, id: number): Promise<StaffProduct> {
  const answer = await request.get(`/api/v1/staff/products/${id}?${SITE}`);
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()).data;
}

/** Products sold to both audiences with two packs or more, as the staff list gives them. */
async function productsWithPacks(request: APIRequestContext): Promise<number[]> {
  const answer = await request.get(`/api/v1/staff/products?${SITE}&availability=both&perPage=50&sort=id`);
  expect(answer.status(), await answer.text()).toBe(200);
  const items = (await answer.json()).data.items as { id: number; pack_count: number }[];
  return items.filter((item) => item.pack_count >= 2).map((item) => item.id);
}

const diyPrice = (product: StaffProduct, reference: string) =>
  product.packs.find((p) => p.reference === reference)!.prices.find((p) => p.plan_id === DIY_PLAN)!.inc_vat!;

const pack = (page: Page, reference: string) => page.getByRole('region', { name: `Pack ${reference}` });

test.describe('as a catalogue person', () => {
  test.use({ storageState: signedInAs('catalogue') });

  test("a pack's new price is on the static product page after the rebuild; the rest is unchanged", async ({
    page,
    playwright,
  }) => {
    test.setTimeout(90_000);
    const [id] = await productsWithPacks(page.request);
    const before = await staffProduct(page.request, id!);
    const reference = before.packs[0]!.reference;
    // A price the page cannot already show: pence 83 and pounds that move with the old price.
    const pence = (Math.floor(diyPrice(before, reference) / 100) + 7) * 100 + 83;
    const typed = `${Math.floor(pence / 100)},83`;

    await page.goto(`/admin/products/${id}`);
    await expect(page.getByRole('heading', { name: 'Packs' })).toBeVisible();
    await pack(page, reference).getByLabel('DIY price inc VAT (£)').fill(typed);
    await pack(page, reference)
      .getByRole('button', { name: `Save pack ${reference}` })
      .click();
    await expect(page.getByText(`Pack ${reference} saved`)).toBeVisible();

    const after = await staffProduct(page.request, id!);
    expect(diyPrice(after, reference)).toBe(pence);
    expect(after.version).toBe(before.version + 1);
    expect(after.description).toBe(before.description);
    expect(after.short_description).toBe(before.short_description);
    expect(after.caracteristics).toEqual(before.caracteristics);
    expect(after.packs.slice(1)).toEqual(before.packs.slice(1));
    expect(after.packs[0]!.prices.filter((p) => p.plan_id !== DIY_PLAN)).toEqual(
      before.packs[0]!.prices.filter((p) => p.plan_id !== DIY_PLAN),
    );

    // The storefront rebuilds on the change (its content hook); the static page shows the new price.
    const shop = await playwright.request.newContext({ baseURL: consoleStack.shopURL });
    const shown = new RegExp(`${Math.floor(pence / 100)}[.,]83`);
    await expect
      .poll(async () => (await shop.get(`/diy-filler/product/${before.slug}`)).text(), {
        timeout: 60_000,
        intervals: [1_000],
      })
      .toMatch(shown);
    await shop.dispose();
  });

  test('the second of two people saving the same product is told it changed meanwhile and loses nothing', async ({
    page,
    browser,
  }) => {
    const ids = await productsWithPacks(page.request);
    const id = ids[1]!;
    const before = await staffProduct(page.request, id);
    const reference = before.packs[0]!.reference;
    const owner = await browser.newContext({
      storageState: signedInAs('owner'),
      baseURL: consoleStack.backofficeURL,
    });
    const second = await owner.newPage();

    await page.goto(`/admin/products/${id}`);
    await second.goto(`/admin/products/${id}`);
    await expect(page.getByRole('heading', { name: 'Packs' })).toBeVisible();
    await expect(second.getByRole('heading', { name: 'Packs' })).toBeVisible();

    // The first changes a price and saves.
    const pence = diyPrice(before, reference) + 111;
    await pack(page, reference)
      .getByLabel('DIY price inc VAT (£)')
      .fill((pence / 100).toFixed(2));
    await pack(page, reference)
      .getByRole('button', { name: `Save pack ${reference}` })
      .click();
    await expect(page.getByText(`Pack ${reference} saved`)).toBeVisible();

    // The second, who opened it before, types a short description and saves.
    const typed = `Typed by the second person ${Date.now()}`;
    await second.getByLabel('Short description').fill(typed);
    await second.getByRole('button', { name: 'Save product' }).click();
    const alert = second.getByRole('alert').filter({ hasText: 'This product changed meanwhile' });
    await expect(alert).toBeVisible();
    const row = alert.getByRole('row', { name: new RegExp(`Pack ${reference}: DIY price inc VAT`) });
    await expect(row).toContainText(`£${(pence / 100).toFixed(2)}`);
    await expect(second.getByLabel('Short description')).toHaveValue(typed);
    expect((await staffProduct(page.request, id)).short_description).toBe(before.short_description);

    // Re-applied onto the new version, it saves: both changes are kept.
    await alert.getByRole('button', { name: 'Re-apply my changes to the new version' }).click();
    await expect(second.getByLabel('Short description')).toHaveValue(typed);
    await expect(pack(second, reference).getByLabel('DIY price inc VAT (£)')).toHaveValue(
      (pence / 100).toFixed(2),
    );
    await second.getByRole('button', { name: 'Save product' }).click();
    await expect(second.getByText('Product saved')).toBeVisible();
    const after = await staffProduct(page.request, id);
    expect(after.short_description).toBe(typed);
    expect(diyPrice(after, reference)).toBe(pence);
    await owner.close();
  });
});

test.describe('as a content person', () => {
  test.use({ storageState: signedInAs('content') });

  test('sees the product with no price control, and the API refuses their price change (403)', async ({
    page,
  }) => {
    const [id] = await productsWithPacks(page.request);
    const product = await staffProduct(page.request, id!);
    const reference = product.packs[0]!.reference;
    // Found in the list by its reference, it opens read only.
    await page.goto('/admin/products');
    await page.getByPlaceholder('Name, reference or GTIN').fill(product.reference);
    await page.getByRole('cell', { name: product.name, exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Packs' })).toBeVisible();
    await expect(pack(page, reference)).toBeVisible();
    await expect(page.getByLabel(/price/i)).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Save/ })).toHaveCount(0);
    await expect(page.getByLabel('Name')).toBeDisabled();

    const refused = await page.request.patch(`/api/v1/product/${id}/variants/${reference}?${SITE}`, {
      data: { version: product.version, prices: [{ plan_id: DIY_PLAN, inc_vat: 1 }] },
      headers: browserHeaders,
    });
    expect(refused.status()).toBe(403);
  });
});
