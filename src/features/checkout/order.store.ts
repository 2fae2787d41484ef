/**
 * The `order` store of spec §3, persisted in localStorage, and the guest access tokens of placed orders in their
 * own key (the spec's "second mechanism": the confirmation page still shows the order after a reload, and for the
 * token's 2 hours even when the cart and checkout state were cleared).
 */
import { persistentAtom } from '@nanostores/persistent';
import {
  EMPTY_ORDER,
  ORDER_ACCESS_MS,
  accessFor,
  decodeOrderAccess,
  decodeOrderState,
  furthestStep,
  rememberAccess,
  type CheckoutStep,
  type OrderAccess,
  type OrderState,
} from './order.ts';

export const ORDER_STORAGE_KEY = 'plasterwick:order';
export const ORDER_ACCESS_STORAGE_KEY = 'plasterwick:order-access';

export const $order = persistentAtom<OrderState>(ORDER_STORAGE_KEY, EMPTY_ORDER, {
  encode: JSON.stringify,
  decode: decodeOrderState,
});

export const $orderAccess = persistentAtom<OrderAccess[]>(ORDER_ACCESS_STORAGE_KEY, [], {
  encode: JSON.stringify,
  decode: decodeOrderAccess,
});

/** Merges the given fields into the order state; `step` only moves forward. */
export function updateOrder(changes: Partial<OrderState>): void {
  const current = $order.get();
  const step: CheckoutStep = changes.step ? furthestStep(current.step, changes.step) : current.step;
  $order.set({ ...current, ...changes, step });
}

/** A fresh checkout (the order was placed, or its cart is gone); the access tokens are kept. */
export function resetOrder(): void {
  $order.set(EMPTY_ORDER);
}

/** Keeps a placed order's guest access token for its 2 hours (until `expiresAt` when the back-office says). */
export function keepOrderAccess(
  number: string,
  token: string,
  expiresAt?: number,
  now: number = Date.now(),
): void {
  const end = Math.min(expiresAt ?? now + ORDER_ACCESS_MS, now + ORDER_ACCESS_MS);
  $orderAccess.set(rememberAccess($orderAccess.get(), { number, token, expiresAt: end }, now));
}

export function orderAccessToken(number: string, now: number = Date.now()): string | undefined {
  return accessFor($orderAccess.get(), number, now);
}
