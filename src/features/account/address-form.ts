/**
 * The address book's form, pure: its entries → the body of `POST /address` or `PUT /address`, checked with the
 * same shared schemas as the back-office (so the messages are the same), and a saved address → the entries that
 * fill the form for editing. Field names are the body's (`first_name`, `address_2`, `is_default_delivery` …).
 */
import { addressCreateBody, addressUpdateBody } from '@plasterwick/shop-rules/accounts';
import type { SavedAddress } from '../../lib/api/account.ts';
import { issuesToFieldErrors, type FieldMapping } from '../forms/field-mapping.ts';

export type Entries = Readonly<Record<string, string | undefined>>;

const TEXT_FIELDS = [
  'label',
  'first_name',
  'last_name',
  'company',
  'address',
  'address_2',
  'town',
  'postcode',
  'phone',
] as const;
const OPTIONAL_FIELDS = new Set(['label', 'company', 'address_2', 'phone']);

/** The body as typed: blank optional fields left out, boxes as booleans, the id when editing. */
export function addressDraft(entries: Entries, id?: number): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const name of TEXT_FIELDS) {
    const value = (entries[name] ?? '').trim();
    if (value || !OPTIONAL_FIELDS.has(name)) body[name] = value;
  }
  body.country = entries.country || 'uk';
  body.is_default_delivery = entries.is_default_delivery === 'on';
  body.is_default_billing = entries.is_default_billing === 'on';
  return id === undefined ? body : { id, ...body };
}

export interface AddressCheck {
  errors: Record<string, string>;
  body?: Record<string, unknown>;
}

/** Checks the form with `addressCreateBody` (or `addressUpdateBody` with the id): errors by field, or the body. */
export function checkAddress(entries: Entries, id?: number, mapping: FieldMapping = {}): AddressCheck {
  const draft = addressDraft(entries, id);
  const parsed = (id === undefined ? addressCreateBody : addressUpdateBody).safeParse(draft);
  if (!parsed.success) return { errors: issuesToFieldErrors(parsed.error.issues, mapping) };
  return { errors: {}, body: parsed.data as Record<string, unknown> };
}

/** A saved address as the form's entries (editing it). */
export function entriesFromAddress(address: SavedAddress): Record<string, string> {
  return {
    label: address.label ?? '',
    first_name: address.firstName,
    last_name: address.lastName,
    company: address.company ?? '',
    address: address.address,
    address_2: address.address2 ?? '',
    town: address.town,
    postcode: address.postcode,
    country: address.country,
    phone: address.phone ?? '',
    ...(address.isDefaultDelivery && { is_default_delivery: 'on' }),
    ...(address.isDefaultBilling && { is_default_billing: 'on' }),
  };
}

/** The whole address again with one default flag set (`PUT /address` takes the whole address). */
export function withDefault(address: SavedAddress, flag: 'delivery' | 'billing'): Record<string, unknown> {
  const entries: Record<string, string> = {
    ...entriesFromAddress(address),
    [flag === 'delivery' ? 'is_default_delivery' : 'is_default_billing']: 'on',
  };
  return addressDraft(entries, address.id);
}

/** The lines of an address as a card or a choice shows them. */
export function addressLines(address: SavedAddress, countryLabel?: (code: string) => string): string[] {
  return [
    `${address.firstName} ${address.lastName}`,
    address.company,
    address.address,
    address.address2,
    `${address.town} ${address.postcode}`,
    address.country === 'uk' ? undefined : (countryLabel?.(address.country) ?? address.country.toUpperCase()),
    address.phone,
  ].filter((line): line is string => Boolean(line));
}

/** The name the buttons of an address say ("Edit Head office"): its label, else its first line. */
export function addressName(address: SavedAddress): string {
  return address.label ?? `${address.address}, ${address.town}`;
}
