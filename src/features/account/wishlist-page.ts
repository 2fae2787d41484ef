/**
 * `/{target}/account/wishlist` in the browser. The favourites island draws the products (remove, add to basket);
 * this script makes them the account's wishlist: on arrival the device's favourites and the account's list become
 * their union (`PUT /wishlist` merge), then every change on the page (a removal) replaces the account's list.
 * The "send by e-mail" form goes to me or to a colleague, with an optional note and the forms' bot check.
 */
import { MAX_WISHLIST_ITEMS, wishlistSendBody } from '@plasterwick/shop-rules/accounts';
import { getWishlist, putWishlist, sendWishlist } from '../../lib/api/account.ts';
import { BackofficeError, type JsonBody } from '../../lib/api/client.ts';
import { toFormErrors } from '../../lib/api/form-errors.ts';
import { entriesOf } from '../checkout/checkout-form.ts';
import { $auth } from '../auth/auth.store.ts';
import { unionOfIds } from '../auth/auth.ts';
import { $favourites } from '../favourites/favourites.store.ts';
import { BotCheckError, prepareBotCheck, solveBotCheck } from '../forms/bot-check.ts';
import { issuesToFieldErrors, serverFieldErrors } from '../forms/field-mapping.ts';
import { islandApi } from '../site/island-api.ts';
import { showToast } from '../toasts/toasts.store.ts';
import { clearFieldError, showFieldErrors } from '../ui/field/field-errors.ts';
import {
  $,
  isUnauthorized,
  labelOf,
  preparePage,
  setButtonBusy,
  showFormMessage,
  toLogin,
} from './account-session.ts';
import { accountText } from './account-text.ts';

/** The bot check's action name for this form (reCAPTCHA v3 names each form). */
const BOT_CHECK_ACTION = 'wishlist-send';

// ---- keeping the account's list -----------------------------------------------------------------------------

let saving: Promise<unknown> = Promise.resolve();
/** Whether the page saves the favourites' changes already (a ClientRouter visit back starts the page again). */
let listening = false;

/** Replaces the account's list with the device's, one call after the other so the last change wins. */
function saveList(root: HTMLElement, ids: readonly number[]): void {
  saving = saving
    .then(() => putWishlist(islandApi(), ids.slice(0, MAX_WISHLIST_ITEMS), 'replace'))
    .catch((error: unknown) => {
      if (isUnauthorized(error)) return toLogin(root);
      console.error('The wishlist could not be saved', error);
      showToast({ kind: 'danger' });
    });
}

async function syncList(root: HTMLElement): Promise<void> {
  const account = await getWishlist(islandApi());
  const union = unionOfIds($favourites.get(), account);
  if (union.length !== account.length)
    await putWishlist(islandApi(), union.slice(0, MAX_WISHLIST_ITEMS), 'merge');
  $favourites.set(union);
  if (listening) return;
  listening = true;
  $favourites.listen((ids) => saveList(root, ids));
}

// ---- sending ------------------------------------------------------------------------------------------------

function showRecipient(form: HTMLFormElement): void {
  const colleague = entriesOf(new FormData(form)).recipient === 'colleague';
  $<HTMLElement>(form, '[data-colleague]')!.hidden = !colleague;
  if (!colleague) clearFieldError(form, 'to');
}

async function send(root: HTMLElement, form: HTMLFormElement): Promise<void> {
  const entries = entriesOf(new FormData(form));
  const mapping = { labelOf: (name: string) => labelOf(form, name) };
  showFormMessage(form, undefined);
  if ($favourites.get().length === 0) {
    showFormMessage(form, accountText('wishlist.empty_send'), true);
    return;
  }
  const to = entries.recipient === 'colleague' ? (entries.to ?? '').trim() : undefined;
  const message = (entries.message ?? '').trim() || undefined;
  const parsed = wishlistSendBody.safeParse({ ...(to !== undefined && { to }), ...(message && { message }) });
  if (!parsed.success) {
    showFieldErrors(form, issuesToFieldErrors(parsed.error.issues, mapping));
    return;
  }
  showFieldErrors(form, {});
  const button = $<HTMLButtonElement>(form, '[data-form-submit]')!;
  try {
    setButtonBusy(button, accountText('wishlist.verifying'));
    const botCheck = await solveBotCheck(BOT_CHECK_ACTION);
    setButtonBusy(button, accountText('wishlist.sending'));
    // The account's list is what the mail shows: let a pending change land first.
    await saving;
    await sendWishlist(islandApi(), { ...parsed.data, bot_check: botCheck } as JsonBody);
    const recipient = to ?? $auth.get()?.email;
    showToast({
      text: recipient
        ? accountText('wishlist.sent', { email: recipient })
        : accountText('wishlist.sent_plain'),
    });
    form.reset();
    showRecipient(form);
  } catch (error) {
    if (isUnauthorized(error)) return toLogin(root);
    if (error instanceof BotCheckError) showFormMessage(form, error.message, true);
    else if (error instanceof BackofficeError && error.statusCode === 429)
      showFormMessage(form, accountText('wishlist.too_many'), true);
    else {
      if (!(error instanceof BackofficeError)) console.error(error);
      const failure = toFormErrors(error, accountText('error'));
      const rest = showFieldErrors(form, serverFieldErrors(failure.fields, mapping));
      const text = [failure.message, ...Object.values(rest)].filter(Boolean).join(' ');
      if (text) showFormMessage(form, text, Object.keys(failure.fields).length === Object.keys(rest).length);
    }
    showToast({ kind: 'danger' });
  } finally {
    setButtonBusy(button, undefined);
  }
}

// ---- start --------------------------------------------------------------------------------------------------

const started = new WeakSet<HTMLElement>();

export async function start(root: HTMLElement): Promise<void> {
  if (started.has(root)) return;
  started.add(root);
  preparePage();
  const form = $<HTMLFormElement>(root, '[data-wishlist-send]');
  const email = $auth.get()?.email;
  const me = form && $<HTMLElement>(form, '[data-send-me]');
  if (me && email) me.textContent = accountText('wishlist.send_me', { email });
  if (form) {
    form.addEventListener('change', () => showRecipient(form));
    form.addEventListener('focusin', () => prepareBotCheck(), { once: true });
    form.addEventListener('input', (event) => {
      const name = (event.target as HTMLInputElement).name;
      if (name) clearFieldError(form, name);
    });
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      if (form.getAttribute('aria-busy') === 'true') return;
      form.setAttribute('aria-busy', 'true');
      void send(root, form).finally(() => form.setAttribute('aria-busy', 'false'));
    });
  }
  try {
    await syncList(root);
  } catch (error) {
    if (isUnauthorized(error)) return toLogin(root);
    console.error('The wishlist could not be read', error);
    showToast({ kind: 'danger' });
  }
}
