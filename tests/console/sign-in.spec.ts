/**
 * Signing in to the console: every wrong part gets the one answer, a recovery code works once, a deep link waits
 * for the sign-in and then opens, and a person sees only the screens their role allows.
 */
import { expect, test } from '@playwright/test';
import { personOf, signInOnPage } from './support/people.ts';
import { signedInAs } from './support/stack.ts';

const WRONG = 'The e-mail address, password or code is incorrect';

test('a wrong code, a wrong password and an unknown address get the same answer', async ({ page }) => {
  const { email } = personOf('role-read_only');
  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { name: 'Sign in to the staff console' })).toBeVisible();

  await signInOnPage(page, email, '000000');
  await expect(page.getByRole('alert')).toHaveText(WRONG);
  await signInOnPage(page, email, '123456', { password: 'Not-The-Password-1' });
  await expect(page.getByRole('alert')).toHaveText(WRONG);
  await signInOnPage(page, 'nobody@example.co.uk', '123456');
  await expect(page.getByRole('alert')).toHaveText(WRONG);
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test('a recovery code signs in once', async ({ page }) => {
  const { email, name, recoveryCodes } = personOf('role-recruitment');
  await page.goto('/admin/login');
  await signInOnPage(page, email, recoveryCodes[0]!, { recovery: true });
  await expect(page.getByRole('heading', { name: `Welcome, ${name}` })).toBeVisible();

  await page.getByRole('button', { name: 'Profile' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await signInOnPage(page, email, recoveryCodes[0]!, { recovery: true });
  await expect(page.getByRole('alert')).toHaveText(WRONG);
});

test('a deep link asks for the sign-in first, then opens where it pointed', async ({ page }) => {
  const { email, recoveryCodes } = personOf('role-owner');
  // The back-office answers every console path with the application, which sends a visitor to sign in.
  await page.goto('/admin/people');
  await expect(page.getByRole('heading', { name: 'Sign in to the staff console' })).toBeVisible();
  await signInOnPage(page, email, recoveryCodes[0]!, { recovery: true });
  await expect(page).toHaveURL(/\/admin\/people/);
  await expect(page.getByRole('cell', { name: email })).toBeVisible();
});

test.describe('a person whose role does not manage staff', () => {
  test.use({ storageState: signedInAs('catalogue') });

  test('is not offered the staff screens, and is refused them by address', async ({ page }) => {
    await page.goto('/admin/');
    await expect(page.getByRole('heading', { name: 'Welcome, Catalogue Person' })).toBeVisible();
    await expect(page.getByText('You are signed in as Catalogue.')).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Staff' })).toHaveCount(0);
    await expect(page.getByRole('menuitem', { name: 'My sessions' })).toBeVisible();

    await page.goto('/admin/people');
    await expect(page.getByText('You do not have permission to see this page')).toBeVisible();
    await expect(page.getByRole('cell')).toHaveCount(0);
  });
});
