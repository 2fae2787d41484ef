/**
 * `/{target}/account/addresses` in the browser: the saved addresses as cards (defaults named, then edit, delete
 * and "make default" for delivery and billing), one form to add and to edit, checked with the back-office's rules
 * and messages, and a confirmation dialog before a delete. Every save says "Changes saved", every failure "An
 * unknown error has occurred" (spec §8 toasts); what was typed stays.
 */
import {
  createAddress,
  deleteAddress,
  listAddresses,
  updateAddress,
  type SavedAddress,
} from '../../lib/api/account.ts';
import { BackofficeError, type JsonBody } from '../../lib/api/client.ts';
import { toFormErrors } from '../../lib/api/form-errors.ts';
import { h } from '../checkout/checkout-session.ts';
import { entriesOf } from '../checkout/checkout-form.ts';
import { serverFieldErrors } from '../forms/field-mapping.ts';
import { islandApi } from '../site/island-api.ts';
import { showToast } from '../toasts/toasts.store.ts';
import { keepTabInside, openModal } from '../ui/dialog/modal.ts';
import { clearFieldError, showFieldErrors } from '../ui/field/field-errors.ts';
import {
  $,
  isNotFound,
  isUnauthorized,
  labelOf,
  preparePage,
  setButtonBusy,
  setStatus,
  showFormMessage,
  toLogin,
} from './account-session.ts';
import { accountText } from './account-text.ts';
import { addressLines, addressName, checkAddress, entriesFromAddress, withDefault } from './address-form.ts';

interface Page {
  root: HTMLElement;
  form: HTMLFormElement;
  addresses: SavedAddress[];
  /** The address being edited; undefined while adding. */
  editing: number | undefined;
  countries: Map<string, string>;
}

function countriesOf(root: HTMLElement): Map<string, string> {
  try {
    const list = JSON.parse(root.dataset.countries ?? '[]') as { code: string; label: string }[];
    return new Map(list.map((country) => [country.code, country.label]));
  } catch {
    return new Map();
  }
}

// ---- the list -----------------------------------------------------------------------------------------------

function card(page: Page, address: SavedAddress): HTMLElement {
  const name = addressName(address);
  const lines = addressLines(address, (code) => page.countries.get(code) ?? code.toUpperCase());
  const body = h('address');
  lines.forEach((line, i) => {
    if (i > 0) body.append(h('br'));
    body.append(line);
  });
  const defaults = [
    address.isDefaultDelivery && accountText('addresses.default_delivery'),
    address.isDefaultBilling && accountText('addresses.default_billing'),
  ].filter((text): text is string => Boolean(text));
  const button = (action: string, label: string, named: string) =>
    h(
      'button',
      {
        type: 'button',
        class: 'button button--ghost',
        'data-action': action,
        'data-id': String(address.id),
        'aria-label': named,
      },
      label,
    );
  return h(
    'li',
    { class: 'address-card' },
    h('h3', {}, name),
    defaults.length > 0 &&
      h('ul', { class: 'address-card__defaults' }, ...defaults.map((text) => h('li', {}, text))),
    body,
    h(
      'div',
      { class: 'account-actions' },
      button('edit', accountText('addresses.edit'), accountText('addresses.edit_named', { name })),
      button('delete', accountText('addresses.delete'), accountText('addresses.delete_named', { name })),
      !address.isDefaultDelivery &&
        address.country === 'uk' &&
        button(
          'default-delivery',
          accountText('addresses.make_default_delivery'),
          accountText('addresses.set_delivery_named', { name }),
        ),
      !address.isDefaultBilling &&
        button(
          'default-billing',
          accountText('addresses.make_default_billing'),
          accountText('addresses.set_billing_named', { name }),
        ),
    ),
  );
}

function renderList(page: Page): void {
  $<HTMLElement>(page.root, '[data-addresses]')!.replaceChildren(
    ...page.addresses.map((address) => card(page, address)),
  );
  $<HTMLElement>(page.root, '[data-addresses-empty]')!.hidden = page.addresses.length > 0;
}

async function reload(page: Page): Promise<void> {
  page.addresses = await listAddresses(islandApi());
  renderList(page);
}

/** A failed call: to the login page when the session is gone, else the toast (and the list read again). */
function failed(page: Page, error: unknown): void {
  if (isUnauthorized(error)) return toLogin(page.root);
  if (!(error instanceof BackofficeError)) console.error(error);
  showToast({ kind: 'danger' });
  // Someone else's change (a delete on another device): show the list as it is now.
  if (isNotFound(error)) void reload(page).catch(() => undefined);
}

// ---- the form -----------------------------------------------------------------------------------------------

function fillForm(form: HTMLFormElement, entries: Record<string, string>): void {
  for (const control of form.querySelectorAll<HTMLInputElement | HTMLSelectElement>(
    'input[name], select[name]',
  )) {
    if (control instanceof HTMLInputElement && control.type === 'checkbox')
      control.checked = entries[control.name] === 'on';
    else control.value = entries[control.name] ?? (control.name === 'country' ? 'uk' : '');
  }
}

