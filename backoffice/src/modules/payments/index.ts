/** The public surface of the payments module: what routes register and what other modules and flows may use. */
export { FAKE_CARD_TOKENS, fakeProvider } from './fake.ts';
export type { PaymentProvider } from './provider.ts';
export { abandonPayment, applyCreateResult, insertPayment } from './service.ts';
export type { PaymentRow } from './service.ts';
