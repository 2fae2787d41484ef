/**
 * The checkout forms' pure parts: the entries of the delivery and payment forms → the contract's bodies
 * (`PUT /checkout/delivery`, `PUT /checkout/billing`, `POST /checkout/complete`), checked with the same shared
 * schemas as the back-office, and every message (the browser's checks and the back-office's field errors) under
 * the form field it is about, with the spec's wording ("choose delivery method", "choose delivery address",
 * "must accept the sales conditions", "choose payment method").
 */
import {
  CHECKOUT_MESSAGES,
  checkoutBillingBody,
  checkoutCompleteBody,
  checkoutDeliveryBody,
  type CheckoutBillingBody,
  type CheckoutCompleteBody,
  type CheckoutDeliveryBody,
} from '@plasterwick/shop-rules/checkout';
import { email as emailRule } from '@plasterwick/shop-rules/forms';
import { MESSAGES, requiredMessage } from '@plasterwick/shop-rules/validation';
import { toAddress, type Address } from '../../lib/api/address.ts';
import type { OrderState, Relay } from './order.ts';

/** A form's entries: text fields as typed, a ticked box as `on`, nothing for an unticked one. */
export type Entries = Readonly<Record<string, string | undefined>>;

/** Form field → message. */
export type FieldErrors = Record<string, string>;

/** The fields of an address, as each address block of the delivery form names them (`billing_` in front). */
export const ADDRESS_FIELDS = [
  'first_name',
  'last_name',
  'company',
  'address',
  'address_2',
  'town',
  'postcode',
] as const;
type AddressField = (typeof ADDRESS_FIELDS)[number];

/** The fieldsets that carry a whole-block message ("choose delivery address"). */
export const DELIVERY_ADDRESS_GROUP = 'delivery_address';
export const BILLING_ADDRESS_GROUP = 'billing_address';

/**
 * With an account, the saved addresses are radio choices beside "a new address" (`new`): these name the chosen
 * one (`delivery_address_id`, `billing_address_id`); a ticked `save_address` / `billing_save_address` adds the
 * typed address to the account (contract: `address_id`, `save_address: true`).
 */
export const NEW_ADDRESS = 'new';

/** The saved address chosen for `group` (`delivery` or `billing`), or undefined for a typed one. */
export function savedAddressId(entries: Entries, group: 'delivery' | 'billing'): number | undefined {
  const id = Number(entries[`${group}_address_id`]);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/** Entries of a `FormData` as plain strings (files are not part of the checkout). */
export function entriesOf(data: Iterable<[string, FormDataEntryValue]>): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const [name, value] of data) if (typeof value === 'string') entries[name] = value;
  return entries;
}

const text = (entries: Entries, name: string) => (entries[name] ?? '').trim();

/** Left out when blank, so optional fields stay optional. */
function optionalText(entries: Entries, name: string): string | undefined {
  return text(entries, name) || undefined;
}

function addressFrom(entries: Entries, prefix: string, country: string | undefined) {
  return {
    first_name: text(entries, `${prefix}first_name`),
    last_name: text(entries, `${prefix}last_name`),
    company: optionalText(entries, `${prefix}company`),
    address: text(entries, `${prefix}address`),
    address_2: optionalText(entries, `${prefix}address_2`),
    town: text(entries, `${prefix}town`),
    postcode: text(entries, `${prefix}postcode`),
    ...(country !== undefined && { country }),
  };
}

/** The street fields of the delivery address (names come from "Your details"): all blank = no address given. */
const STREET_FIELDS: readonly AddressField[] = ['address', 'address_2', 'town', 'postcode'];

export type DeliveryMethod = 'delivery' | 'collect';

export function methodOf(entries: Entries): DeliveryMethod | undefined {
  const method = entries.method;
  return method === 'delivery' || method === 'collect' ? method : undefined;
}

/** Billing = delivery address: the default for home delivery; collection has no delivery address to copy. */
export function billingSameAsDelivery(entries: Entries): boolean {
  return methodOf(entries) === 'delivery' && entries.billing_same === 'on';
}

/** The delivery body as typed (not yet checked). The names of "Your details" are the delivery address's. */
export function deliveryDraft(entries: Entries): Record<string, unknown> {
  const method = methodOf(entries);
  const phone = text(entries, 'phone');
  if (method === 'collect') {
    const id = Number(text(entries, 'stockist_id'));
    return {
      method,
      stockist_id: Number.isInteger(id) && id > 0 ? id : undefined,
      first_name: text(entries, 'first_name'),
      last_name: text(entries, 'last_name'),
      phone,
    };
  }
  if (method === 'delivery') {
    const carrier_code = optionalText(entries, 'carrier_code');
    const addressId = savedAddressId(entries, 'delivery');
    if (addressId !== undefined) return { method, address_id: addressId, carrier_code, phone };
    const given = STREET_FIELDS.some((name) => text(entries, name) !== '');
    return {
      method,
      ...(given && { address: addressFrom(entries, '', 'uk') }),
      ...(entries.save_address === 'on' && { save_address: true }),
      carrier_code,
      phone,
    };
  }
  return { first_name: text(entries, 'first_name'), last_name: text(entries, 'last_name'), phone };
}