function openForm(page: Page, address?: SavedAddress): void {
  const { form } = page;
  page.editing = address?.id;
  fillForm(form, address ? entriesFromAddress(address) : {});
  showFieldErrors(form, {});
  showFormMessage(form, undefined);
  const title = $<HTMLElement>(form, '[data-address-form-title]')!;
  title.textContent = accountText(address ? 'addresses.form_edit' : 'addresses.form_add');
  form.hidden = false;
  title.focus();
}

function closeForm(page: Page): void {
  page.form.hidden = true;
  page.editing = undefined;
  $<HTMLButtonElement>(page.root, '[data-address-add]')?.focus();
}

async function save(page: Page): Promise<void> {
  const { form } = page;
  const mapping = { labelOf: (name: string) => labelOf(form, name) };
  const checked = checkAddress(entriesOf(new FormData(form)), page.editing, mapping);
  showFormMessage(form, undefined);
  if (!checked.body) {
    const rest = showFieldErrors(form, checked.errors);
    if (Object.keys(rest).length > 0) showFormMessage(form, Object.values(rest).join(' '), true);
    return;
  }
  showFieldErrors(form, {});
  const button = $<HTMLButtonElement>(form, '[data-form-submit]')!;
  setButtonBusy(button, accountText('addresses.saving'));
  try {
    const body = checked.body as JsonBody;
    await (page.editing === undefined ? createAddress(islandApi(), body) : updateAddress(islandApi(), body));
    await reload(page);
    showToast();
    closeForm(page);
  } catch (error) {
    if (isUnauthorized(error)) return toLogin(page.root);
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

// ---- defaults and delete ------------------------------------------------------------------------------------

async function makeDefault(page: Page, address: SavedAddress, flag: 'delivery' | 'billing'): Promise<void> {
  try {
    await updateAddress(islandApi(), withDefault(address, flag) as JsonBody);
    await reload(page);
    showToast();
  } catch (error) {
    failed(page, error);
  }
}

function confirmDelete(page: Page, address: SavedAddress): void {
  const dialog = $<HTMLDialogElement>(page.root, '[data-delete-dialog]')!;
  $<HTMLElement>(dialog, '[data-delete-text]')!.textContent = accountText('addresses.confirm_text', {
    name: addressName(address),
  });
  const close = openModal(dialog);
  const controller = new AbortController();
  const done = () => {
    controller.abort();
    close();
  };
  const { signal } = controller;
  dialog.addEventListener('keydown', (event) => keepTabInside(dialog, event), { signal });
  dialog.addEventListener(
    'cancel',
    (event) => {
      event.preventDefault();
      done();
    },
    { signal },
  );
  for (const keep of dialog.querySelectorAll<HTMLButtonElement>('[data-delete-keep]'))
    keep.addEventListener('click', done, { signal });
  const confirm = $<HTMLButtonElement>(dialog, '[data-delete-confirm]')!;
  confirm.addEventListener(
    'click',
    () => {
      controller.abort();
      void (async () => {
        setButtonBusy(confirm, accountText('addresses.saving'));
        try {
          await deleteAddress(islandApi(), address.id);
          close();
          await reload(page);
          showToast({ text: accountText('addresses.deleted') });
          $<HTMLButtonElement>(page.root, '[data-address-add]')?.focus();
        } catch (error) {
          close();
          failed(page, error);
        } finally {
          setButtonBusy(confirm, undefined);
        }
      })();
    },
    { signal },
  );
}

// ---- start --------------------------------------------------------------------------------------------------

function bind(page: Page): void {
  const { root, form } = page;
  $<HTMLButtonElement>(root, '[data-address-add]')!.addEventListener('click', () => openForm(page));
  $<HTMLButtonElement>(form, '[data-address-cancel]')!.addEventListener('click', () => closeForm(page));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (form.getAttribute('aria-busy') === 'true') return;
    form.setAttribute('aria-busy', 'true');
    void save(page).finally(() => form.setAttribute('aria-busy', 'false'));
  });
  form.addEventListener('input', (event) => {
    const name = (event.target as HTMLInputElement).name;
    if (name) clearFieldError(form, name);
  });
  $<HTMLElement>(root, '[data-addresses]')!.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>('button[data-action]');
    const address = page.addresses.find((candidate) => candidate.id === Number(button?.dataset.id));
    if (!button || !address) return;
    const action = button.dataset.action;
    if (action === 'edit') openForm(page, address);
    else if (action === 'delete') confirmDelete(page, address);
    else if (action === 'default-delivery') void makeDefault(page, address, 'delivery');
    else if (action === 'default-billing') void makeDefault(page, address, 'billing');
  });
}

const started = new WeakSet<HTMLElement>();

export async function start(root: HTMLElement): Promise<void> {
  if (started.has(root)) return;
  started.add(root);
  preparePage();
  const form = $<HTMLFormElement>(root, '[data-address-form]');
  if (!form) return;
  const page: Page = { root, form, addresses: [], editing: undefined, countries: countriesOf(root) };
  try {
    await reload(page);
  } catch (error) {
    if (isUnauthorized(error)) return toLogin(root);
    console.error('The addresses could not be loaded', error);
    setStatus(root, accountText('retry'));
    return;
  }
  bind(page);
  setStatus(root, '');
  $<HTMLElement>(root, '[data-addresses-body]')!.hidden = false;
}
