/** The public surface of the payments module: payments and their moves, webhook events, the provider. */
export { FAKE_CARD_TOKENS, fakeProvider } from './fake.ts';
export type {
  CreatePaymentResult,
  PaymentEvent,
  PaymentProvider,
  ProviderPaymentStatus,
} from './provider.ts';
export {
  findPayment,
  insertPayment,
  lockPayment,
  movePayment,
  recordEvent,
  setEventOutcome,
  type PaymentRow,
} from './service.ts';
export type { PaymentStatus } from './tables.ts';
