/**
 * The header's account button, what pages offer visitors or customers (`data-auth-when`), and the `auth` store,
 * kept in step with the login indicator cookie on every page (small, no zod: it runs everywhere). With the
 * cookie, the button says "My account" and, once per page load, `auth-session.ts` (loaded then) refreshes the
 * store from `GET /me` and restores the customer's basket; a 401 there clears both, and the button says "Log in"
 * again. Without the cookie, the store is cleared.
 */
import { hasAuthCookie, type AuthIndicator } from './auth.ts';
import { $auth, clearAuth } from './auth.store.ts';

const LINK = '[data-account-link]';

function indicatorOf(link: HTMLElement): AuthIndicator | undefined {
  const [name, value] = (link.dataset.authIndicator ?? '').split('=');
  return name && value ? { name, value } : undefined;
}

function render(loggedIn: boolean): void {
  for (const link of document.querySelectorAll<HTMLAnchorElement>(LINK)) {
    const { hrefIn, hrefOut, labelIn, labelOut } = link.dataset;
    const href = loggedIn ? hrefIn : hrefOut;
    const label = loggedIn ? labelIn : labelOut;
    if (href) link.href = href;
    const text = link.querySelector('[data-account-label]');
    if (text && label) text.textContent = label;
    link.dataset.loggedIn = String(loggedIn);
  }
  // What a page offers visitors or customers (LoginPrompt.astro).
  for (const element of document.querySelectorAll<HTMLElement>('[data-auth-when]'))
    element.hidden = (element.dataset.authWhen === 'in') !== loggedIn;
}

/** Whether the login indicator cookie is there; undefined on a page without the account button. */
function indicatorPresent(): boolean | undefined {
  const link = document.querySelector<HTMLElement>(LINK);
  const indicator = link && indicatorOf(link);
  return indicator ? hasAuthCookie(document.cookie, indicator) : undefined;
}

let refreshed = false;

function onPageLoad(): void {
  const loggedIn = indicatorPresent();
  if (loggedIn === undefined) return;
  render(loggedIn);
  if (!loggedIn) {
    if ($auth.get()) clearAuth();
    return;
  }
  if (refreshed) return;
  refreshed = true;
  void import('./auth-session.ts')
    .then((session) => session.refreshSessionOnce())
    .then((stillLoggedIn) => {
      if (!stillLoggedIn) render(false);
    })
    .catch((error: unknown) => console.error('The login could not be refreshed', error));
}

// A login, a reset or a logout on the page itself (its answer set or cleared the cookie) updates the header.
$auth.listen(() => {
  const loggedIn = indicatorPresent();
  if (loggedIn !== undefined) render(loggedIn);
});

document.addEventListener('astro:page-load', onPageLoad);
// Without the ClientRouter there is no astro:page-load event.
if (!document.querySelector('meta[name="astro-view-transitions-enabled"]')) onPageLoad();
