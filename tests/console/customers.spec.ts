/**
 * Customers in the console (issue 24), end to end on the console's stack: a customer signs up and buys through the
 * storefront's own API calls; an owner finds them, downloads everything held about them (a JSON file holding their
 * e-mail) and erases them; the customer can no longer sign in, and their order still shows its total, marked
 * erased. A customer service person disables an account, and that customer's sign-in is refused with its message.
 */
import { expect, test, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';
import { ACCOUNT_MESSAGES } from '@plasterwick/shop-rules/accounts';
import { readFile } from 'node:fs/promises';
import { solveAltcha } from '../../backoffice/tests/bot-check-solver.ts';
import { consoleStack, signedInAs } from './support/stack.ts';

/** The shop's calls as its pages make them (site 3, the DIY plan). */
const SHOP_QUERY = 'site_id=3&lang=en&client=web&saleplan_id=2';
const PASSWORD = 'Plasterw1ck-test';

type Playwright = { request: { newContext: (options: object) => Promise<APIRequestContext> } };

interface Shopper {
  email: string;
  shop: APIRequestContext;
}

const pounds = (pence: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(pence / 100);

async function ok(answer: Promise<APIResponse>, status = 200) {
  const response = await answer;
  expect(response.status(), `${response.url()}: ${await response.text()}`).toBe(status);
  return response.status() === 204 ? null : response.json();
}

/** A customer who signs up on the storefront (its bot check solved as the widget would) and logs in. */
async function signsUp(playwright: Playwright, label: string): Promise<Shopper> {
  const shop = await playwright.request.newContext({ baseURL: consoleStack.shopURL });
  const email = `${label}-${Date.now()}@example.co.uk`;
  const challenge = (await ok(shop.get(`/api/v1/bot-check/challenge?${SHOP_QUERY}`))).data.challenge;
  await ok(
    shop.post(`/api/v1/auth/register?${SHOP_QUERY}`, {
      data: {
        first_name: 'Jo',
        last_name: 'Bloggs',
        email,
        password: PASSWORD,
        audience: 'part',
        accept_terms: true,
        bot_check: await solveAltcha(challenge),
      },
    }),
    202,
  );
  await ok(shop.post(`/api/v1/auth/login?${SHOP_QUERY}`, { data: { email, password: PASSWORD } }));
  return { email, shop };
}

const logIn = (shopper: Shopper) =>
  shopper.shop.post(`/api/v1/auth/login?${SHOP_QUERY}`, {
    data: { email: shopper.email, password: PASSWORD },
  });

/** The logged-in customer buys two packs, delivered to Leeds, paid by card; the order is then dispatched. */
async function buysAndGetsIt(shopper: Shopper) {
  const { shop } = shopper;
  const listed = await ok(shop.get(`/api/v1/product?${SHOP_QUERY}&perPage=1`));
  const product = (await ok(shop.get(`/api/v1/product/${listed.data.items[0].slug}?${SHOP_QUERY}`))).data
    .items[0];
  const added = await shop.post(`/api/v1/cart/items?${SHOP_QUERY}`, {
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
  });
  expect([200, 201]).toContain(added.status());
  const headers = { 'x-cart-token': (await added.json()).token as string };
  const address = {
    first_name: 'Jo',
    last_name: 'Bloggs',
    address: '1 Park Row',
    town: 'Leeds',
    postcode: 'LS1 5HD',
  };
  await ok(
    shop.put(`/api/v1/checkout/delivery?${SHOP_QUERY}`, {
      headers,
      data: { method: 'delivery', address, carrier_code: 'standard', phone: '0113 496 0000' },
    }),
  );
  await ok(shop.put(`/api/v1/checkout/billing?${SHOP_QUERY}`, { headers, data: { same_as_delivery: true } }));
  const cart = (await ok(shop.get(`/api/v1/cart?${SHOP_QUERY}`, { headers }))).cart;
  const placed = await ok(
    shop.post(`/api/v1/checkout/complete?${SHOP_QUERY}`, {
      headers,
      data: {
        payment_method: 'card',
        card_token: 'tok_ok',
        accept_terms: true,
        expected_total: cart.grand_total.ttc,
        email: shopper.email,
      },
    }),
    201,
  );
  // An order under way keeps its customer: it is dispatched before the erasure (the API key, on this machine).
  const staff = await shop.post(
    `${consoleStack.backofficeURL}/api/v1/staff/orders/${placed.order.id}/dispatch?site_id=3`,
    {
      headers: { 'x-api-key': consoleStack.apiKey! },
      data: { carrier: 'royal_mail', tracking_number: 'AB123456789GB' },
    },
  );
  expect(staff.status(), await staff.text()).toBe(200);
  return {
    id: placed.order.id as number,
    number: placed.order.number as string,
    total: cart.grand_total.ttc as number,
  };
}

/** The customer's page, found through the list's search. */
async function openCustomer(page: Page, email: string) {
  await page.goto('/admin/customers');
  await page.getByPlaceholder('E-mail, name, company or phone').fill(email);
  await expect(page).toHaveURL(/filter=/);
  await page.getByRole('row').filter({ hasText: email }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Jo Bloggs' })).toBeVisible();
}

test.describe('an owner', () => {
  test.use({ storageState: signedInAs('owner') });

  test('exports a customer’s data and erases them; their order keeps its total, marked erased', async ({
    page,
    playwright,
  }) => {
    const shopper = await signsUp(playwright, 'erased');
    const order = await buysAndGetsIt(shopper);

    await openCustomer(page, shopper.email);
    await expect(page.getByRole('link', { name: order.number })).toBeVisible();
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export data' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^customer-\d+-\d{4}-\d\d-\d\d\.json$/);
    const exported = JSON.parse(await readFile((await download.path())!, 'utf8'));
    expect(exported.account.email).toBe(shopper.email);
    expect(exported.orders[0].number).toBe(order.number);

    await page.getByRole('button', { name: 'Erase customer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Erase Jo Bloggs?' });
    await dialog
      .getByRole('textbox', { name: "Type the customer's e-mail address to confirm" })
      .fill('someone@else.example');
    await dialog.getByRole('button', { name: 'Erase customer' }).click();
    await expect(dialog.getByRole('alert')).toContainText('exactly');
    await dialog
      .getByRole('textbox', { name: "Type the customer's e-mail address to confirm" })
      .fill(shopper.email);
    await dialog.getByRole('button', { name: 'Erase customer' }).click();
    await expect(page.getByText('Customer erased')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/customers/);

    const refused = await logIn(shopper);
    expect(refused.status()).toBe(401);
    await shopper.shop.dispose();

    await page.goto(`/admin/orders/${order.id}/show`);
    await expect(page.getByRole('heading', { level: 1, name: `Order ${order.number}` })).toBeVisible();
    await expect(page.getByText('Customer erased')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Totals' })).toContainText(pounds(order.total));
    await page.goto('/admin/orders');
    await page.getByPlaceholder('Number, e-mail, name or postcode').fill(order.number);
    await expect(page).toHaveURL(new RegExp(order.number));
    const row = page.getByRole('row').filter({ hasText: order.number });
    await expect(row).toContainText('(Erased)');
    await expect(row).toContainText(pounds(order.total));
  });
});

test.describe('customer service', () => {
  test.use({ storageState: signedInAs('customer_service') });

  test('disables an account: the customer’s sign-in is refused; neither export nor erase is offered', async ({
    page,
    playwright,
  }) => {
    const shopper = await signsUp(playwright, 'disabled');
    await openCustomer(page, shopper.email);
    await expect(page.getByRole('link', { name: 'Export data' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Erase customer' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Disable account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Disable this account?' });
    await dialog.getByRole('button', { name: 'Disable account' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Account disabled')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Enable account' })).toBeVisible();
    await expect(page.getByText('Not signed in anywhere.')).toBeVisible();

    const refused = await logIn(shopper);
    expect(refused.status()).toBe(403);
    expect((await refused.json()).message).toBe(ACCOUNT_MESSAGES.accountDisabled);
    await shopper.shop.dispose();
  });
});
