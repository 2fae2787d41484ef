/**
 * The `fake` card provider: offline, for a demonstration shop and the tests. Magic card tokens decide the outcome:
 * `tok_ok` pays, `tok_decline` is declined, `tok_3ds` needs the shopper's authorisation on our own test page
 * (`/api/v1/payments/fake/authorise/{payment_id}`, whose Approve / Decline buttons make the provider send a signed
 * webhook), `tok_error` is the provider failing, `tok_timeout` pays but its answer is lost on the way (the shop
 * finds out later by asking). Any other token is declined. A real shop needs a real provider.
 *
 * Its side of each payment and refund is kept in its own tables (tables.ts: `fake_provider_payment`,
 * `fake_provider_refund`), as a real provider keeps it on its servers: after a restart, or from a second
 * back-office, the same idempotency key gets the same answer and the same status.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/types.ts';
import {
  PAYMENT_EVENT_TYPES,
  REFUND_EVENT_TYPES,
  verifyWebhookSignature,
  WebhookSignatureError,
  type CreatePaymentInput,
  type CreatePaymentResult,
  type PaymentEvent,
  type PaymentLookup,
  type PaymentProvider,
  type ProviderPaymentStatus,
  type RefundInput,
  type RefundResult,
} from './provider.ts';
import { fakeProviderPayments, fakeProviderRefunds, type FAKE_PAYMENT_STATUSES } from './tables.ts';

export const FAKE_CARD_TOKENS = {
  tok_ok: 'Paid at once',
  tok_decline: 'Declined by the bank',
  tok_3ds: 'Asks for 3-D Secure authorisation on a test page',
  tok_error: 'The payment service fails',
  tok_timeout: 'Paid, but the answer is lost on the way: the shop checks the payment later',
} as const;

/** Where the shopper authorises a `tok_3ds` payment (same origin, under the public API). */
export const fakeAuthoriseUrl = (paymentId: string) => `/api/v1/payments/fake/authorise/${paymentId}`;

const EVENT_TYPES = new Set<string>([...PAYMENT_EVENT_TYPES, ...REFUND_EVENT_TYPES]);

/** The fake provider, with the one thing its test page does that a real provider's page would: decide. */
export interface FakeProvider extends PaymentProvider {
  /** The shopper approved or declined a payment that required action; answers where the payment now stands. */
  decide(providerRef: string, approved: boolean): Promise<ProviderPaymentStatus>;
}

type FakeStatus = (typeof FAKE_PAYMENT_STATUSES)[number];

/** What the provider does with a new payment, by its magic token. */
function outcomeOf(input: CreatePaymentInput, providerRef: string): [FakeStatus, CreatePaymentResult] {
  switch (input.cardToken) {
    case 'tok_ok':
    case 'tok_timeout':
      return ['succeeded', { status: 'succeeded', providerRef }];
    case 'tok_3ds':
      return [
        'requires_action',
        { status: 'requires_action', providerRef, actionUrl: fakeAuthoriseUrl(input.paymentId) },
      ];
    case 'tok_error':
      return ['failed', { status: 'error', message: 'The fake provider is failing on purpose (tok_error)' }];
    default:
      return [
        'failed',
        {
          status: 'declined',
          providerRef,
          code: input.cardToken === 'tok_decline' ? 'card_declined' : 'invalid_card',
        },
      ];
  }
}

/** A refund the provider refuses: more than is left of the payment, or a payment it did not take. */
class RefundRefused extends Error {}

const newRef = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** The provider's records: its payments by key or reference, and its refunds by key. */
function fakeRecords(db: Database) {
  const byLookup = (lookup: PaymentLookup) =>
    'providerRef' in lookup
      ? eq(fakeProviderPayments.providerRef, lookup.providerRef)
      : eq(fakeProviderPayments.idempotencyKey, lookup.idempotencyKey);

  async function find(lookup: PaymentLookup) {
    const [row] = await db.select().from(fakeProviderPayments).where(byLookup(lookup));
    return row;
  }

  return {
    byLookup,
    find,
    /** Records a payment under its key unless the key has one; answers the row the key holds. */
    async keep(row: typeof fakeProviderPayments.$inferInsert) {
      const [inserted] = await db.insert(fakeProviderPayments).values(row).onConflictDoNothing().returning();
      return {
        row: inserted ?? (await find({ idempotencyKey: row.idempotencyKey }))!,
        fresh: Boolean(inserted),
      };
    },
    async refundOfKey(idempotencyKey: string) {
      const [row] = await db
        .select()
        .from(fakeProviderRefunds)
        .where(eq(fakeProviderRefunds.idempotencyKey, idempotencyKey));
      return row;
    },
  };
}

