/** The public surface of the payments module: payments and their moves, refunds, webhook events, the provider. */
export { FAKE_CARD_TOKENS, fakeProvider } from './fake.ts';
export type {
  CreatePaymentResult,
  PaymentEvent,
  PaymentLookup,
  PaymentProvider,
  ProviderPaymentStatus,
  RefundResult,
} from './provider.ts';
export {
  attemptState,
  claimStaleAttempt,
  findPayment,
  insertPayment,
  lockPayment,
  lookupOf,
  movePayment,
  recordEvent,
  setEventOutcome,
  staleAttempts,
  type PaymentRow,
} from './service.ts';
export {
  capturedPaymentOf,
  findRefund,
  notePendingRefund,
  refundOfEvent,
  refundOfKey,
  refundsOfPayment,
  sameRefund,
  settleRefund,
  startRefund,
  type GivenRefund,
  type RefundPlan,
  type RefundRow,
} from './refunds.ts';
export type { PaymentStatus, RefundedLine } from './tables.ts';
