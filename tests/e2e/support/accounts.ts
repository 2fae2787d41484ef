/**
 * Customer accounts for the e2e specs: an account registered through the back-office's own call (its bot check
 * solved here as the widget would), its address confirmed with the mailed link, logged in inside a browser context
 * (the session cookies land in the context's jar, as after the login page), and the staff's trade approval through
 * the API key on the back-office port (not reachable through the storefront).
 */
import type { Page } from '@playwright/test';
import { solveAltcha } from '../../../backoffice/tests/bot-check-solver.ts';
import { e2e } from './harness.ts';
import { mailsTo } from './mail.ts';

/** The common query parameters of spec §7 for the UK site. */
const COMMON = 'site_id=3&lang=en&client=web';

export interface TestCustomer {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  audience: 'pro' | 'part';
}

/** A unique customer per test and project (the specs run on desktop and phone against one back-office). */
export function newCustomer(label: string, audience: 'pro' | 'part', project: string): TestCustomer {
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return {
    email: `${label}-${project}-${unique}@example.co.uk`,
    password: 'Plasterw1ck-test',
    firstName: 'Sam',
    lastName: 'Fixer',
    audience,
  };
}

async function backoffice(path: string, init: RequestInit = {}): Promise<Response> {
  const separator = path.includes('?') ? '&' : '?';
  return fetch(`${e2e.backofficeURL}/api/v1${path}${separator}${COMMON}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  });
}

async function solvedBotCheck(): Promise<string> {
  const response = await backoffice('/bot-check/challenge');
  const body = (await response.json()) as {
    data: { provider: string; challenge?: Parameters<typeof solveAltcha>[0] };
  };
  if (!body.data.challenge) throw new Error(`no ALTCHA challenge (${response.status})`);
  return solveAltcha(body.data.challenge);
}

/** `POST /auth/register` (202 whether new or not: the spec then looks the account up as staff). */
export async function registerCustomer(customer: TestCustomer, company?: string): Promise<void> {
  const response = await backoffice('/auth/register', {
    method: 'POST',
    body: JSON.stringify({
      first_name: customer.firstName,
      last_name: customer.lastName,
      email: customer.email,
      password: customer.password,
      audience: customer.audience,
      ...(company && { company }),
      accept_terms: true,
      bot_check: await solvedBotCheck(),
    }),
  });
  if (response.status !== 202) throw new Error(`register: ${response.status} ${await response.text()}`);
}

/**
 * Confirms the customer's e-mail address as the link in the verification e-mail would (`POST /auth/verify` with
 * its token): an account must have done so before it may send its wishlist.
 */
export async function verifyEmail(customer: TestCustomer): Promise<void> {
  const [mail] = await mailsTo(customer.email);
  const token = /\/verify-email\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no verification link mailed to ${customer.email}`);
  const response = await backoffice('/auth/verify', { method: 'POST', body: JSON.stringify({ token }) });
  if (response.status !== 200) throw new Error(`verify: ${response.status} ${await response.text()}`);
}

/** Logs the browser context in through the storefront (`POST /api/v1/auth/login`): its cookies are the context's. */
export async function logIn(page: Page, customer: TestCustomer): Promise<void> {
  const response = await page.request.post(`/api/v1/auth/login?${COMMON}`, {
    data: { email: customer.email, password: customer.password },
  });
  if (response.status() !== 200) throw new Error(`login: ${response.status()} ${await response.text()}`);
}

const staffHeaders = () => ({ 'x-api-key': e2e.secrets.BACKOFFICE_API_KEY });

/** Staff: the account's id (`GET /customers?email=`, API key). */
export async function customerId(email: string): Promise<number> {
  const response = await backoffice(`/customers?email=${encodeURIComponent(email)}`, {
    headers: staffHeaders(),
  });
  const body = (await response.json()) as { items?: { id: number; email: string }[] };
  const found = body.items?.find((item) => item.email.toLowerCase() === email.toLowerCase());
  if (!found) throw new Error(`customer ${email} not found (${response.status})`);
  return found.id;
}

/** Staff: approves the account as a trade account with these terms (`PUT /customers/{id}/trade`). */
export async function approveTrade(
  email: string,
  terms: { paymentTermsDays: number; creditLimitPence: number; poRequired: boolean },
): Promise<void> {
  const id = await customerId(email);
  const response = await backoffice(`/customers/${id}/trade`, {
    method: 'PUT',
    headers: staffHeaders(),
    body: JSON.stringify({
      approved: true,
      payment_terms_days: terms.paymentTermsDays,
      credit_limit_pence: terms.creditLimitPence,
      po_required: terms.poRequired,
    }),
  });
  if (response.status !== 200) throw new Error(`trade approval: ${response.status} ${await response.text()}`);
}
