/**
 * The `fake` card provider: offline, for a demonstration shop and the tests. Magic card tokens decide the outcome:
 * `tok_ok` pays, `tok_decline` is declined, `tok_3ds` needs the shopper's authorisation on our own test page
 * (`/api/v1/payments/fake/authorise/{payment_id}`, whose Approve / Decline buttons make the provider send a signed
 * webhook), `tok_error` is the provider failing. Any other token is declined. A real shop needs a real provider.
 */
import { randomBytes } from 'node:crypto';
import {
  verifyWebhookSignature,
  WebhookSignatureError,
  type CreatePaymentInput,
  type CreatePaymentResult,
  type PaymentEvent,
  type PaymentProvider,
  type ProviderPaymentStatus,
} from './provider.ts';

export const FAKE_CARD_TOKENS = {
  tok_ok: 'Paid at once',
  tok_decline: 'Declined by the bank',
  tok_3ds: 'Asks for 3-D Secure authorisation on a test page',
  tok_error: 'The payment service fails',
} as const;

/** Where the shopper authorises a `tok_3ds` payment (same origin, under the public API). */
export const fakeAuthoriseUrl = (paymentId: string) => `/api/v1/payments/fake/authorise/${paymentId}`;

const EVENT_TYPES = new Set<PaymentEvent['type']>([
  'payment.succeeded',
  'payment.failed',
  'payment.cancelled',
  'payment.requires_action',
]);

/** The fake provider, with the one thing its test page does that a real provider's page would: decide. */
export interface FakeProvider extends PaymentProvider {
  /** The shopper approved or declined a payment that required action. */
  decide(providerRef: string, approved: boolean): void;
}

export function fakeProvider(webhookSecret: string): FakeProvider {
  /** The provider's side of each payment (a real provider keeps this on its servers). */
  const states = new Map<string, ProviderPaymentStatus>();
  const ref = () => `fake_${randomBytes(12).toString('hex')}`;

  return {
    name: 'fake',
    testMode: true,
    async createPayment(input: CreatePaymentInput): Promise<CreatePaymentResult> {
      switch (input.cardToken) {
        case 'tok_ok': {
          const providerRef = ref();
          states.set(providerRef, 'succeeded');
          return { status: 'succeeded', providerRef };
        }
        case 'tok_3ds': {
          const providerRef = ref();
          states.set(providerRef, 'requires_action');
          return { status: 'requires_action', providerRef, actionUrl: fakeAuthoriseUrl(input.paymentId) };
        }
        case 'tok_error':
          return { status: 'error', message: 'The fake provider is failing on purpose (tok_error)' };
        default: {
          const providerRef = ref();
          states.set(providerRef, 'failed');
          return {
            status: 'declined',
            providerRef,
            code: input.cardToken === 'tok_decline' ? 'card_declined' : 'invalid_card',
          };
        }
      }
    },
    decide(providerRef, approved) {
      if (states.get(providerRef) === 'requires_action')
        states.set(providerRef, approved ? 'succeeded' : 'failed');
    },
    async paymentStatus(providerRef) {
      return states.get(providerRef) ?? 'pending';
    },
    async cancelPayment(providerRef) {
      if (states.get(providerRef) === 'requires_action') states.set(providerRef, 'cancelled');
    },
    async refundPayment(providerRef) {
      if (states.get(providerRef) !== 'succeeded')
        throw new Error('Only a succeeded payment can be refunded');
      states.set(providerRef, 'refunded');
      return { refundId: `re_${randomBytes(12).toString('hex')}` };
    },
    parseWebhook(rawBody, signature, now) {
      verifyWebhookSignature(webhookSecret, rawBody, signature, now);
      let event: unknown;
      try {
        event = JSON.parse(rawBody);
      } catch {
        throw new WebhookSignatureError('The body is not JSON');
      }
      const { id, type, created, data } = (event ?? {}) as {
        id?: unknown;
        type?: unknown;
        created?: unknown;
        data?: { payment_id?: unknown };
      };
      if (
        typeof id !== 'string' ||
        !EVENT_TYPES.has(type as PaymentEvent['type']) ||
        typeof created !== 'number' ||
        typeof data?.payment_id !== 'string'
      ) {
        throw new WebhookSignatureError('Not a payment event');
      }
      return { id, type: type as PaymentEvent['type'], created, paymentId: data.payment_id };
    },
  };
}

/** The body of a fake webhook event (what the test page's buttons send, and what tests replay). */
export function fakeEventBody(event: PaymentEvent): string {
  return JSON.stringify({
    id: event.id,
    type: event.type,
    created: event.created,
    data: { payment_id: event.paymentId },
  });
}
