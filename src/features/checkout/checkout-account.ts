/**
 * The delivery step with an account (issue 11): when the login cookie is there, the customer (`GET /me`) fills
 * the e-mail, names and phone the form leaves empty, and the saved addresses (`GET /address`) become choices
 * beside "a new address" for delivery (UK ones: delivery is UK only) and billing, the default preselected; a new
 * address may be saved to the account. Without a session (none, or gone: 401) the checkout is the guest's.
 */
import { AUTH_INDICATOR_COOKIE } from '@plasterwick/shop-rules/accounts';
import { DELIVERY_COUNTRY } from '@plasterwick/shop-rules/checkout';
import { listAddresses, type SavedAddress } from '../../lib/api/account.ts';
import type { Address } from '../../lib/api/address.ts';
import { getMe, type Customer } from '../../lib/api/auth.ts';
import { BackofficeError } from '../../lib/api/client.ts';
import type { CheckoutView } from '../../lib/api/checkout.ts';
import { forgetSession } from '../auth/auth-session.ts';
import { hasAuthCookie } from '../auth/auth.ts';
import { islandApi } from '../site/island-api.ts';
import { NEW_ADDRESS, entriesOf, matchingSavedAddress, savedAddressId } from './checkout-form.ts';
import { h } from './checkout-session.ts';
import { checkoutText } from './checkout-text.ts';

export interface Account {
  me: Customer | undefined;
  addresses: SavedAddress[];
}

const isUnauthorized = (error: unknown) => error instanceof BackofficeError && error.statusCode === 401;

/** The logged-in customer and their addresses; undefined for a guest (or a session that has ended). */
export async function loadAccount(): Promise<Account | undefined> {
  if (!hasAuthCookie(document.cookie, AUTH_INDICATOR_COOKIE)) return undefined;
  const api = islandApi();
  const [me, addresses] = await Promise.allSettled([getMe(api), listAddresses(api)]);
  if ([me, addresses].some((result) => result.status === 'rejected' && isUnauthorized(result.reason))) {
    forgetSession();
    return undefined;
  }
  if (addresses.status === 'rejected')
    console.error('The saved addresses could not be loaded', addresses.reason);
  if (me.status === 'rejected') console.error('The customer could not be loaded', me.reason);
  return {
    me: me.status === 'fulfilled' ? me.value : undefined,
    addresses: addresses.status === 'fulfilled' ? addresses.value : [],
  };
}

/** The postal address of a saved one, without its label, phone and default flags (what the order state keeps). */
export function toOrderAddress(address: SavedAddress): Address {
  return {
    firstName: address.firstName,
    lastName: address.lastName,
    ...(address.company && { company: address.company }),
    address: address.address,
    ...(address.address2 && { address2: address.address2 }),
    town: address.town,
    postcode: address.postcode,
    country: address.country,
  };
}

function choice(group: 'delivery' | 'billing', value: string, title: string, lines: string[]): HTMLElement {
  return h(
    'label',
    { class: 'choice' },
    h('input', { type: 'radio', name: `${group}_address_id`, value, 'data-field-control': true }),
    h('span', {}, h('strong', {}, title), ...lines.map((line) => h('small', {}, line))),
  );
}

function savedChoice(group: 'delivery' | 'billing', address: SavedAddress): HTMLElement {
  const isDefault = group === 'delivery' ? address.isDefaultDelivery : address.isDefaultBilling;
  const title = address.label ?? `${address.firstName} ${address.lastName}`;
  return choice(group, String(address.id), title, [
    [address.company, address.address, address.address2, address.town, address.postcode]
      .filter(Boolean)
      .join(', '),
    ...(address.country === DELIVERY_COUNTRY ? [] : [address.country.toUpperCase()]),
    ...(isDefault ? [checkoutText('delivery.default_address')] : []),
  ]);
}

/** The choices of each group, and the "save to my account" boxes. */
export function renderAccount(form: HTMLFormElement, account: Account): void {
  for (const group of ['delivery', 'billing'] as const) {
    const list = form.querySelector<HTMLElement>(`[data-saved-addresses="${group}"]`);
    if (!list) continue;
    const usable = account.addresses.filter(
      (address) => group === 'billing' || address.country === DELIVERY_COUNTRY,
    );
    list.replaceChildren(
      ...usable.map((address) => savedChoice(group, address)),
      choice(group, NEW_ADDRESS, checkoutText('delivery.new_address'), []),
    );
    list.hidden = usable.length === 0;
  }
  for (const box of form.querySelectorAll<HTMLElement>('[data-save-address]')) box.hidden = false;
}

function check(form: HTMLFormElement, group: 'delivery' | 'billing', value: string): void {
  const radio = form.querySelector<HTMLInputElement>(
    `input[name="${group}_address_id"][value="${CSS.escape(value)}"]`,
  );
  if (radio) radio.checked = true;
}

/**
 * The choice of each group: the saved address the checkout already has, else a typed one ("a new address") when
 * the form holds one, else the default.
 */
export function chooseAddresses(form: HTMLFormElement, account: Account, view: CheckoutView): void {
  const entries = entriesOf(new FormData(form));
  const delivery = account.addresses.filter((address) => address.country === DELIVERY_COUNTRY);
  const chosenDelivery =
    view.delivery?.method === 'delivery'
      ? matchingSavedAddress(delivery, view.delivery.address)
      : entries.address
        ? undefined
        : delivery.find((address) => address.isDefaultDelivery);
  check(form, 'delivery', chosenDelivery ? String(chosenDelivery.id) : NEW_ADDRESS);
  const chosenBilling = view.billing?.address
    ? matchingSavedAddress(account.addresses, view.billing.address)
    : entries.billing_address
      ? undefined
      : account.addresses.find((address) => address.isDefaultBilling);
  check(form, 'billing', chosenBilling ? String(chosenBilling.id) : NEW_ADDRESS);
}

/** The customer's e-mail, names and phone where the form has none yet. */
export function prefill(form: HTMLFormElement, me: Customer): void {
  const values: Record<string, string | null> = {
    email: me.email,
    first_name: me.firstName,
    last_name: me.lastName,
    phone: me.phone,
  };
  for (const [name, value] of Object.entries(values)) {
    const input = form.querySelector<HTMLInputElement>(`input[name="${name}"]`);
    if (input && !input.value && value) input.value = value;
  }
}

/** The typed-address fields show only while "a new address" is chosen (or there is no saved one). */
export function showAddressChoice(form: HTMLFormElement): void {
  const entries = entriesOf(new FormData(form));
  const fields = form.querySelector<HTMLElement>('[data-address-fields="delivery"]');
  if (fields) fields.hidden = savedAddressId(entries, 'delivery') !== undefined;
  const billing = form.querySelector<HTMLElement>('[data-billing-fields]');
  if (billing) billing.hidden = savedAddressId(entries, 'billing') !== undefined;
}
