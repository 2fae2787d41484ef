/**
 * The orders list's filters as the staff API takes them (`GET /staff/orders` and its CSV export share them): only
 * values the API accepts are sent, so a stale or hand-edited address bar narrows nothing instead of answering 400.
 */
import { FULFILMENT_STATUSES, type FulfilmentStatus } from '@plasterwick/shop-rules/fulfilment';
import type { OrderListQuery } from '../api/types.ts';
import { SITE } from './site.ts';

export const ORDER_SORTS = [
  'placed_at',
  'number',
  'email',
  'total_inc_pence',
  'status',
  'fulfilment_status',
] as const;

/** The order statuses of commerce.md, as staff read them. */
type OrderStatus = NonNullable<OrderListQuery['status']>;
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: 'Awaiting payment',
  paid: 'Paid',
  on_account: 'On account',
  payment_failed: 'Payment failed',
  cancelled: 'Cancelled',
};

type PaymentStatus = NonNullable<OrderListQuery['payment_status']>;

/** The card payment's states, with the refunds' two. */
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'Pending',
  requires_action: 'Being checked',
  succeeded: 'Paid',
  failed: 'Failed',
  cancelled: 'Cancelled',
  partially_refunded: 'Partly refunded',
  refunded: 'Refunded',
};

export const AUDIENCE_LABELS = { pro: 'Trade', part: 'Retail' } as const;
export const PAYMENT_METHOD_LABELS = { card: 'Card', on_account: 'On account' } as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const oneOf = <T extends string>(allowed: readonly T[], value: unknown): value is T =>
  allowed.includes(value as T);

/** react-admin's list filter → the API's query, on the UK site. */
export function orderFilter(filter: Record<string, unknown> | undefined): OrderListQuery {
  const { q, status, payment_status, fulfilment_status, placed_from, placed_to, audience, payment_method } =
    filter ?? {};
  const day = (value: unknown) => typeof value === 'string' && DAY.test(value);
  return {
    ...SITE,
    ...(typeof q === 'string' && q.trim() !== '' ? { q: q.trim() } : {}),
    ...(oneOf(Object.keys(ORDER_STATUS_LABELS) as OrderStatus[], status) ? { status } : {}),
    ...(oneOf(Object.keys(PAYMENT_STATUS_LABELS) as PaymentStatus[], payment_status)
      ? { payment_status }
      : {}),
    ...(oneOf<FulfilmentStatus>(FULFILMENT_STATUSES, fulfilment_status) ? { fulfilment_status } : {}),
    ...(day(placed_from) ? { placed_from: placed_from as string } : {}),
    ...(day(placed_to) ? { placed_to: placed_to as string } : {}),
    ...(audience === 'pro' || audience === 'part' ? { audience } : {}),
    ...(payment_method === 'card' || payment_method === 'on_account' ? { payment_method } : {}),
  };
}

/** The CSV export of the orders `filter` selects (all of them, not one page): the accounts' download. */
export function exportUrl(filter: Record<string, unknown> | undefined): string {
  const query = new URLSearchParams(Object.entries(orderFilter(filter)).map(([k, v]) => [k, String(v)]));
  return `/api/v1/staff/orders/export.csv?${query}`;
}
