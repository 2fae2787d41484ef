/**
 * The staff people of the console's run. The setup signs one person per role in and keeps, beside each session,
 * what that person knows (password, authenticator key, recovery codes), so a spec can sign them in again. A spec
 * that changes a person (role, deactivation, password) makes its own with `newStaffPerson`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { mailsTo } from '../../e2e/support/mail.ts';
import { consoleStack } from './stack.ts';
import { Authenticator } from './totp.ts';

/** Good enough for the shop's rules (12+ characters, lower and upper case, a number); never in a log. */
export const PASSWORD = 'Filler-Knife-2026-Trowel';

/** What a browser sends with every staff write; a call made outside the browser says it too. */
export const browserHeaders = { origin: consoleStack.backofficeURL, 'sec-fetch-site': 'same-origin' };

export interface StaffPerson {
  email: string;
  name: string;
  role: string;
  totpSecret: string;
  recoveryCodes: string[];
}

const personFile = (key: string) => path.join(consoleStack.stateDir, `${key}.person.json`);

export function savePerson(key: string, person: StaffPerson) {
  writeFileSync(personFile(key), JSON.stringify(person));
}

/** A person the setup signed in (`role-owner`, `role-catalogue`, …, or `first-owner`). */
export function personOf(key: string): StaffPerson {
  return JSON.parse(readFileSync(personFile(key), 'utf8'));
}

/**
 * Accepts the e-mailed invitation of `email` and enrols through the staff API (which also signs the person in on
 * `request`'s cookies). Returns the person, their key and recovery codes.
 */
export async function joinThroughApi(
  request: APIRequestContext,
  invitation: { email: string; name: string; role: string },
): Promise<StaffPerson & { app: Authenticator }> {
  const [mail] = await mailsTo(invitation.email, 1, 15_000, consoleStack.mailDir);
  const token = /\/invitation\?token=([\w-]+)/.exec(mail!.text)?.[1];
  const accepted = await request.post('/api/v1/staff/invitations/accept', {
    data: { token, name: invitation.name, password: PASSWORD },
    headers: browserHeaders,
  });
  expect(accepted.status(), await accepted.text()).toBe(201);
  const enrolment = (await accepted.json()).data;
  const app = new Authenticator(enrolment.totp.secret);
  const enrolled = await request.post('/api/v1/staff/enrolment', {
    data: { enrolment_token: enrolment.enrolment_token, code: await app.nextCode() },
    headers: browserHeaders,
  });
  expect(enrolled.status(), await enrolled.text()).toBe(200);
  const recoveryCodes = (await enrolled.json()).data.recovery_codes as string[];
  return { ...invitation, totpSecret: enrolment.totp.secret, recoveryCodes, app };
}

/**
 * A new person of `role` for a spec that changes them: invited with the API key, joined through the staff API.
 * `request` ends up signed in as them.
 */
export async function newStaffPerson(request: APIRequestContext, role: string, label: string) {
  const email = `${label}-${Date.now()}@example.co.uk`;
  const invited = await request.post('/api/v1/staff/invitations', {
    data: { email, role },
    headers: { 'x-api-key': consoleStack.apiKey },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  return joinThroughApi(request, { email, name: `${label} ${role}`, role });
}

/** The sign-in page, filled in and sent; `second` is a code of the app or, with `recovery`, a recovery code. */
export async function signInOnPage(
  page: Page,
  email: string,
  second: string,
  options: { recovery?: boolean; password?: string } = {},
) {
  await expect(page.getByRole('heading', { name: 'Sign in to the staff console' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Email address' }).fill(email);
  await page.getByLabel(/^Password/).fill(options.password ?? PASSWORD);
  if (options.recovery) {
    await page.getByRole('switch', { name: 'Use a recovery code' }).check();
    await page.getByRole('textbox', { name: 'Recovery code' }).fill(second);
  } else {
    await page.getByRole('textbox', { name: 'Code from your authenticator app' }).fill(second);
  }
  await page.getByRole('button', { name: 'Sign in' }).click();
}
