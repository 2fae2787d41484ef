/** The public surface of the customers module: what routes register and what other modules and flows may use. */
export { attemptsWithin, recordAttempt } from './attempts.ts';
export type { Me } from './schemas.ts';
export {
  checkCredentials,
  hashPassword,
  lockCustomer,
  meOf,
  openSession,
  resetPasswordWithLink,
  sendResetLink,
  sendVerificationLink,
  setTradeTerms,
  verifyEmailWithLink,
  writeResetLinks,
} from './service.ts';
export type { TradeTermsColumns } from './service.ts';
export { requireCustomer, revokeSession, sessionResolver } from './sessions.ts';
export type { CustomerRow } from './sessions.ts';
export { sweepAccountRows } from './sweep.ts';
export { deleteAccount } from './erasure.ts';
export { staffCustomerRow } from './staff-reading.ts';
export { accountOf, addressesOf, auditEventsAbout, sessionsOf, wishlistOf } from './personal-data.ts';