export function billingDraft(entries: Entries): Record<string, unknown> {
  if (billingSameAsDelivery(entries)) return { same_as_delivery: true };
  const addressId = savedAddressId(entries, 'billing');
  if (addressId !== undefined) return { same_as_delivery: false, address_id: addressId };
  return {
    same_as_delivery: false,
    address: addressFrom(entries, 'billing_', optionalText(entries, 'billing_country')),
    ...(entries.billing_save_address === 'on' && { save_address: true }),
  };
}

/** `address.postcode` → `postcode`; the whole `address` → its fieldset; other paths are the fields' names. */
export function deliveryFieldName(path: string): string {
  if (path === 'address' || path === 'address_id') return DELIVERY_ADDRESS_GROUP;
  return path.startsWith('address.') ? path.slice('address.'.length) : path;
}

/** `address.postcode` → `billing_postcode`; the whole `address` or `same_as_delivery` → its fieldset. */
export function billingFieldName(path: string): string {
  if (path === 'address' || path === 'address_id' || path === 'same_as_delivery')
    return BILLING_ADDRESS_GROUP;
  return path.startsWith('address.') ? `billing_${path.slice('address.'.length)}` : path;
}

/** A bare "Field required" names its field (spec §5); the catalogue's own messages stay as they are. */
export function fieldMessage(message: string, label: string | undefined): string {
  return message === MESSAGES.required ? requiredMessage(label) : message;
}

type Issue = { path: readonly PropertyKey[]; message: string };

function collect(
  errors: FieldErrors,
  issues: readonly Issue[],
  name: (path: string) => string,
  labelOf: (field: string) => string | undefined,
): void {
  for (const issue of issues) {
    const field = name(issue.path.map(String).join('.'));
    if (field && !(field in errors)) errors[field] = fieldMessage(issue.message, labelOf(field));
  }
}

export interface DeliveryCheck {
  errors: FieldErrors;
  /** Set when every field is right. */
  email?: string;
  delivery?: CheckoutDeliveryBody;
  billing?: CheckoutBillingBody;
}

/**
 * Checks the delivery form with the shared schemas: e-mail, the delivery (method, address or stockist, carrier,
 * phone) and the billing address. A missing method, address, carrier or stockist gets the spec's message.
 */
export function checkDelivery(
  entries: Entries,
  labelOf: (field: string) => string | undefined = () => undefined,
): DeliveryCheck {
  const errors: FieldErrors = {};
  const email = emailRule().safeParse(text(entries, 'email'));
  if (!email.success)
    collect(
      errors,
      email.error.issues.map((i) => ({ ...i, path: ['email'] })),
      String,
      labelOf,
    );

  const method = methodOf(entries);
  const draft = deliveryDraft(entries);
  const delivery = checkoutDeliveryBody.safeParse(method ? draft : { ...draft, method: undefined });
  if (!method) errors.method = CHECKOUT_MESSAGES.deliveryMethod;
  if (!delivery.success) {
    const issues = delivery.error.issues.filter((issue) => issue.path.length > 0 || method);
    if (method === 'delivery' && !draft.address && draft.address_id === undefined)
      errors[DELIVERY_ADDRESS_GROUP] = CHECKOUT_MESSAGES.deliveryAddress;
    if (method === 'delivery' && !draft.carrier_code) errors.carrier_code = CHECKOUT_MESSAGES.deliveryMethod;
    if (method === 'collect' && draft.stockist_id === undefined)
      errors.stockist_id = CHECKOUT_MESSAGES.stockist;
    collect(errors, issues, deliveryFieldName, labelOf);
    // Without a method the schema can say nothing about the phone: check it on its own.
    if (!method) {
      const phoneOnly = checkoutDeliveryBody.safeParse({ ...draft, method: 'collect' });
      if (!phoneOnly.success)
        collect(
          errors,
          phoneOnly.error.issues.filter((issue) =>
            ['phone', 'first_name', 'last_name'].includes(String(issue.path[0])),
          ),
          deliveryFieldName,
          labelOf,
        );
    }
  }

  // The billing block depends on the method (collection has no delivery address to copy): checked once chosen.
  const billing = checkoutBillingBody.safeParse(billingDraft(entries));
  if (!billing.success && method) collect(errors, billing.error.issues, billingFieldName, labelOf);

  if (Object.keys(errors).length > 0 || !delivery.success || !billing.success || !email.success)
    return { errors };
  return { errors, email: email.data, delivery: delivery.data, billing: billing.data };
}

