/**
 * The rules of completing a checkout (api-contract.md "Checkout and orders"): what the order needs before it is
 * placed (a way to pay the shopper may use, a delivery step, a billing address), what answers the shopper, and
 * when an order placed earlier stands for the basket. The steps themselves are flows/complete-checkout.ts.
 */
import { CHECKOUT_MESSAGES, type CheckoutCompleteBody } from '@plasterwick/shop-rules/checkout';
import { DomainError, fieldError } from '../../lib/errors.ts';
import {
  cartAnswer,
  resolvedBilling,
  type BillingView,
  type CartView,
  type DeliveryView,
  type PricedCart,
} from '../cart/index.ts';
import type { CustomerRow } from '../customers/index.ts';
import { confirmationUrl, type OrderLineRow, type OrderRow } from '../orders/index.ts';
import type { PaymentRow } from '../payments/index.ts';
import { onAccountUnavailable } from '../trade/index.ts';

/** A guest's access to the order (`X-Order-Token`) and when it ends. */
export interface OrderAccess {
  token: string;
  expiresAt: Date;
}

export interface Completion {
  /** False when the cart already had its order: the same order again. */
  created: boolean;
  order: Pick<OrderRow, 'id' | 'number' | 'status'>;
  accessToken: string;
  accessTokenExpiresAt: Date;
  /**
   * `done`: paid or on account, the confirmation; `redirect`: the bank's authorisation page; `pending`: the card
   * payment's outcome is not known yet (the page waits for the order to settle).
   */
  next: { type: 'done' | 'redirect'; url: string } | { type: 'pending' };
}

/** The way to pay is one the shopper may use, with what it needs (a card token; a PO number when required). */
export function checkPaymentChoice(customer: CustomerRow | null, body: CheckoutCompleteBody): void {
  if (body.payment_method === 'on_account') {
    if (!customer?.tradeApproved) throw onAccountUnavailable();
    if (customer.poRequired && !body.po_number) {
      throw fieldError('invalid_request', 'po_number', CHECKOUT_MESSAGES.poNumber);
    }
  } else if (!body.card_token) {
    throw fieldError('invalid_request', 'card_token', CHECKOUT_MESSAGES.cardToken);
  }
}

const incomplete = (step: 'delivery' | 'billing', message: string) =>
  new DomainError('checkout_incomplete', message, { fields: [{ field: step, message }], fieldsOf: 'state' });

/**
 * The delivery and billing the order is placed with; a missing step is named. Without a billing step, a home
 * delivery is billed to its delivery address.
 */
export function orderDetailsOf(view: CartView): { delivery: DeliveryView; billing: BillingView } {
  if (view.priced.lines.length === 0) throw new DomainError('cart_empty', 'Your basket is empty');
  const delivery = view.cart.delivery as DeliveryView | null;
  if (!delivery || view.priced.shipping === null) {
    throw incomplete('delivery', CHECKOUT_MESSAGES.deliveryMethod);
  }
  const billing = resolvedBilling(
    delivery,
    (view.cart.billing as BillingView | null) ?? { same_as_delivery: true, address: null },
  );
  if (!billing?.address) throw incomplete('billing', CHECKOUT_MESSAGES.billingAddress);
  return { delivery, billing };
}

/** The basket changed under the shopper (its total, or its code): the fresh basket goes with the refusal. */
export const basketChanged = (
  code: 'price_changed' | 'discount_exhausted',
  message: string,
  view: CartView,
) => new DomainError(code, message, { details: { cart: cartAnswer(view) }, conflict: true });

export const CODE_USED_UP = 'This code has just been used up: it was taken off your basket';
export const CODE_USED_BEFORE = 'You have already used this code: it was taken off your basket';
export const TOTAL_CHANGED = 'The total of your basket has changed: please check it before paying';

/** Whether the basket still holds what the order was placed with: the same packs, quantities and total. */
export function sameBasket(order: OrderRow, lines: OrderLineRow[], priced: PricedCart): boolean {
  const packs = (items: { variantReference: string; quantity: number }[]) =>
    items.map((line) => `${line.variantReference}×${line.quantity}`).sort();
  return order.totalIncPence === priced.total.inc && packs(lines).join() === packs(priced.lines).join();
}

/**
 * Where the shopper goes next: the confirmation once the order is paid or on account (only then), the bank's
 * authorisation page while the payment waits for it, else nowhere yet: the payment's outcome is awaited.
 */
export function nextOf(order: OrderRow, payment: PaymentRow | undefined | null): Completion['next'] {
  if (order.status === 'paid' || order.status === 'on_account') {
    return { type: 'done', url: confirmationUrl(order) };
  }
  if (order.status === 'pending_payment' && payment?.status === 'requires_action' && payment.actionUrl) {
    return { type: 'redirect', url: payment.actionUrl };
  }
  return { type: 'pending' };
}

/**
 * Another card attempt on this basket is being made (one at a time): 409 `payment_pending`, with the order it pays
 * for and an access token, so the page can wait for that order to settle instead of paying twice.
 */
export const paymentStillPending = (
  order?: Pick<OrderRow, 'id' | 'number' | 'status'>,
  access?: OrderAccess,
) =>
  new DomainError(
    'payment_pending',
    'A payment for this basket is already being processed: please wait for it',
    order && access
      ? {
          details: {
            order: { id: order.id, number: order.number, status: order.status },
            access_token: access.token,
            access_token_expires_at: access.expiresAt.toISOString(),
          },
        }
      : {},
  );

export const cardDeclined = () =>
  new DomainError(
    'payment_declined',
    'Your card was declined: your basket is kept, please try another card',
    {
      fields: [{ field: 'card_token', message: 'Your card was declined' }],
    },
  );

export const providerFailed = () =>
  new DomainError(
    'payment_error',
    'The payment service did not answer: nothing was charged, please try again',
  );
