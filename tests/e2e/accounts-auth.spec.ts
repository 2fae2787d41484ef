/**
 * Signing in, end to end against the real back-office (issue 11), on desktop and phone: sign-up with the password
 * requirements shown as they are met and "Passwords do not match", the verification link from the e-mail caught
 * by the suite's SMTP server, logging out; a guest basket merged into the account's at login (the badge sums
 * them) after the spec's "Please enter your email and password" and the wrong-password message; a forgotten
 * password reset from the mailed link, which logs in; the route guard of the account area; the customer's basket
 * coming back from the server after the browser's storage is cleared; and a `next=` that leaves the site once
 * normalised (`/..//evil.example`), which lands on the account instead. Each test and project has its own e-mail
 * address.
 * Run: E2E_PORT=4831 E2E_BACKOFFICE_PORT=4830 npx playwright test tests/e2e/accounts-auth.spec.ts
 */
import { ACCOUNT_MESSAGES } from '@plasterwick/shop-rules/accounts';
import { MESSAGES } from '@plasterwick/shop-rules/validation';
import { expect, test, type Page } from '@playwright/test';
import { PLAN_IDS } from '../../src/lib/config.ts';
import { logIn, newCustomer, registerCustomer, type TestCustomer } from './support/accounts.ts';
import { expectNoSeriousA11yIssues } from './support/axe.ts';
import { e2e } from './support/harness.ts';
import { mailsTo } from './support/mail.ts';

const PRO = 'professional-filler';
const DIY = 'diy-filler';

const header = (page: Page) => page.getByRole('banner');
const accountLink = (page: Page) => header(page).getByRole('link', { name: /^(Log in|My account)$/ });
const basketLink = (page: Page) => header(page).getByRole('link', { name: /^Basket\b/ });
const toast = (page: Page, text: string) =>
  page.getByRole('region', { name: 'Notifications' }).getByText(text);

async function firstProductSlug(planId: number): Promise<string> {
  const response = await fetch(
    `${e2e.backofficeURL}/api/v1/product?site_id=3&saleplan_id=${planId}&perPage=1`,
  );
  const { data } = (await response.json()) as { data: { items: { slug: string }[] } };
  return data.items[0]!.slug;
}

/** Adds `quantity` of the plan's first product from its page; waits for the server cart's token. */
async function addToBasket(page: Page, segment: string, planId: number, quantity: number): Promise<void> {
  await page.goto(`/${segment}/product/${await firstProductSlug(planId)}`);
  const form = page.locator('form', { has: page.getByRole('button', { name: /add to basket/i }) }).first();
  await form.getByLabel('Quantity').fill(String(quantity));
  await form.getByRole('button', { name: /add to basket/i }).click();
  await expect(basketLink(page).first()).toHaveAccessibleName(/^Basket, \d+ items?$/);
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('plasterwick:basket') ?? ''))
    .toContain('"token"');
}

/** The path and query of the first link to `page` (`verify-email`, `reset-password`) in the mails to `to`. */
async function mailedLink(to: string, page: string, count = 1): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s"<>]+/${page}\\?token=[^\\s"<>]+`);
  const deadline = Date.now() + 15_000;
  for (let wanted = count; ; wanted += 1) {
    const mails = await mailsTo(to, Math.min(wanted, count), Math.max(1_000, deadline - Date.now()));
    const found = mails.map((mail) => mail.text.match(pattern)?.[0]).find(Boolean);
    if (found) {
      const url = new URL(found);
      return `${url.pathname}${url.search}`;
    }
    if (Date.now() > deadline) throw new Error(`no ${page} link mailed to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

async function fillSignUp(page: Page, customer: TestCustomer): Promise<void> {
  await page.getByLabel('First name').fill(customer.firstName);
  await page.getByLabel('Last name').fill(customer.lastName);
  await page.getByLabel('Email address').fill(customer.email);
}

async function logInWithForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

