/**
 * The account pages that act on load (auth-bootstrap.ts starts them): the overview (greeting, "verify your
 * e-mail", trade terms, from the auth store at once and from `GET /me` after), the profile (its form filled from
 * `GET /me`), the reset page (no token: the link cannot be used) and the e-mail verification (`POST
 * /auth/verify` with the link's token). A session that turns out to be gone is forgotten, and the visitor goes
 * to the login page, which brings them back afterwards (as the other account pages do).
 */
import { getMe, verifyEmail, type Customer } from '../../lib/api/auth.ts';
import { BackofficeError } from '../../lib/api/client.ts';
import { formatPrice } from '../../lib/format.ts';
import { islandApi } from '../site/island-api.ts';
import { forgetSession, refreshSessionOnce } from './auth-session.ts';
import { $auth, setCustomer } from './auth.store.ts';
import { linkTokenOf, type AuthState } from './auth.ts';
import { authText } from './auth-text.ts';
import type { AuthPageKind } from './kinds.ts';

const $ = <T extends HTMLElement = HTMLElement>(root: ParentNode, selector: string) =>
  root.querySelector<T>(selector);

function show(element: HTMLElement | null, visible: boolean, text?: string): void {
  if (!element) return;
  if (text !== undefined) element.textContent = text;
  element.hidden = !visible;
}

/** The session is gone: to the login page (`data-login`), which brings the visitor back here afterwards. */
const toLogin = (root: HTMLElement) => window.location.assign(root.dataset.login ?? '/');

// ---- overview ----------------------------------------------------------------------------------------------

function renderOverview(root: HTMLElement, auth: AuthState): void {
  show($(root, '[data-account-greeting]'), true, authText('account.greeting', { name: auth.firstName }));
  show($(root, '[data-account-email]'), true, authText('account.signed_in_as', { email: auth.email }));
  show($(root, '[data-account-unverified]'), !auth.emailVerified, undefined);
  show(
    $(root, '[data-account-unverified-text]'),
    true,
    authText('account.unverified_text', { email: auth.email }),
  );
  const { trade } = auth;
  show($(root, '[data-account-trade]'), trade !== null);
  if (trade) {
    show(
      $(root, '[data-account-trade-terms]'),
      true,
      authText('account.trade_terms', { days: trade.paymentTermsDays }),
    );
    show(
      $(root, '[data-account-trade-credit]'),
      true,
      authText('account.trade_credit', {
        limit: formatPrice(trade.creditLimitPence),
        available: formatPrice(trade.creditAvailablePence),
      }),
    );
    show($(root, '[data-account-trade-po]'), trade.poRequired);
  }
  show($(root, '[data-account-loading]'), false);
  show($(root, '[data-account-ready]'), true);
}

async function startOverview(root: HTMLElement): Promise<void> {
  const known = $auth.get();
  if (known) renderOverview(root, known);
  try {
    if (!(await refreshSessionOnce())) return toLogin(root);
  } catch (error) {
    console.error(error);
    if (!known) {
      show($(root, '[data-account-loading]'), false);
      show($(root, '[data-account-failed]'), true);
    }
    return;
  }
  const fresh = $auth.get();
  if (fresh) renderOverview(root, fresh);
}

// ---- profile -----------------------------------------------------------------------------------------------

function setControl(form: HTMLFormElement, name: string, value: string | boolean | null): void {
  const control = form.elements.namedItem(name);
  if (control instanceof HTMLInputElement && control.type === 'checkbox') control.checked = value === true;
  else if (control instanceof HTMLInputElement || control instanceof HTMLSelectElement)
    control.value = typeof value === 'string' ? value : '';
}

function fillProfile(root: HTMLElement, customer: Customer): void {
  const form = $<HTMLFormElement>(root, 'form[data-auth-form="profile"]');
  if (!form) return;
  setControl(form, 'civility', customer.civility);
  setControl(form, 'first_name', customer.firstName);
  setControl(form, 'last_name', customer.lastName);
  setControl(form, 'phone', customer.phone);
  setControl(form, 'company', customer.company);
  setControl(form, 'company_number', customer.companyNumber);
  setControl(form, 'newsletter', customer.newsletter);
  show($(root, '[data-profile-email]'), true, authText('profile.email_note', { email: customer.email }));
}

async function startProfile(root: HTMLElement): Promise<void> {
  const submit = $<HTMLButtonElement>(root, 'form[data-auth-form="profile"] [data-form-submit]');
  // Saving before the details arrived would send the empty form.
  if (submit) submit.disabled = true;
  try {
    const customer = await getMe(islandApi());
    setCustomer(customer);
    fillProfile(root, customer);
    if (submit) submit.disabled = false;
  } catch (error) {
    if (error instanceof BackofficeError && error.statusCode === 401) {
      forgetSession();
      return toLogin(root);
    }
    console.error(error);
    const message = $(root, 'form[data-auth-form="profile"] [data-form-message]');
    show(message, true, authText('account.failed'));
  }
}

// ---- links -------------------------------------------------------------------------------------------------

const linkToken = () => linkTokenOf(window.location.search);

async function startReset(root: HTMLElement): Promise<void> {
  if (linkToken()) return;
  const form = $<HTMLFormElement>(root, 'form[data-auth-form="reset-password"]');
  if (!form) return;
  const { showInvalidLink } = await import('./auth-forms.ts');
  showInvalidLink(form);
}

function showPanel(root: HTMLElement, selector: string): void {
  show($(root, '[data-verify-checking]'), false);
  const panel = $(root, selector);
  show(panel, true);
  panel?.focus();
}

async function startVerify(root: HTMLElement): Promise<void> {
  const token = linkToken();
  if (!token) return showPanel(root, '[data-verify-invalid]');
  try {
    const { customer, attachedOrders } = await verifyEmail(islandApi(), token);
    // The page load's refresh of the store may answer after this: it goes first, the verified customer last.
    if ($auth.get()) await refreshSessionOnce().catch(() => false);
    // The link may be opened in another browser, or while someone else is logged in here.
    if ($auth.get()?.id === customer.id) setCustomer(customer);
    show($(root, '[data-verify-email]'), true, authText('verify.done_text', { email: customer.email }));
    show(
      $(root, '[data-verify-attached]'),
      attachedOrders > 0,
      authText('verify.attached', { count: attachedOrders }),
    );
    showPanel(root, '[data-verify-done]');
  } catch (error) {
    if (error instanceof BackofficeError && error.statusCode === 400)
      return showPanel(root, '[data-verify-invalid]');
    console.error(error);
    showPanel(root, '[data-verify-failed]');
  }
}

const STARTS: Record<AuthPageKind, (root: HTMLElement) => Promise<void>> = {
  overview: startOverview,
  profile: startProfile,
  'reset-password': startReset,
  'verify-email': startVerify,
};

/** Starts the page's work; each start runs once per page shown. */
export async function start(root: HTMLElement, kind: AuthPageKind): Promise<void> {
  if (root.dataset.started) return;
  root.dataset.started = 'true';
  await STARTS[kind](root);
}
