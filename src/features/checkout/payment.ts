/**
 * The payment step's pure parts: the fake provider's magic card tokens, the Pay button's label, where an awaited
 * order stands, and what a failed completion means for the shopper (api-contract.md "Checkout and orders": 402 `payment_declined` keeps the
 * basket, 409 `price_changed` asks again with the new total, 409 `discount_exhausted` and other refusals say why,
 * 400 names the fields).
 */
import { BackofficeError } from '../../lib/api/client.ts';
import { toFormErrors } from '../../lib/api/form-errors.ts';
import { formatPrice } from '../../lib/format.ts';
import { checkoutText } from './checkout-text.ts';

/** The `fake` provider's magic tokens, offered in test mode with plain labels. */
export const FAKE_CARD_TOKENS = ['tok_ok', 'tok_decline', 'tok_3ds', 'tok_error', 'tok_timeout'] as const;

/** How often the page asks about an order whose payment is being made or checked. */
export const PAYMENT_POLL_MS = 2000;

/** Where an order awaited by the payment page stands: paid (or on account), not paid, or still waiting. */
export function settledOutcome(status: string): 'paid' | 'unpaid' | 'waiting' {
  if (status === 'paid' || status === 'on_account') return 'paid';
  if (status === 'payment_failed' || status === 'cancelled') return 'unpaid';
  return 'waiting';
}

export function payLabel(totalPence: number): string {
  return checkoutText('payment.pay', { total: formatPrice(totalPence, { forceDecimals: true }) });
}

export type PaymentFailure = {
  kind: 'declined' | 'price_changed' | 'incomplete' | 'refused' | 'fields' | 'error';
  message?: string;
  fields: Record<string, string>;
};

/** A failed `POST /checkout/complete` → what the payment form shows. */
export function paymentFailure(error: unknown): PaymentFailure {
  const status = error instanceof BackofficeError ? error.statusCode : undefined;
  const failure = toFormErrors(error, checkoutText('payment.provider_error'));
  // An order on account above the credit left: nothing was ordered, the basket stays (another method may pay).
  if (failure.status === 'credit_limit_exceeded')
    return { kind: 'refused', message: checkoutText('payment.credit_limit'), fields: {} };
  if (status === 402 || failure.status === 'payment_declined')
    return { kind: 'declined', message: checkoutText('payment.declined'), fields: {} };
  if (failure.status === 'price_changed') return { kind: 'price_changed', fields: {} };
  // A step the back-office does not have (the delivery or billing step): back to the delivery page.
  if (failure.status === 'checkout_incomplete') return { kind: 'incomplete', fields: {} };
  if (status === 429) return { kind: 'error', message: checkoutText('rate_limited'), fields: {} };
  const fields: Record<string, string> = {};
  let message = failure.message;
  for (const [name, text] of Object.entries(failure.fields)) {
    // The e-mail was given on the delivery step: its error has no field here.
    if (name === 'email') message = [message, text].filter(Boolean).join(' ');
    else fields[name] = text;
  }
  if (Object.keys(fields).length > 0) return { kind: 'fields', message, fields };
  if (status !== undefined && status >= 400 && status < 500 && failure.status)
    return { kind: 'refused', message, fields };
  return { kind: 'error', message: checkoutText('payment.provider_error'), fields };
}
