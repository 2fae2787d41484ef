/**
 * Machine tokens and the audit trail in the console (issue 24), as an owner: a token created is shown once (and
 * says it will not be shown again), is listed, and is revoked; the audit trail filtered by action shows the token's
 * creation under the owner's name, and its CSV export downloads the filtered trail.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yIssues } from '../e2e/support/axe.ts';
import { personOf } from './support/people.ts';
import { signedInAs } from './support/stack.ts';

test.use({ storageState: signedInAs('owner') });

test('an owner creates a token (shown once), revokes it, and finds its creation in the audit trail and its CSV', async ({
  page,
}) => {
  const name = `Stock feed ${Date.now()}`;
  await page.goto('/admin/tokens');
  await page.getByRole('link', { name: 'New token' }).click();
  const nameInput = page.getByRole('textbox', { name: 'Name' });
  await expect(async () => {
    await nameInput.fill(name);
    await expect(nameInput).toHaveValue(name, { timeout: 500 });
  }).toPass();
  await page.getByRole('combobox', { name: 'Acts as' }).click();
  await page.getByRole('option', { name: 'Read only' }).click();
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByText('it will not be shown again')).toBeVisible();
  const token = await page.getByRole('textbox', { name: 'Token' }).inputValue();
  expect(token.length).toBeGreaterThan(20);
  await expect(page.getByRole('button', { name: 'Copy the token' })).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await page.getByRole('button', { name: 'Done' }).click();

  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('In force');
  await expect(page.getByText(token)).toHaveCount(0);
  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(row).toContainText('Revoked');

  await page.goto('/admin/audit');
  await page.getByRole('textbox', { name: 'Action' }).fill('token.create');
  const owner = personOf('role-owner').name;
  const created = page.getByRole('row', { name: /token\.create/ }).first();
  await expect(created).toContainText(owner);
  await expect(page.getByRole('row', { name: /token\.revoke/ })).toHaveCount(0);
  await expectNoSeriousA11yIssues(page);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export CSV' }).click(),
  ]);
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv.split('\n')[0]).toContain('action');
  expect(csv).toContain('token.create');
  expect(csv).toContain(owner);
  expect(csv).not.toContain('token.revoke');
});
