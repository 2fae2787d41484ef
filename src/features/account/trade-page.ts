/**
 * `/{target}/account/trade` in the browser: the application's state and, for an approved account, the credit used
 * and left and the statement of open invoices; the form while the account has no application waiting or approved
 * (a first one, or again after a decline), checked with the back-office's rules and messages. A sent application
 * says "Thank you" and shows its state.
 */
import type { JsonBody } from '../../lib/api/client.ts';
import { toFormErrors } from '../../lib/api/form-errors.ts';
import { applyForTrade, getTradeApplication, type TradeState } from '../../lib/api/trade.ts';
import { formatPrice } from '../../lib/format.ts';
import { h } from '../checkout/checkout-session.ts';
import { entriesOf } from '../checkout/checkout-form.ts';
import { formatDate } from '../content/format.ts';
import { serverFieldErrors } from '../forms/field-mapping.ts';
import { islandApi } from '../site/island-api.ts';
import { showToast } from '../toasts/toasts.store.ts';
import { clearFieldError, showFieldErrors } from '../ui/field/field-errors.ts';
import {
  $,
  isUnauthorized,
  labelOf,
  preparePage,
  setButtonBusy,
  setStatus,
  showFormMessage,
  toLogin,
} from './account-session.ts';
import { accountText } from './account-text.ts';
import { checkTradeApplication } from './trade-form.ts';

function text(root: HTMLElement, selector: string, value: string): void {
  $<HTMLElement>(root, selector)!.textContent = value;
}

function showAccount(root: HTMLElement, account: NonNullable<TradeState['account']>): void {
  text(root, '[data-trade-terms]', accountText('trade.terms_days', { days: account.paymentTermsDays }));
  text(root, '[data-trade-limit]', formatPrice(account.creditLimit));
  text(root, '[data-trade-used]', formatPrice(account.creditUsed));
  text(root, '[data-trade-left]', formatPrice(account.creditLeft));
  $<HTMLElement>(root, '[data-trade-overdue-term]')!.hidden = account.overdue === 0;
  const overdue = $<HTMLElement>(root, '[data-trade-overdue]')!;
  overdue.hidden = account.overdue === 0;
  overdue.textContent = formatPrice(account.overdue);
  $<HTMLElement>(root, '[data-trade-hold]')!.hidden = !account.onHold;
  $<HTMLElement>(root, '[data-trade-po]')!.hidden = !account.poRequired;
  $<HTMLElement>(root, '[data-trade-invoices]')!.replaceChildren(
    ...account.invoices.map((invoice) =>
      h(
        'tr',
        {},
        h('th', { scope: 'row' }, invoice.number),
        h('td', {}, formatDate(invoice.placedAt) ?? ''),
        h(
          'td',
          {},
          formatDate(invoice.dueAt) ?? '',
          invoice.overdue && ` (${accountText('trade.invoice_overdue')})`,
        ),
        h('td', {}, invoice.poNumber ?? ''),
        h('td', { class: 'num' }, formatPrice(invoice.totalInc)),
      ),
    ),
  );
  $<HTMLElement>(root, '[data-trade-statement]')!.hidden = account.invoices.length === 0;
  $<HTMLElement>(root, '[data-trade-statement-empty]')!.hidden = account.invoices.length > 0;
  $<HTMLElement>(root, '[data-trade-account]')!.hidden = false;
}

function render(root: HTMLElement, state: TradeState): void {
  const { application, account } = state;
  const form = $<HTMLFormElement>(root, '[data-trade-form]')!;
  const status = $<HTMLElement>(root, '[data-trade-status]')!;
  const reason = $<HTMLElement>(root, '[data-trade-reason]')!;
  const section = $<HTMLElement>(root, '[data-trade-state]')!;
  section.hidden = !application && !account;
  reason.hidden = true;
  if (account) {
    status.textContent = application
      ? accountText('trade.status_approved', { company: application.company })
      : accountText('trade.status_approved_plain');
    showAccount(root, account);
  } else if (application?.status === 'pending') {
    status.textContent = accountText('trade.status_pending', { company: application.company });
  } else if (application?.status === 'declined') {
    status.textContent = accountText('trade.status_declined', { company: application.company });
    reason.textContent = [
      application.declineReason &&
        accountText('trade.declined_reason', { reason: application.declineReason }),
      accountText('trade.apply_again'),
    ]
      .filter(Boolean)
      .join(' ');
    reason.hidden = false;
  }
  form.hidden = Boolean(account) || application?.status === 'pending';
}

async function submit(root: HTMLElement, form: HTMLFormElement): Promise<void> {
  const mapping = { labelOf: (name: string) => labelOf(form, name) };
  const checked = checkTradeApplication(entriesOf(new FormData(form)), mapping);
  showFormMessage(form, undefined);
  if (!checked.body) {
    const rest = showFieldErrors(form, checked.errors);
    if (Object.keys(rest).length > 0) showFormMessage(form, Object.values(rest).join(' '), true);
    return;
  }
  showFieldErrors(form, {});
  const button = $<HTMLButtonElement>(form, '[data-form-submit]')!;
  setButtonBusy(button, accountText('trade.sending'));
  try {
    await applyForTrade(islandApi(), checked.body as JsonBody);
    render(root, await getTradeApplication(islandApi()));
    showToast({ text: accountText('trade.sent') });
    $<HTMLElement>(root, '[data-trade-status]')?.focus();
  } catch (error) {
    if (isUnauthorized(error)) return toLogin(root);
    const failure = toFormErrors(error, accountText('error'));
    const rest = showFieldErrors(form, serverFieldErrors(failure.fields, mapping));
    const message = [failure.message, ...Object.values(rest)].filter(Boolean).join(' ');
    showFormMessage(
      form,
      message || undefined,
      Object.keys(failure.fields).length === Object.keys(rest).length,
    );
    showToast({ kind: 'danger' });
  } finally {
    setButtonBusy(button, undefined);
  }
}

const started = new WeakSet<HTMLElement>();

export async function start(root: HTMLElement): Promise<void> {
  if (started.has(root)) return;
  started.add(root);
  preparePage();
  const form = $<HTMLFormElement>(root, '[data-trade-form]');
  if (!form) return;
  try {
    render(root, await getTradeApplication(islandApi()));
  } catch (error) {
    if (isUnauthorized(error)) return toLogin(root);
    console.error('The trade account could not be loaded', error);
    setStatus(root, accountText('retry'));
    return;
  }
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (form.getAttribute('aria-busy') === 'true') return;
    form.setAttribute('aria-busy', 'true');
    void submit(root, form).finally(() => form.setAttribute('aria-busy', 'false'));
  });
  form.addEventListener('input', (event) => {
    const name = (event.target as HTMLInputElement).name;
    if (name) clearFieldError(form, name);
  });
  setStatus(root, '');
}
