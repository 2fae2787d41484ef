/**
 * Trade accounts in the console (issue 24), end to end on the console's stack: a customer signs up and applies for
 * a trade account on its storefront's own pages (Chromium); a `credit_control` person approves the application in
 * the console with a 500 £ limit; the customer then sees "On account" at checkout and the credit left on the trade
 * page; put on hold in the console, the checkout's On account option is gone.
 */
import { formatPrice } from '@plasterwick/shop-rules/price-format';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yIssues } from '../e2e/support/axe.ts';
import { consoleStack, signedInAs } from './support/stack.ts';

test.use({ storageState: signedInAs('credit_control') });

const PRO = 'professional-filler';
const COMPANY = `Hart Plastering ${Date.now().toString(36)} Ltd`;

async function signUp(shop: Page, email: string) {
  await shop.goto(`/${PRO}/sign-up`);
  await shop.getByLabel('First name').fill('Alex');
  await shop.getByLabel('Last name').fill('Hart');
  await shop.getByLabel('Email address').fill(email);
  await shop.getByRole('textbox', { name: 'Password', exact: true }).fill('Plasterw1ck-test');
  await shop.getByRole('textbox', { name: 'Confirm the password', exact: true }).fill('Plasterw1ck-test');
  await shop.getByRole('checkbox', { name: /I accept the terms of sale/ }).check();
  await shop.getByRole('button', { name: 'Create my account' }).click();
  await expect(shop.getByRole('heading', { name: 'Your account is ready' })).toBeVisible({ timeout: 30_000 });
}

/** A basket of the first product, delivered to Leeds: on to the payment step. */
async function toPayment(shop: Page) {
  const listed = await shop.request.get(
    `/api/v1/product?site_id=3&lang=en&client=web&saleplan_id=1&perPage=1`,
  );
  const slug = ((await listed.json()) as { data: { items: { slug: string }[] } }).data.items[0]!.slug;
  await shop.goto(`/${PRO}/product/${slug}`);
  const form = shop.locator('form', { has: shop.getByRole('button', { name: /add to basket/i }) }).first();
  await form.getByRole('button', { name: /add to basket/i }).click();
  await expect(shop.getByRole('link', { name: /basket, \d+ item/i }).first()).toBeVisible();
  await expect
    .poll(() => shop.evaluate(() => localStorage.getItem('plasterwick:basket') ?? ''))
    .toContain('"token"');
  await shop.goto(`/${PRO}/checkout/delivery`);
  await shop.getByLabel('Phone number').fill('0113 496 0000');
  await shop.getByRole('radio', { name: /home delivery/i }).check();
  await shop.getByRole('textbox', { name: 'Address', exact: true }).first().fill('1 Park Row');
  await shop.getByLabel('Town or city').first().fill('Leeds');
  await shop.getByLabel('Postcode').first().fill('LS1 5HD');
  await shop.getByLabel('Postcode').first().blur();
  const carriers = shop.getByRole('group', { name: /delivery option/i });
  await expect(carriers.getByRole('radio').first()).toBeVisible();
  await carriers.getByRole('radio').last().check();
  await shop.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(shop).toHaveURL(/\/checkout\/payment$/);
}

test('a customer applies, credit control approves with a 500 £ limit, then puts the account on hold', async ({
  page,
  browser,
}) => {
  test.slow();
  const email = `trade-${Date.now().toString(36)}@example.co.uk`;
  const customer = await browser.newContext({ baseURL: consoleStack.shopURL, storageState: undefined });
  const shop = await customer.newPage();

  // The customer signs up and applies on the storefront's trade page.
  await signUp(shop, email);
  await shop.goto(`/${PRO}/account`);
  await shop.getByRole('link', { name: 'Trade account' }).first().click();
  await expect(shop.getByRole('heading', { level: 1, name: 'Trade account' })).toBeVisible();
  await shop.getByRole('button', { name: 'Send the application' }).click();
  await expect(shop.getByText('Please enter the company name')).toBeVisible();
  await shop.getByLabel('Company name').fill(COMPANY);
  await shop.getByLabel('Company registration number').fill('73282932000074');
  await shop.getByLabel('VAT number').fill('GB12');
  await shop.getByLabel('Expected monthly spend (£)').fill('1500');
  await shop.getByLabel('Contact phone number').fill('0113 496 0000');
  await shop.getByRole('button', { name: 'Send the application' }).click();
  await expect(shop.getByText('Please enter a UK VAT number: GB and 9 or 12 digits')).toBeVisible();
  await shop.getByLabel('VAT number').fill('GB123456789');
  await shop.getByRole('button', { name: 'Send the application' }).click();
  await expect(
    shop.getByText(`Your application for ${COMPANY} is with our credit control team`),
  ).toBeVisible();
  await expect(shop.getByRole('button', { name: 'Send the application' })).toBeHidden();

  // Credit control finds it from the dashboard and approves it in the console.
  await page.goto('/admin/');
  const waiting = page.getByRole('link', { name: /^Trade applications waiting \d+$/ });
  await expect(waiting).not.toHaveText(/waiting\s*0$/);
  await waiting.click();
  await expect(page).toHaveURL(/\/admin\/trade-applications\?/);
  await page.getByRole('cell', { name: COMPANY }).click();
  await expect(page.getByText('73282932000074')).toBeVisible();
  await page.getByRole('button', { name: 'Approve' }).click();
  const approve = page.getByRole('dialog', { name: `Approve ${COMPANY}?` });
  await approve.getByLabel('Payment terms (days)').fill('30');
  await approve.getByLabel('Credit limit (£)').fill('500');
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText(`${COMPANY} is a trade account: £500.00 of credit.`)).toBeVisible();
  await expect(page.getByText('Approved', { exact: true })).toBeVisible();

  // The customer sees the credit left, and On account at checkout.
  await shop.goto(`/${PRO}/account/trade`);
  await expect(shop.getByText(`${COMPANY} has a trade account`)).toBeVisible();
  const left = shop.locator('dt', { hasText: 'Credit left' }).locator('xpath=following-sibling::dd[1]');
  await expect(left).toHaveText(formatPrice(50_000));
  await expectNoSeriousA11yIssues(shop, 'main');
  await toPayment(shop);
  await expect(shop.getByRole('radio', { name: /on account/i })).toBeVisible();

  // On hold in the console: the option is gone.
  await page.goto('/admin/trade-accounts');
  await page.getByRole('cell', { name: email }).click();
  await page.getByRole('button', { name: 'Put on hold' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Put on hold' }).click();
  await expect(page.getByText('On hold: no on-account checkout')).toBeVisible();
  await shop.reload();
  await expect(shop.getByRole('radio', { name: /card/i })).toBeVisible();
  await expect(shop.getByRole('radio', { name: /on account/i })).toHaveCount(0);
  await customer.close();
});
