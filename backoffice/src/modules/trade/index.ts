/** The public surface of the trade module: what routes register and what other modules and flows may use. */
export { outstandingPence, tradeTermsOf } from './service.ts';
export { creditForOrder, onAccountUnavailable } from './credit.ts';
export { pendingTradeApplications, tradeDataOf } from './applications.ts';
export { tradeOnHold } from './accounts.ts';
