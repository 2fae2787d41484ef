/**
 * Staff and invitations, as an owner: the list in UK time, a role changed from a form that holds the version it
 * read (a stale form is refused and shows the newer one), a deactivation, an invitation withdrawn. Each change
 * ends the person's sessions. The people changed here are made by the spec itself.
 */
import { expect, test, type Page } from '@playwright/test';
import { newStaffPerson, personOf } from './support/people.ts';
import { consoleStack, signedInAs } from './support/stack.ts';
import { mailsTo } from '../e2e/support/mail.ts';

test.use({ storageState: signedInAs('owner') });

const UK_TIME = /\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} (GMT|BST)/;

/** The staff list searched for one address (the list has more people than a page holds). */
async function findPerson(page: Page, email: string) {
  await page.goto('/admin/people');
  await page.getByPlaceholder('Search').fill(email);
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(page.getByRole('row')).toHaveCount(2);
  return row;
}

test('lists the staff with their role, whether they can sign in, and their last sign-in in UK time', async ({
  page,
}) => {
  const { email } = personOf('role-credit_control');
  const row = await findPerson(page, email);
  await expect(row).toContainText('Credit control');
  await expect(row).toContainText('Yes');
  await expect(row).toContainText('Set up');
  await expect(row).toContainText(UK_TIME);
});

test('a role change is saved from the version read; a stale form is refused, and the person is signed out', async ({
  page,
  context,
  playwright,
}) => {
  const theirs = await playwright.request.newContext({ baseURL: consoleStack.backofficeURL });
  const person = await newStaffPerson(theirs, 'read_only', 'promoted');
  expect((await theirs.get('/api/v1/staff/me')).status()).toBe(200);

  await (await findPerson(page, person.email)).click();
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(person.email) })).toBeVisible();
  // A second tab opens the same person before the first one saves.
  const stale = await context.newPage();
  await stale.goto(page.url());
  await expect(stale.getByRole('combobox', { name: 'Role' })).toHaveText('Read only');

  await page.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Orders' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('row').filter({ hasText: person.email })).toContainText('Orders');

  await stale.getByRole('combobox', { name: 'Role' }).click();
  await stale.getByRole('option', { name: 'Catalogue' }).click();
  await stale.getByRole('button', { name: 'Save' }).click();
  await expect(stale.getByText(/Someone else changed this person since you opened the page/)).toBeVisible();
  await expect(stale.getByRole('combobox', { name: 'Role' })).toHaveText('Orders');

  // The role change ended the person's session.
  expect((await theirs.get('/api/v1/staff/me')).status()).toBe(401);
  await theirs.dispose();
});

test('deactivating a person ends their sessions; the list says they cannot sign in', async ({
  page,
  playwright,
}) => {
  const theirs = await playwright.request.newContext({ baseURL: consoleStack.backofficeURL });
  const person = await newStaffPerson(theirs, 'catalogue', 'leaver');

  await (await findPerson(page, person.email)).click();
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(person.email) })).toBeVisible();
  await page.getByRole('switch', { name: 'Can sign in' }).uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  const row = page.getByRole('row').filter({ hasText: person.email });
  await expect(row).toContainText('No');
  expect((await theirs.get('/api/v1/staff/me')).status()).toBe(401);
  await theirs.dispose();
});

test('an invitation is sent from the console and can be withdrawn; its link then says so', async ({
  page,
}) => {
  const email = `withdrawn-${Date.now()}@example.co.uk`;
  await page.goto('/admin/invitations');
  await page.getByRole('link', { name: 'Invite someone' }).click();
  await expect(page).toHaveURL(/\/admin\/invitations\/create$/);
  await page.getByRole('textbox', { name: 'Email address' }).fill(email);
  await page.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Recruitment' }).click();
  await page.getByRole('button', { name: 'Save' }).click();

  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Recruitment');
  await expect(row).toContainText('Not yet');
  await row.getByRole('button', { name: 'Withdraw' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Invitation withdrawn')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(0);

  const [mail] = await mailsTo(email, 1, 15_000, consoleStack.mailDir);
  const link = /https?:\/\/\S+\/invitation\?token=[\w-]+/.exec(mail!.text)![0];
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'This invitation cannot be used' })).toBeVisible();
});
