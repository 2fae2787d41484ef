/**
 * A forgotten password: the sign-in page sends a link by e-mail, the link sets a new password, and signing in with
 * it still needs the second factor.
 */
import { expect, test } from '@playwright/test';
import { mailsTo } from '../e2e/support/mail.ts';
import { newStaffPerson, signInOnPage } from './support/people.ts';
import { consoleStack } from './support/stack.ts';

const NEW_PASSWORD = 'Smooth-Finish-Plaster-77';

test('the e-mailed link sets a new password; signing in with it still needs a code', async ({
  page,
  playwright,
}) => {
  const request = await playwright.request.newContext({ baseURL: consoleStack.backofficeURL });
  const person = await newStaffPerson(request, 'read_only', 'forgetful');
  await request.dispose();

  await page.goto('/admin/login');
  await page.getByRole('link', { name: 'Forgotten your password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgotten your password?' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Email address' }).fill(person.email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();

  const [mail] = await mailsTo(person.email, 2, 15_000, consoleStack.mailDir).then((mails) => mails.slice(1));
  const link = /https?:\/\/\S+\/reset\?token=[\w-]+/.exec(mail!.text)?.[0];
  expect(link?.startsWith(`${consoleStack.consoleURL}/reset?token=`)).toBe(true);
  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel(/^New password/).fill('too-short');
  await page.getByRole('button', { name: 'Change my password' }).click();
  await expect(page.getByText(/Your password needs 12 to 128 characters/)).toBeVisible();
  await page.getByLabel(/^New password/).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Change my password' }).click();
  await expect(page.getByRole('heading', { name: 'Your password has been changed' })).toBeVisible();

  await page.getByRole('link', { name: 'Sign in' }).click();
  await signInOnPage(page, person.email, '000000', { password: NEW_PASSWORD });
  await expect(page.getByRole('alert')).toHaveText('The e-mail address, password or code is incorrect');
  await signInOnPage(page, person.email, person.recoveryCodes[0]!, {
    password: NEW_PASSWORD,
    recovery: true,
  });
  await expect(page.getByRole('heading', { name: `Welcome, ${person.name}` })).toBeVisible();
});
