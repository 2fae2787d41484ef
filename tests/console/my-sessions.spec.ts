/** My sessions: every browser signed in as me, when and from where; ending another one signs that browser out. */
import { expect, test } from '@playwright/test';
import { personOf, signInOnPage } from './support/people.ts';
import { consoleStack, signedInAs } from './support/stack.ts';

test.use({ storageState: signedInAs('customer_service') });

test('lists my sessions in UK time; ending another one signs that browser out', async ({ page, browser }) => {
  const { email, recoveryCodes } = personOf('role-customer_service');
  // A second browser signs in as the same person.
  const other = await browser.newContext({
    baseURL: consoleStack.backofficeURL,
    storageState: { cookies: [], origins: [] },
  });
  const otherPage = await other.newPage();
  await otherPage.goto('/admin/login');
  await signInOnPage(otherPage, email, recoveryCodes[1]!, { recovery: true });
  await expect(otherPage.getByRole('heading', { name: 'Welcome, Customer service Person' })).toBeVisible();

  await page.goto('/admin/');
  await page.getByRole('menuitem', { name: 'My sessions' }).click();
  await expect(page.getByRole('heading', { name: 'My sessions' })).toBeVisible();
  // This one (signed in by the setup's API call) is marked; the browser's one has its user agent.
  await expect(page.getByRole('row').filter({ hasText: 'This browser' })).toHaveCount(1);
  const otherRow = page.getByRole('row').filter({ hasText: 'HeadlessChrome' });
  await expect(otherRow).toHaveCount(1);
  await expect(otherRow).toContainText(/\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} (GMT|BST)/);
  await expect(otherRow).toContainText('127.0.0.1');

  await otherRow.getByRole('button', { name: 'End' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Session ended')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'HeadlessChrome' })).toHaveCount(0);

  // That browser's next call is refused: it is back at the sign-in page.
  await otherPage.getByRole('menuitem', { name: 'My sessions' }).click();
  await expect(otherPage.getByRole('heading', { name: 'Sign in to the staff console' })).toBeVisible();
  await other.close();
});
