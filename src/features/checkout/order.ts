/**
 * The `order` state of spec §3 (orderId, step, carrier, shipping address, billing address, relay, paymentBy,
 * phone), the checkout's step guards, and the guest access tokens of placed orders
 * (api-contract.md "Checkout and orders": 2 hours). Pure: the store (`order.store.ts`) persists it; stored values
 * are read back with the site's guards, never trusted.
 */
import { HOUR_MS } from '@plasterwick/shop-rules/time';
import type { Address } from '../../lib/api/address.ts';
import {
  arrayOf,
  isNumber,
  isString,
  objectOf,
  oneOf,
  optional,
  parseJson,
  type Guard,
} from '../site/guards.ts';

export const CHECKOUT_STEPS = ['delivery', 'payment', 'confirmation'] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

/** The stockist chosen for collection (the spec's relay point). */
export interface Relay {
  id: number;
  name: string;
  address: string;
  town: string;
  postcode: string;
}

export interface OrderState {
  /** The order placed from this checkout (its number, `PW-000123`); null before completion. */
  orderId: string | null;
  /** The furthest step the shopper has reached. */
  step: CheckoutStep;
  /** The carrier code of home delivery; null when collecting. */
  carrier: string | null;
  shippingAddress: Address | null;
  /** null = same as the delivery address. */
  billingAddress: Address | null;
  relay: Relay | null;
  /** How the order is paid (`card`). */
  paymentBy: string | null;
  phone: string | null;
  /** Kept to fill the form again and to send with completion. */
  email: string | null;
}

export const EMPTY_ORDER: OrderState = Object.freeze({
  orderId: null,
  step: 'delivery',
  carrier: null,
  shippingAddress: null,
  billingAddress: null,
  relay: null,
  paymentBy: null,
  phone: null,
  email: null,
}) as OrderState;

function nullable<T>(guard: Guard<T>): Guard<T | null> {
  return (value): value is T | null => value === null || guard(value);
}

const isAddress = objectOf({
  firstName: isString,
  lastName: isString,
  company: optional(isString),
  address: isString,
  address2: optional(isString),
  town: isString,
  postcode: isString,
  country: isString,
});

const isRelay = objectOf({
  id: isNumber,
  name: isString,
  address: isString,
  town: isString,
  postcode: isString,
});

const isOrderState = objectOf({
  orderId: nullable(isString),
  step: oneOf(CHECKOUT_STEPS),
  carrier: nullable(isString),
  shippingAddress: nullable(isAddress),
  billingAddress: nullable(isAddress),
  relay: nullable(isRelay),
  paymentBy: nullable(isString),
  phone: nullable(isString),
  email: nullable(isString),
});

/** Stored JSON → order state; anything unreadable is a fresh checkout. */
export function decodeOrderState(raw: string | null | undefined): OrderState {
  return (parseJson(raw, isOrderState) as OrderState | undefined) ?? EMPTY_ORDER;
}

const stepIndex = (step: CheckoutStep) => CHECKOUT_STEPS.indexOf(step);

/** The later of two steps: going back to change the delivery keeps the payment step open. */
export function furthestStep(a: CheckoutStep, b: CheckoutStep): CheckoutStep {
  return stepIndex(a) >= stepIndex(b) ? a : b;
}

/** What a checkout page needs to know to decide whether it may show itself. */
export interface GuardInput {
  /** A valid cart token and at least one line. */
  hasCart: boolean;
  order: OrderState;
  /** The back-office has a delivery choice for this cart (once it answered); undefined before it did. */
  deliveryChosen?: boolean;
}

export type GuardOutcome = { kind: 'show' } | { kind: 'empty' } | { kind: 'redirect'; to: 'delivery' };

/**
 * Steps guard each other: no cart → nothing to check out (the page says so and links to the basket); the payment
 * step needs a delivery choice, the browser's or, once it answered, the back-office's.
 */
export function guardStep(step: Exclude<CheckoutStep, 'confirmation'>, input: GuardInput): GuardOutcome {
  if (!input.hasCart) return { kind: 'empty' };
  if (step === 'payment') {
    const chosen = input.deliveryChosen ?? stepIndex(input.order.step) >= stepIndex('payment');
    if (!chosen) return { kind: 'redirect', to: 'delivery' };
  }
  return { kind: 'show' };
}

// ---- guest access to placed orders ------------------------------------------------------------------------

/** The guest access token lasts 2 hours from completion (api-contract.md "Checkout and orders"). */
export const ORDER_ACCESS_MS = 2 * HOUR_MS;
/** At most this many placed orders are remembered on the device. */
const MAX_ACCESS = 5;

export interface OrderAccess {
  number: string;
  token: string;
  /** ms since the epoch. */
  expiresAt: number;
}

const isAccessList = arrayOf(objectOf({ number: isString, token: isString, expiresAt: isNumber }));

export function decodeOrderAccess(raw: string | null | undefined): OrderAccess[] {
  return parseJson(raw, isAccessList) ?? [];
}

/** The list with `access` in front (replacing the same order's), expired ones dropped, at most 5 kept. */
export function rememberAccess(
  list: readonly OrderAccess[],
  access: OrderAccess,
  now: number,
): OrderAccess[] {
  return [access, ...list.filter((entry) => entry.number !== access.number && entry.expiresAt > now)].slice(
    0,
    MAX_ACCESS,
  );
}

/** The token for an order, when one is kept and has not expired. */
export function accessFor(list: readonly OrderAccess[], number: string, now: number): string | undefined {
  return list.find((entry) => entry.number === number && entry.expiresAt > now)?.token;
}

/** The order number of `?order=`, when it looks like one (`PW-000123`). */
export function orderNumberFrom(search: string): string | undefined {
  const value = new URLSearchParams(search).get('order')?.trim();
  return value && /^[A-Za-z0-9-]{1,40}$/.test(value) ? value : undefined;
}
