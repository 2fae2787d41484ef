/**
 * The account area and checkout with an account, end to end against the real back-office (issue 11), on desktop
 * and phone: a pro account approved as a trade account by staff pays on account with a PO number, finds the
 * order in my orders and on its page, and orders it again from my orders; a DIY account adds, edits and deletes
 * addresses and checks out to the saved one; the wishlist (the device's favourites merged into the account's) is
 * sent to a colleague by e-mail once the account has confirmed its address (before, the page says why it cannot)
 * and follows a removal. Accounts are registered through the API and logged in
 * through the storefront's own call; each test and project has its own e-mail address.
 */
import { ACCOUNT_MESSAGES } from '@plasterwick/shop-rules/accounts';
import { CHECKOUT_MESSAGES } from '@plasterwick/shop-rules/checkout';
import { MESSAGES } from '@plasterwick/shop-rules/validation';
import { expect, test, type Page } from '@playwright/test';
import { approveTrade, logIn, newCustomer, registerCustomer, verifyEmail } from './support/accounts.ts';
import { expectNoSeriousA11yIssues } from './support/axe.ts';
import { e2e } from './support/harness.ts';
import { mailsTo } from './support/mail.ts';

const PRO = 'professional-filler';
const DIY = 'diy-filler';

async function firstProduct(planId: number): Promise<{ id: number; slug: string; name: string }> {
  const response = await fetch(
    `${e2e.backofficeURL}/api/v1/product?site_id=3&saleplan_id=${planId}&perPage=1`,
  );
  const { data } = (await response.json()) as {
    data: { items: { id: number; slug: string; name: string }[] };
  };
  return data.items[0]!;
}

async function addToBasket(page: Page, segment: string, planId: number, quantity: number): Promise<void> {
  await page.goto(`/${segment}/product/${(await firstProduct(planId)).slug}`);
  const form = page.locator('form', { has: page.getByRole('button', { name: /add to basket/i }) }).first();
  await form.getByLabel('Quantity').fill(String(quantity));
  await form.getByRole('button', { name: /add to basket/i }).click();
  await expect(page.getByRole('link', { name: /basket, \d+ item/i }).first()).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('plasterwick:basket') ?? ''))
    .toContain('"token"');
}

async function chooseCarrier(page: Page): Promise<void> {
  const carriers = page.getByRole('group', { name: /delivery option/i });
  await expect(carriers.getByRole('radio').first()).toBeVisible();
  await carriers.getByRole('radio').last().check();
}

/**
 * Places an order for the logged-in account through the storefront's `/api/v1` (the page's cookies): two bags of
 * the first product, delivered, paid with `tok_ok`. Returns its number.
 */
async function placeOrderByApi(page: Page, planId: number, email: string): Promise<string> {
  const query = `site_id=3&lang=en&client=web&saleplan_id=${planId}`;
  const product = await firstProduct(planId);
  const added = await page.request.post(`/api/v1/cart/items?${query}`, {
    data: { items: [{ element_id: product.id, element_type: 'product', quantity: 2 }] },
  });
  expect(added.status(), await added.text()).toBe(201);
  const headers = { 'x-cart-token': ((await added.json()) as { token: string }).token };
  const delivery = await page.request.put(`/api/v1/checkout/delivery?${query}`, {
    headers,
    data: {
      method: 'delivery',
      address: {
        first_name: 'Sam',
        last_name: 'Fixer',
        address: '1 Mill Lane',
        town: 'Manchester',
        postcode: 'M1 1AE',
      },
      carrier_code: 'standard',
      phone: '0161 496 0000',
    },
  });
  expect(delivery.status(), await delivery.text()).toBe(200);
  const total = ((await delivery.json()) as { cart: { grand_total: { ttc: number } } }).cart.grand_total.ttc;
  const done = await page.request.post(`/api/v1/checkout/complete?${query}`, {
    headers,
    data: { payment_method: 'card', card_token: 'tok_ok', accept_terms: true, expected_total: total, email },
  });
  expect(done.status(), await done.text()).toBeLessThan(300);
  const body = JSON.stringify(await done.json());
  return /PW-\d+/.exec(body)![0];
}

