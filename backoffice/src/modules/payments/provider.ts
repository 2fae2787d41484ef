/**
 * The payment provider adapter (api-contract.md principle 4): one interface for every card provider. The shop
 * ships the offline `fake` provider (fake.ts) so a new user's `npm start` and the tests never need the network; a
 * real provider implements the same five calls. Webhook signatures follow Stripe's scheme:
 * `t={unix seconds},v1={hex HMAC-SHA256(secret, t + '.' + raw body)}`, accepted within 300 s.
 */
import { createHmac } from 'node:crypto';
import { sameSecret } from '@plasterwick/shop-rules/secrets';

export interface CreatePaymentInput {
  /**
   * The same key is the same payment: asked again with it (a retry after a crash, a lost answer), the provider
   * answers what it answered the first time and charges nothing more. Our payment id.
   */
  idempotencyKey: string;
  /** Our payment id (`pay_…`), which the provider echoes in its events. */
  paymentId: string;
  amountPence: number;
  currency: string;
  /** The card as the provider's own form tokenised it (`tok_…`). */
  cardToken: string;
  /** What the shopper's statement shows ("Plasterwick order PW-000123"). */
  description: string;
}

export type CreatePaymentResult =
  | { status: 'succeeded'; providerRef: string }
  | { status: 'declined'; providerRef: string; code: string }
  | { status: 'requires_action'; providerRef: string; actionUrl: string }
  /** The provider says it failed and took nothing. (A call that throws is an unknown outcome instead.) */
  | { status: 'error'; message: string };

/** Where the provider stands on a payment; `unknown`: it never received one under that key. */
export type ProviderPaymentStatus =
  'pending' | 'requires_action' | 'succeeded' | 'failed' | 'cancelled' | 'refunded' | 'unknown';

/**
 * How to name a payment to the provider: its reference once we recorded one, else the idempotency key it was
 * created under (an attempt whose answer never reached us).
 */
export type PaymentLookup = { providerRef: string } | { idempotencyKey: string };

export interface RefundInput {
  providerRef: string;
  amountPence: number;
  /** The same key is the same refund: asked again, the provider refunds nothing more. */
  idempotencyKey: string;
}

export type RefundResult =
  /** `pending`: the provider tells the outcome later, in a `refund.succeeded` or `refund.failed` webhook. */
  { status: 'succeeded' | 'pending'; refundId: string } | { status: 'failed'; code: string };

export const PAYMENT_EVENT_TYPES = [
  'payment.succeeded',
  'payment.failed',
  'payment.cancelled',
  'payment.requires_action',
] as const;
export const REFUND_EVENT_TYPES = ['refund.succeeded', 'refund.failed'] as const;

/** What a provider tells us in a webhook, once its signature is checked. */
export type PaymentEvent = {
  /** The provider's event id: an event is applied once, whatever number of times it arrives. */
  id: string;
  paymentId: string;
  /** Unix seconds when the provider made the event. */
  created: number;
} & (
  | { type: (typeof PAYMENT_EVENT_TYPES)[number] }
  /** `refundId`: the provider's id of the refund. */
  | { type: (typeof REFUND_EVENT_TYPES)[number]; refundId: string }
);

export interface PaymentProvider {
  readonly name: string;
  /** Whether it is a demonstration provider (checkout shows "Test mode: no real payment"). */
  readonly testMode: boolean;
  createPayment(input: CreatePaymentInput): Promise<CreatePaymentResult>;
  /** Where it stands, with the provider's reference when asked by key. */
  paymentStatus(
    lookup: PaymentLookup,
  ): Promise<{ status: ProviderPaymentStatus; providerRef: string | undefined }>;
  /**
   * Cancels a payment still waiting for the shopper. Asked by key for a payment it never received, it makes sure
   * none will be taken under that key (a late attempt with it is refused).
   */
  cancelPayment(lookup: PaymentLookup): Promise<void>;
  refundPayment(input: RefundInput): Promise<RefundResult>;
  /** The event of a webhook; throws `WebhookSignatureError` when its signature is missing, wrong or too old. */
  parseWebhook(rawBody: string, signature: string | undefined, now: Date): PaymentEvent;
}

export class WebhookSignatureError extends Error {}

/** How far a webhook's timestamp may be from our clock. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

const hmac = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest('hex');

/** The signature header of `rawBody` made at `timestamp` (unix seconds). */
export function signWebhook(secret: string, rawBody: string, timestamp: number): string {
  return `t=${timestamp},v1=${hmac(secret, `${timestamp}.${rawBody}`)}`;
}

/** Checks a Stripe-style signature header: one of its `v1` values must match, and `t` be within the tolerance. */
export function verifyWebhookSignature(
  secret: string,
  rawBody: string,
  header: string | undefined,
  now: Date,
  toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS,
): void {
  if (!header) throw new WebhookSignatureError('No signature');
  const parts = header.split(',').map((part) => part.trim().split('='));
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1]);
  const signatures = parts.filter(([key]) => key === 'v1').map(([, value]) => value ?? '');
  if (!Number.isSafeInteger(timestamp) || signatures.length === 0) {
    throw new WebhookSignatureError('Malformed signature');
  }
  if (Math.abs(now.getTime() / 1000 - timestamp) > toleranceSeconds) {
    throw new WebhookSignatureError('Signature timestamp outside the tolerance');
  }
  const expected = hmac(secret, `${timestamp}.${rawBody}`);
  if (!signatures.some((signature) => sameSecret(signature, expected))) {
    throw new WebhookSignatureError('Signature does not match');
  }
}