/** A refund at the provider: once per key, never more than is left of the payment. */
async function refundAtFake(
  db: Database,
  records: ReturnType<typeof fakeRecords>,
  input: RefundInput,
): Promise<RefundResult> {
  const earlier = await records.refundOfKey(input.idempotencyKey);
  if (earlier) return { status: 'succeeded', refundId: earlier.refundId };
  if (!Number.isSafeInteger(input.amountPence) || input.amountPence <= 0) {
    return { status: 'failed', code: 'invalid_amount' };
  }
  const payment = fakeProviderPayments;
  try {
    return await db.transaction(async (tx) => {
      const [refunded] = await tx
        .update(payment)
        .set({
          refundedPence: sql`${payment.refundedPence} + ${input.amountPence}`,
          status: sql`case when ${payment.refundedPence} + ${input.amountPence} = ${payment.amountPence} then 'refunded' else 'succeeded' end`,
        })
        .where(
          and(
            eq(payment.providerRef, input.providerRef),
            eq(payment.status, 'succeeded'),
            sql`${payment.refundedPence} + ${input.amountPence} <= ${payment.amountPence}`,
          ),
        )
        .returning({ providerRef: payment.providerRef });
      if (!refunded) throw new RefundRefused();
      const refundId = newRef('re');
      await tx.insert(fakeProviderRefunds).values({
        refundId,
        providerRef: input.providerRef,
        idempotencyKey: input.idempotencyKey,
        amountPence: input.amountPence,
      });
      return { status: 'succeeded' as const, refundId };
    });
  } catch (error) {
    if (error instanceof RefundRefused) return { status: 'failed', code: 'refund_exceeds_payment' };
    // The same key arrived twice at once: the other one made the refund, this one answers it.
    const same = await records.refundOfKey(input.idempotencyKey);
    if (same) return { status: 'succeeded', refundId: same.refundId };
    throw error;
  }
}

export function fakeProvider(webhookSecret: string, db: Database): FakeProvider {
  const records = fakeRecords(db);

  return {
    name: 'fake',
    testMode: true,
    async createPayment(input) {
      const providerRef = newRef('fake');
      const [status, answer] = outcomeOf(input, providerRef);
      const { row, fresh } = await records.keep({
        idempotencyKey: input.idempotencyKey,
        providerRef,
        status,
        amountPence: input.amountPence,
        currency: input.currency,
        answer,
      });
      // The payment is taken, but the answer never reaches the shop (a dropped connection): only the first time.
      if (fresh && input.cardToken === 'tok_timeout') {
        throw new Error('The fake provider’s answer was lost on the way (tok_timeout)');
      }
      return row.answer as CreatePaymentResult;
    },
    async decide(providerRef, approved) {
      await db
        .update(fakeProviderPayments)
        .set({ status: approved ? 'succeeded' : 'failed' })
        .where(
          and(
            eq(fakeProviderPayments.providerRef, providerRef),
            eq(fakeProviderPayments.status, 'requires_action'),
          ),
        );
      return (await records.find({ providerRef }))?.status ?? 'unknown';
    },
    async paymentStatus(lookup) {
      const row = await records.find(lookup);
      return { status: row?.status ?? 'unknown', providerRef: row?.providerRef };
    },
    async cancelPayment(lookup) {
      if ('idempotencyKey' in lookup) {
        // Never received: the key is voided, so an attempt still on its way under it is refused.
        const providerRef = newRef('fake');
        await records.keep({
          idempotencyKey: lookup.idempotencyKey,
          providerRef,
          status: 'cancelled',
          amountPence: 0,
          currency: 'GBP',
          answer: { status: 'declined', providerRef, code: 'payment_cancelled' },
        });
      }
      await db
        .update(fakeProviderPayments)
        .set({ status: 'cancelled' })
        .where(and(records.byLookup(lookup), eq(fakeProviderPayments.status, 'requires_action')));
    },
    refundPayment: (input) => refundAtFake(db, records, input),
    parseWebhook(rawBody, signature, now) {
      verifyWebhookSignature(webhookSecret, rawBody, signature, now);
      let event: unknown;
      try {
        event = JSON.parse(rawBody);
      } catch {
        throw new WebhookSignatureError('The body is not JSON');
      }
      return eventOf(event);
    },
  };
}

/** The event a webhook's parsed body holds, or `WebhookSignatureError` when it holds none. */
function eventOf(event: unknown): PaymentEvent {
  const { id, type, created, data } = (event ?? {}) as {
    id?: unknown;
    type?: unknown;
    created?: unknown;
    data?: { payment_id?: unknown; refund_id?: unknown };
  };
  if (
    typeof id !== 'string' ||
    typeof type !== 'string' ||
    !EVENT_TYPES.has(type) ||
    typeof created !== 'number' ||
    typeof data?.payment_id !== 'string'
  ) {
    throw new WebhookSignatureError('Not a payment event');
  }
  if (type.startsWith('refund.')) {
    if (typeof data.refund_id !== 'string')
      throw new WebhookSignatureError('A refund event names its refund');
    return {
      id,
      type: type as (typeof REFUND_EVENT_TYPES)[number],
      created,
      paymentId: data.payment_id,
      refundId: data.refund_id,
    };
  }
  return { id, type: type as (typeof PAYMENT_EVENT_TYPES)[number], created, paymentId: data.payment_id };
}

/** The body of a fake webhook event (what the test page's buttons send, and what tests replay). */
export function fakeEventBody(event: PaymentEvent): string {
  return JSON.stringify({
    id: event.id,
    type: event.type,
    created: event.created,
    data: { payment_id: event.paymentId, ...('refundId' in event ? { refund_id: event.refundId } : {}) },
  });
}
