/**
 * Discount codes in the console (issue 24), end to end on the console's stack: a `catalogue` person creates a
 * percentage code (the same code again, in lower case, is refused beside the field) and changes it on its page; it
 * takes its percentage off a basket of the console stack's storefront (through the shop's own API calls, as its
 * basket page makes them); deactivated in the console, the basket refuses it with the refusal of an unknown code.
 */
import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test';
import { expectNoSeriousA11yIssues } from '../e2e/support/axe.ts';
import { consoleStack, signedInAs } from './support/stack.ts';

test.use({ storageState: signedInAs('catalogue') });

/** The shop's calls as its pages make them (site 3, the DIY plan). */
const SHOP_QUERY = 'site_id=3&lang=en&client=web&saleplan_id=2';

/** A DIY basket of two packs of the first product, on the console stack's storefront. */
async function basket(shop: APIRequestContext) {
  const ok = async (answer: Promise<APIResponse>) => {
    const response = await answer;
    expect(response.ok(), `${response.url()}: ${await response.text()}`).toBe(true);
    return response.json();
  };
  const listed = await ok(shop.get(`/api/v1/product?${SHOP_QUERY}&perPage=1`));
  const slug = listed.data.items[0].slug as string;
  const product = (await ok(shop.get(`/api/v1/product/${slug}?${SHOP_QUERY}`))).data.items[0];
  const created = await ok(
    shop.post(`/api/v1/cart/items?${SHOP_QUERY}`, {
      data: {
        items: [
          {
            element_id: product.id,
            element_type: 'product',
            variant_reference: product.variants[0].reference,
            quantity: 2,
          },
        ],
      },
    }),
  );
  const headers = { 'x-cart-token': created.token as string };
  return {
    apply: (code: string) => shop.post(`/api/v1/cart/discount?${SHOP_QUERY}`, { data: { code }, headers }),
    view: async () => (await ok(shop.get(`/api/v1/cart?${SHOP_QUERY}`, { headers }))).cart,
  };
}

test('a code created in the console works in the basket; deactivated, the basket refuses it', async ({
  page,
  playwright,
}) => {
  const code = `SPRING${Date.now() % 1_000_000}`;
  await page.goto('/admin/discounts');
  await expect(page.getByRole('heading', { name: 'Discount codes' })).toBeVisible();
  await page.getByRole('link', { name: 'New discount code' }).click();

  const create = async (typed: string) => {
    // The form holds its starting values once it is ready; typed values are checked before saving, in case the
    // page was still settling when the typing began.
    await expect(page.getByRole('radio', { name: 'Percentage off' })).toBeChecked();
    const fields = [
      [page.getByRole('textbox', { name: 'Code' }), typed],
      [page.getByRole('textbox', { name: 'Shown in the basket' }), '15 % off your order'],
      [page.getByRole('spinbutton', { name: 'Percentage off' }), '15'],
    ] as const;
    await expect(async () => {
      for (const [input, value] of fields) await input.fill(value);
      for (const [input, value] of fields) await expect(input).toHaveValue(value, { timeout: 500 });
    }).toPass();
    await page.getByRole('button', { name: 'Save' }).click();
  };
  await expectNoSeriousA11yIssues(page);
  await create(code);
  const row = page.getByRole('row', { name: new RegExp(code) });
  await expect(row).toContainText('15 % off');
  await expect(row).toContainText('Active');
  await expectNoSeriousA11yIssues(page);

  // The same code in lower case is the same code: refused, with the message beside the field.
  await page.getByRole('link', { name: 'New discount code' }).click();
  await create(`  ${code.toLowerCase()}`);
  await expect(page.getByText(`Another discount already has the code ${code}`).first()).toBeVisible();
  await page.goto('/admin/discounts');

  // Changed on its page: only the percentage is sent, from the version read.
  await row.getByRole('cell', { name: code, exact: true }).click();
  await expect(page.getByText('Active · used 0 times')).toBeVisible();
  await page.getByRole('spinbutton', { name: 'Percentage off' }).fill('20');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(row).toContainText('20 % off');

  const shop = await playwright.request.newContext({ baseURL: consoleStack.shopURL });
  const held = await basket(shop);
  const applied = await held.apply(code.toLowerCase());
  expect(applied.status(), await applied.text()).toBe(200);
  const cart = (await applied.json()).cart;
  expect(cart.discounts.cart_discount).toMatchObject({ code, amount: 20, unit: 'percent' });

  await row.getByRole('button', { name: `Deactivate ${code}` }).click();
  await expect(row).toContainText('Deactivated');

  const refused = await (await basket(shop)).apply(code);
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toMatchObject({
    status: 'discount_not_found',
    message: 'This code is not valid',
  });
  // The basket that held it loses it, and says so.
  expect((await held.view()).notice).toContain(`The code ${code} no longer applies`);
  await shop.dispose();
});