test.describe('account area', () => {
  test('my orders on a phone: each order is a card, nothing cut, the number on one line (issue 30)', async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'mobile', 'the cards are the phone layout');
    const customer = newCustomer('cards', 'part', testInfo.project.name);
    await registerCustomer(customer);
    await logIn(page, customer);
    const number = await placeOrderByApi(page, 2, customer.email);

    await page.goto(`/${DIY}/account/orders`);
    const card = page.getByRole('listitem').filter({ hasText: number });
    await expect(card.getByRole('link', { name: number, exact: true })).toBeVisible();
    await expect(card.getByText(/\d\s£$/)).toBeInViewport({ ratio: 1 });
    const again = card.getByRole('button', { name: `Order again: ${number}` });
    await expect(again).toBeInViewport({ ratio: 1 });
    // Nothing wider than the screen, and the order number on one line.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const link = card.getByRole('link', { name: number, exact: true });
    const lines = await link.evaluate((element) => {
      const style = getComputedStyle(element);
      return element.getBoundingClientRect().height / parseFloat(style.lineHeight || style.fontSize);
    });
    expect(lines).toBeLessThan(1.5);
    await expectNoSeriousA11yIssues(page, 'main');
    await again.click();
    await expect(page).toHaveURL(new RegExp(`/${DIY}/basket$`));
  });

  test('a trade account pays on account with a PO, sees the order in my orders and orders it again', async ({
    page,
    isMobile,
  }, testInfo) => {
    test.slow();
    const customer = newCustomer('trade', 'pro', testInfo.project.name);
    await registerCustomer(customer, 'Fixer Builders Ltd');
    await approveTrade(customer.email, {
      paymentTermsDays: 30,
      creditLimitPence: 5_000_000,
      poRequired: true,
    });
    await logIn(page, customer);
    await addToBasket(page, PRO, 1, 2);

    await page.goto(`/${PRO}/checkout/delivery`);
    // The account fills in what it knows.
    await expect(page.getByLabel('Email address')).toHaveValue(customer.email);
    await expect(page.getByLabel('First name').first()).toHaveValue(customer.firstName);
    await page.getByLabel('Phone number').fill('0113 496 0000');
    await page.getByRole('radio', { name: /home delivery/i }).check();
    await page.getByRole('textbox', { name: 'Address', exact: true }).first().fill('1 Park Row');
    await page.getByLabel('Town or city').first().fill('Leeds');
    await page.getByLabel('Postcode').first().fill('LS1 5HD');
    await page.getByLabel('Postcode').first().blur();
    await page.getByRole('checkbox', { name: 'Save this address to my account' }).first().check();
    await chooseCarrier(page);
    await page.getByRole('button', { name: 'Continue to payment' }).click();

    await expect(page).toHaveURL(/\/checkout\/payment$/);
    const onAccount = page.getByRole('radio', { name: /on account/i });
    await onAccount.check();
    await expect(page.getByText(/credit available/)).toBeVisible();
    await page.getByRole('checkbox', { name: /sales conditions/i }).check();
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page.getByText(CHECKOUT_MESSAGES.poNumber)).toBeVisible();
    await expect(page.getByLabel('Purchase order (PO) number')).toBeFocused();
    await expectNoSeriousA11yIssues(page, 'main');
    await page.getByLabel('Purchase order (PO) number').fill('PO-4471');
    await page.getByRole('button', { name: /^Pay / }).click();

    await expect(page).toHaveURL(/\/confirmation\?order=PW-\d+/);
    const number = new URL(page.url()).searchParams.get('order')!;
    await expect(page.getByText(/Placed on your trade account: our invoice of .* is due by/)).toBeVisible();
    await expect(page.getByText('PO-4471')).toBeVisible();

    await page.goto(`/${PRO}/account/orders`);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    // A row of the table on a desk, a card on a phone (issue 30).
    const row = isMobile
      ? page.getByRole('listitem').filter({ hasText: number })
      : page.getByRole('row', { name: new RegExp(number) });
    await expect(row.getByText(/^On account\b/)).toBeVisible();
    await expectNoSeriousA11yIssues(page, 'main');
    await row.getByRole('link', { name: number, exact: true }).click();

    await expect(page.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible();
    const accountNav = page.getByRole('navigation', { name: 'My account' });
    await expect(accountNav.getByRole('link', { name: 'My orders' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText('PO-4471')).toBeVisible();
    await expect(page.getByText('Payment due by')).toBeVisible();
    await expect(page.getByText('Subtotal ex VAT')).toBeVisible();
    await expect(page.getByText('1 Park Row').first()).toBeVisible();
    await expectNoSeriousA11yIssues(page, 'main');

    // "Order again" from my orders: a new basket with the order's lines, and on to it.
    await page.goto(`/${PRO}/account/orders`);
    await page.getByRole('button', { name: `Order again: ${number}` }).click();
    await expect(page).toHaveURL(new RegExp(`/${PRO}/basket$`));
    await expect(page.getByRole('link', { name: 'Basket, 2 items' }).first()).toBeVisible();

    // Nothing else is an order's page.
    const notAnOrder = await page.goto(`/${PRO}/account/orders/not-an-order`);
    expect(notAnOrder?.status()).toBe(404);

    // The typed address joined the account.
    await page.goto(`/${PRO}/account/addresses`);
    await expect(page.getByRole('heading', { name: '1 Park Row, Leeds' })).toBeVisible();
  });

  test('addresses: add, edit, delete with confirmation, then deliver to the saved one', async ({
    page,
  }, testInfo) => {
    test.slow();
    const customer = newCustomer('addresses', 'part', testInfo.project.name);
    await registerCustomer(customer);
    await logIn(page, customer);

    await page.goto(`/${DIY}/account/orders`);
    await expect(page.getByText('You have not placed an order with this account yet.')).toBeVisible();
    await page.goto(`/${DIY}/account/addresses`);
    await expect(page.getByText('You have no saved address yet.')).toBeVisible();
    await page.getByRole('button', { name: 'Add an address' }).click();
    const form = page.getByRole('form', { name: 'New address' });
    await form.getByRole('button', { name: 'Save the address' }).click();
    // The back-office's rules and messages, the first field in error focused.
    await expect(form.getByText(MESSAGES.firstName)).toBeVisible();
    await expect(form.getByLabel('First name')).toBeFocused();
    await expectNoSeriousA11yIssues(page, 'main');
    await form.getByLabel('Name of this address').fill('Site office');
    await form.getByLabel('First name').fill('Sam');
    await form.getByLabel('Last name').fill('Fixer');
    await form.getByRole('textbox', { name: 'Address', exact: true }).fill('1 Park Row');
    await form.getByLabel('Town or city').fill('Leeds');
    await form.getByLabel('Postcode').fill('LS1 5HD');
    await form.getByRole('checkbox', { name: 'Use for delivery by default' }).check();
    await form.getByRole('button', { name: 'Save the address' }).click();
    await expect(page.getByText('Changes saved')).toBeVisible();
    const office = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Site office' }) });
    await expect(office.getByText('Default delivery address')).toBeVisible();

    await page.getByRole('button', { name: 'Edit Site office' }).click();
    const edit = page.getByRole('form', { name: 'Edit the address' });
    await expect(edit.getByLabel('Town or city')).toHaveValue('Leeds');
    await edit.getByRole('textbox', { name: 'Address', exact: true }).fill('2 Park Row');
    await edit.getByRole('button', { name: 'Save the address' }).click();
    await expect(office.getByText('2 Park Row')).toBeVisible();

    await page.getByRole('button', { name: 'Add an address' }).click();
    const second = page.getByRole('form', { name: 'New address' });
    await second.getByLabel('Name of this address').fill('Garage');
    await second.getByLabel('First name').fill('Sam');
    await second.getByLabel('Last name').fill('Fixer');
    await second.getByRole('textbox', { name: 'Address', exact: true }).fill('9 Kirkgate');
    await second.getByLabel('Town or city').fill('Wakefield');
    await second.getByLabel('Postcode').fill('WF1 1HG');
    await second.getByRole('button', { name: 'Save the address' }).click();
    await expect(page.getByRole('heading', { name: 'Garage' })).toBeVisible();
    await page.getByRole('button', { name: 'Delete Garage' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this address?' });
    await expect(dialog).toBeVisible();
    // Keeping it changes nothing; deleting asks once more through the dialog.
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await expect(page.getByRole('heading', { name: 'Garage' })).toBeVisible();
    await page.getByRole('button', { name: 'Delete Garage' }).click();
    await dialog.getByRole('button', { name: 'Delete the address' }).click();
    await expect(page.getByText('The address was deleted')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Garage' })).toHaveCount(0);

    // At checkout the default delivery address is the preselected choice.
    await addToBasket(page, DIY, 2, 1);
    await page.goto(`/${DIY}/checkout/delivery`);
    await expect(page.getByLabel('Email address')).toHaveValue(customer.email);
    await page.getByLabel('Phone number').fill('0113 496 0000');
    await page.getByRole('radio', { name: /home delivery/i }).check();
    await expect(page.getByRole('radio', { name: /^Site office/ })).toBeChecked();
    await expect(page.getByRole('textbox', { name: 'Address', exact: true }).first()).toBeHidden();
    await chooseCarrier(page);
    await expectNoSeriousA11yIssues(page, 'main');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page).toHaveURL(/\/checkout\/payment$/);
    await expect(page.getByText('2 Park Row')).toBeVisible();
  });

  test('wishlist: the device favourites join the account, are sent to a colleague and follow a removal', async ({
    page,
  }, testInfo) => {
    const customer = newCustomer('wishlist', 'pro', testInfo.project.name);
    const colleague = `colleague-${testInfo.project.name}-${Date.now().toString(36)}@example.co.uk`;
    await registerCustomer(customer);
    await logIn(page, customer);
    const product = await firstProduct(1);
    await page.goto(`/${PRO}/`);
    await page.evaluate(
      (id) => localStorage.setItem('plasterwick:favorites', JSON.stringify([id])),
      product.id,
    );

    await page.goto(`/${PRO}/account/wishlist`);
    await expect(page.getByRole('heading', { name: product.name })).toBeVisible();
    const accountList = async () =>
      (
        (await (await page.request.get('/api/v1/wishlist?site_id=3&lang=en&client=web')).json()) as {
          product_ids: number[];
        }
      ).product_ids;
    await expect.poll(accountList).toEqual([product.id]);
    await expectNoSeriousA11yIssues(page, 'main');

    await page.getByRole('radio', { name: 'A colleague' }).check();
    await page.getByLabel("Your colleague's email address").fill(colleague);
    await page.getByLabel('A note (optional)').fill('For the Leeds job');
    // Not before the account has confirmed its address: the page says so (issue 21).
    await page.getByRole('button', { name: 'Send the wishlist' }).click();
    await expect(page.getByText(ACCOUNT_MESSAGES.verifyEmailFirst)).toBeVisible();
    await verifyEmail(customer);
    await page.getByRole('button', { name: 'Send the wishlist' }).click();
    await expect(page.getByText(`Your wishlist was sent to ${colleague}`)).toBeVisible();
    const [mail] = await mailsTo(colleague);
    expect(mail!.text).toContain(product.name);
    expect(mail!.text).toContain('For the Leeds job');

    await page.getByRole('button', { name: `Remove from favourites ${product.name}` }).click();
    await expect.poll(accountList).toEqual([]);
  });
});