export interface PaymentCheck {
  errors: FieldErrors;
  body?: CheckoutCompleteBody;
}

/**
 * Checks the payment form (sales conditions, payment method, card; on account, the PO number when the account
 * requires one) and builds the completion body.
 */
export function checkPayment(
  entries: Entries,
  expectedTotal: number,
  email: string,
  poRequired = false,
): PaymentCheck {
  const errors: FieldErrors = {};
  if (entries.accept_terms !== 'on') errors.accept_terms = CHECKOUT_MESSAGES.acceptSalesConditions;
  const method = text(entries, 'payment_method');
  if (!method) errors.payment_method = CHECKOUT_MESSAGES.paymentMethod;
  const cardToken = optionalText(entries, 'card_token');
  if (method === 'card' && !cardToken) errors.card_token = CHECKOUT_MESSAGES.cardToken;
  const poNumber = method === 'on_account' ? optionalText(entries, 'po_number') : undefined;
  if (method === 'on_account' && poRequired && !poNumber) errors.po_number = CHECKOUT_MESSAGES.poNumber;
  const parsed = checkoutCompleteBody.safeParse({
    payment_method: method || undefined,
    ...(method === 'card' && { card_token: cardToken }),
    ...(poNumber && { po_number: poNumber }),
    accept_terms: entries.accept_terms === 'on',
    expected_total: expectedTotal,
    email,
  });
  if (!parsed.success)
    collect(
      errors,
      parsed.error.issues,
      (path) => (path === 'email' ? 'payment' : path),
      () => undefined,
    );
  return Object.keys(errors).length === 0 && parsed.success ? { errors, body: parsed.data } : { errors };
}

/** The order state once the delivery form was accepted (spec §3 fields). */
export function orderFromDelivery(
  checked: Required<Pick<DeliveryCheck, 'email' | 'delivery' | 'billing'>>,
  relay: Relay | null,
): Partial<OrderState> {
  const { delivery, billing } = checked;
  const shippingAddress: Address | null =
    delivery.method === 'delivery' && delivery.address ? toAddress(delivery.address) : null;
  return {
    email: checked.email,
    phone: delivery.phone,
    carrier: delivery.method === 'delivery' ? delivery.carrier_code : null,
    shippingAddress,
    relay: delivery.method === 'collect' ? relay : null,
    billingAddress: billing.same_as_delivery || !billing.address ? null : toAddress(billing.address),
    step: 'payment',
    orderId: null,
  };
}

/** The fields that tell two addresses apart: the same person at the same street and postcode. */
function addressKey(address: { firstName: string; lastName: string; address: string; postcode: string }) {
  return [address.firstName, address.lastName, address.address, address.postcode.replace(/\s+/g, '')]
    .map((part) => part.trim().toLowerCase())
    .join('|');
}

/** The saved address the checkout already has (its delivery or billing), so the form shows it chosen again. */
export function matchingSavedAddress<
  T extends { firstName: string; lastName: string; address: string; postcode: string },
>(saved: readonly T[], address: Parameters<typeof addressKey>[0] | null | undefined): T | undefined {
  if (!address) return undefined;
  const key = addressKey(address);
  return saved.find((candidate) => addressKey(candidate) === key);
}

/** The entries a remembered order state fills the delivery form with (a return from the payment step). */
export function entriesFromOrder(order: OrderState): Record<string, string> {
  const entries: Record<string, string> = {};
  const put = (name: string, value: string | null | undefined) => {
    if (value) entries[name] = value;
  };
  put('email', order.email);
  put('phone', order.phone);
  const shipping = order.shippingAddress;
  if (shipping) {
    entries.method = 'delivery';
    put('first_name', shipping.firstName);
    put('last_name', shipping.lastName);
    put('company', shipping.company);
    put('address', shipping.address);
    put('address_2', shipping.address2);
    put('town', shipping.town);
    put('postcode', shipping.postcode);
    put('carrier_code', order.carrier);
  } else if (order.relay) {
    entries.method = 'collect';
    entries.stockist_id = String(order.relay.id);
  }
  const billing = order.billingAddress;
  if (billing) {
    put('billing_first_name', billing.firstName);
    put('billing_last_name', billing.lastName);
    put('billing_company', billing.company);
    put('billing_address', billing.address);
    put('billing_address_2', billing.address2);
    put('billing_town', billing.town);
    put('billing_postcode', billing.postcode);
    put('billing_country', billing.country);
    if (!shipping) {
      put('first_name', billing.firstName);
      put('last_name', billing.lastName);
    }
  } else if (shipping) entries.billing_same = 'on';
  return entries;
}