test.describe('signing in', () => {
  test('signs up with the requirements shown live, verifies from the e-mail, logs out', async ({
    page,
  }, testInfo) => {
    test.slow();
    const customer = newCustomer('signup', 'part', testInfo.project.name);
    await page.goto(`/${DIY}/sign-up`);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(page.getByText('You are signing up as a DIY customer')).toBeVisible();
    // Trade-only company fields are not offered to DIY customers.
    await expect(page.getByLabel('Company registration number')).toHaveCount(0);
    await fillSignUp(page, customer);

    const requirements = page.getByRole('list').filter({ hasText: 'One upper-case letter' });
    const requirement = (text: string) => requirements.getByRole('listitem').filter({ hasText: text });
    const password = page.getByRole('textbox', { name: 'Password', exact: true });
    await password.pressSequentially('abc');
    await expect(requirement('One lower-case letter')).toContainText('(met)');
    await expect(requirement('One upper-case letter')).toContainText('(not met yet)');
    await expect(requirement('One number')).toContainText('(not met yet)');
    await expect(requirement('8 to 128 characters')).toContainText('(not met yet)');
    await password.fill(customer.password);
    for (const text of [
      '8 to 128 characters',
      'One lower-case letter',
      'One upper-case letter',
      'One number',
    ])
      await expect(requirement(text)).toContainText('(met)');

    await page.getByRole('textbox', { name: 'Confirm the password', exact: true }).fill('Another-Passw0rd');
    await page.getByRole('button', { name: 'Create my account' }).click();
    await expect(page.getByText(MESSAGES.passwordsDoNotMatch)).toBeVisible();
    await expect(page.getByText(MESSAGES.acceptTerms)).toBeVisible();
    await expectNoSeriousA11yIssues(page, 'main');
    await page.getByRole('textbox', { name: 'Confirm the password', exact: true }).fill(customer.password);
    await expect(page.getByText(MESSAGES.passwordsDoNotMatch)).toBeHidden();
    await page.getByRole('checkbox', { name: /I accept the terms of sale/ }).check();
    await page.getByRole('button', { name: 'Create my account' }).click();

    await expect(page.getByRole('heading', { name: 'Your account is ready' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByText('Check your inbox to verify your e-mail address')).toBeVisible();
    await expect(page.getByText('You are logged in.')).toBeVisible();
    await expect(accountLink(page)).toHaveAccessibleName('My account');

    // Unverified: the overview says to check the inbox.
    await page.goto(`/${DIY}/account`);
    await expect(page.getByRole('heading', { name: `Hello ${customer.firstName}` })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Please verify your e-mail address' })).toBeVisible();
    await expectNoSeriousA11yIssues(page, 'main');

    await page.goto(await mailedLink(customer.email, 'verify-email'));
    await expect(page.getByRole('heading', { name: 'Your e-mail address is verified' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to my account' }).click();
    await expect(page.getByRole('heading', { name: `Hello ${customer.firstName}` })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Please verify your e-mail address' })).toBeHidden();

    await page
      .getByRole('navigation', { name: 'My account' })
      .getByRole('button', { name: 'Log out' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/${DIY}/?$`));
    await expect(accountLink(page)).toHaveAccessibleName('Log in');
    expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain('pw_session');
  });

  test('logs in after the spec messages, and the guest basket joins the account basket', async ({
    page,
  }, testInfo) => {
    test.slow();
    const customer = newCustomer('merge', 'pro', testInfo.project.name);
    await registerCustomer(customer);
    // The account's own basket: 2 items, added while logged in.
    await logIn(page, customer);
    await addToBasket(page, PRO, PLAN_IDS.pro, 2);
    await page.goto(`/${PRO}/account`);
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/$/);
    // Logged out, the basket is the account's: the browser's is empty. A guest basket of 1 item.
    await expect(basketLink(page)).toHaveAccessibleName('Basket');
    await addToBasket(page, PRO, PLAN_IDS.pro, 1);
    await expect(basketLink(page)).toHaveAccessibleName('Basket, 1 item');

    await accountLink(page).click();
    await expect(page).toHaveURL(new RegExp(`/${PRO}/login$`));
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByText(ACCOUNT_MESSAGES.emailAndPassword)).toBeVisible();
    await expect(page.getByLabel('Email address')).toBeFocused();
    await page.getByLabel('Email address').fill(customer.email);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByText(ACCOUNT_MESSAGES.emailAndPassword)).toBeVisible();
    await logInWithForm(page, customer.email, 'Wrong-passw0rd');
    await expect(page.getByText(ACCOUNT_MESSAGES.loginFailed)).toBeVisible();
    await expectNoSeriousA11yIssues(page, 'main');

    await logInWithForm(page, customer.email, customer.password);
    await expect(page).toHaveURL(new RegExp(`/${PRO}/account$`));
    await expect(page.getByRole('heading', { name: `Hello ${customer.firstName}` })).toBeVisible();
    await expect(basketLink(page)).toHaveAccessibleName('Basket, 3 items');
    await expect(accountLink(page)).toHaveAccessibleName('My account');
  });

  test('a login whose next= leaves the site once normalised stays on the site', async ({
    page,
  }, testInfo) => {
    const customer = newCustomer('next', 'pro', testInfo.project.name);
    await registerCustomer(customer);
    // Each resolves to `//evil.example/phish`, which a browser reads as another host (issue 21).
    for (const next of [
      '/..//evil.example/phish',
      '/.//evil.example/phish',
      '/x/..//evil.example/phish',
      '/%2e%2e//evil.example/phish',
    ]) {
      await page.context().clearCookies();
      await page.goto(`/${PRO}/login?next=${next}`);
      await logInWithForm(page, customer.email, customer.password);
      await expect(page, next).toHaveURL(`${e2e.baseURL}/${PRO}/account`);
      await expect(page.getByRole('heading', { name: `Hello ${customer.firstName}` })).toBeVisible();
    }
  });

  test('a forgotten password is reset from the mailed link, which logs in', async ({ page }, testInfo) => {
    test.slow();
    const customer = newCustomer('reset', 'pro', testInfo.project.name);
    await registerCustomer(customer);
    await page.goto(`/${PRO}/login`);
    await page.getByRole('link', { name: 'Forgotten your password?' }).click();
    await expect(page).toHaveURL(new RegExp(`/${PRO}/forgotten-password$`));
    await page.getByLabel('Email address').fill(customer.email);
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('If an account exists for this address')).toBeVisible();

    // The verification mail of the registration came first; the reset link is in the second.
    await page.goto(await mailedLink(customer.email, 'reset-password', 2));
    const newPassword = 'Fresh-Filler-2026';
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
    await page.getByRole('textbox', { name: 'Confirm the password', exact: true }).fill(`${newPassword}x`);
    await page.getByRole('button', { name: 'Save my new password' }).click();
    await expect(page.getByText(MESSAGES.passwordsDoNotMatch)).toBeVisible();
    await page.getByRole('textbox', { name: 'Confirm the password', exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Save my new password' }).click();
    await expect(page.getByRole('heading', { name: 'Your password has been changed' })).toBeVisible();
    await expect(accountLink(page)).toHaveAccessibleName('My account');
    await page.getByRole('link', { name: 'Go to my account' }).click();
    await expect(page.getByRole('heading', { name: `Hello ${customer.firstName}` })).toBeVisible();

    // The link was used: asking with it again is refused, with a way to ask for a new one.
    await page.goBack();
    await page.reload();
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
    await page.getByRole('textbox', { name: 'Confirm the password', exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Save my new password' }).click();
    await expect(page.getByText(ACCOUNT_MESSAGES.resetLinkInvalid)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
  });

  test('the account area sends visitors without the login cookie home', async ({ page }) => {
    await page.goto(`/${PRO}/account`);
    await expect(page).toHaveURL(new RegExp(`^${e2e.baseURL}/$`));
    await page.goto(`/${DIY}/account/profile`);
    await expect(page).toHaveURL(new RegExp(`/${DIY}/?$`));
    await expect(accountLink(page)).toHaveAccessibleName('Log in');
    await expect(accountLink(page)).toHaveAttribute('href', `/${DIY}/login`);
  });

  test('the profile and the password are saved with the spec toasts; sending favourites asks to log in', async ({
    page,
  }, testInfo) => {
    test.slow();
    const customer = newCustomer('profile', 'pro', testInfo.project.name);
    await registerCustomer(customer, 'Fixer Builders Ltd');

    // Logged out, the favourites page's "send by e-mail" is "Please log in", back to the wishlist afterwards.
    await page.goto(`/${PRO}/favorites`);
    await page.getByRole('link', { name: ACCOUNT_MESSAGES.pleaseLogIn }).click();
    await expect(page).toHaveURL(new RegExp(`/${PRO}/login\\?next=`));
    await logInWithForm(page, customer.email, customer.password);
    await expect(page).toHaveURL(new RegExp(`/${PRO}/account/wishlist$`));

    await page.goto(`/${PRO}/account/profile`);
    const details = page.getByRole('form', { name: 'Your details' });
    await expect(details.getByLabel('Company', { exact: true })).toHaveValue('Fixer Builders Ltd');
    await expect(page.getByText(`Your e-mail address: ${customer.email}`)).toBeVisible();
    await details.getByLabel('First name').fill('Samantha');
    await details.getByLabel('Company', { exact: true }).fill('');
    await details.getByRole('button', { name: 'Save my details' }).click();
    await expect(toast(page, 'Changes saved')).toBeVisible();
    await page.reload();
    await expect(details.getByLabel('First name')).toHaveValue('Samantha');
    await expect(details.getByLabel('Company', { exact: true })).toHaveValue('');
    await expectNoSeriousA11yIssues(page, 'main');

    const password = page.getByRole('form', { name: 'Change your password' });
    const field = (name: string) => password.getByRole('textbox', { name, exact: true });
    await field('Current password').fill('Not-my-passw0rd');
    await field('New password').fill('Brand-New-2026');
    await field('Confirm the password').fill('Brand-New-2027');
    await password.getByRole('button', { name: 'Change my password' }).click();
    await expect(password.getByText(MESSAGES.passwordsDoNotMatch)).toBeVisible();
    await field('Confirm the password').fill('Brand-New-2026');
    await password.getByRole('button', { name: 'Change my password' }).click();
    await expect(toast(page, 'An unknown error has occurred')).toBeVisible();
    await expect(field('Current password')).toHaveAttribute('aria-invalid', 'true');
    await field('Current password').fill(customer.password);
    await password.getByRole('button', { name: 'Change my password' }).click();
    await expect(toast(page, 'Changes saved')).toBeVisible();
    await expect(field('Current password')).toHaveValue('');

    // The new password is the one that logs in now.
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto(`/${PRO}/login`);
    await logInWithForm(page, customer.email, customer.password);
    await expect(page.getByText(ACCOUNT_MESSAGES.loginFailed)).toBeVisible();
    await logInWithForm(page, customer.email, 'Brand-New-2026');
    await expect(page.getByRole('heading', { name: 'Hello Samantha' })).toBeVisible();
  });

  test("a logged-in customer's basket comes back after the browser storage is cleared", async ({
    page,
  }, testInfo) => {
    const customer = newCustomer('restore', 'pro', testInfo.project.name);
    await registerCustomer(customer);
    await logIn(page, customer);
    await addToBasket(page, PRO, PLAN_IDS.pro, 2);
    await page.evaluate(() => localStorage.clear());
    await page.goto(`/${PRO}/favorites`);
    await expect(basketLink(page)).toHaveAccessibleName('Basket, 2 items');
    await expect(accountLink(page)).toHaveAccessibleName('My account');

    if (testInfo.project.name === 'mobile') {
      // On phones the account button is in the header on the brand's row beside the basket, 44 px high and
      // inside the screen; the toolbar keeps its four tiles.
      const box = (await accountLink(page).boundingBox())!;
      const brand = (await header(page)
        .getByRole('link', { name: /Plasterwick/ })
        .boundingBox())!;
      const basket = (await basketLink(page).boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.y).toBeLessThan(brand.y + brand.height);
      expect(basket.y).toBeLessThan(brand.y + brand.height);
      expect(basket.x + basket.width).toBeLessThanOrEqual(390);
      await expect(page.getByRole('navigation', { name: 'Shortcuts' }).getByRole('link')).toHaveCount(4);
    }
  });

  test('an error shown on leaving a field does not take the click on the next control away', async ({
    page,
  }, testInfo) => {
    // Seen on a desk (issue 30): the company number's message moved the terms box from under the pointer.
    test.skip(testInfo.project.name !== 'desktop', 'desktop only');
    await page.goto(`/${PRO}/sign-up`);
    const number = page.getByLabel('Company registration number');
    await number.focus();
    // The form's code is attached once the password's requirements describe it.
    await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toHaveAttribute(
      'aria-describedby',
      /field-password-requirements/,
    );
    await number.fill('12');
    const terms = page.getByRole('checkbox', { name: /I accept the terms of sale/ });
    await terms.click();
    await expect(terms).toBeChecked();
    await expect(page.getByText(MESSAGES.companyNumber)).toBeVisible();
    await expect(number).toHaveAttribute('aria-invalid', 'true');
  });
});
