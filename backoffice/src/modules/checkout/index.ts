/** The public surface of the checkout module: the rules of completing a checkout. */
export {
  basketChanged,
  cardDeclined,
  checkPaymentChoice,
  CODE_USED_BEFORE,
  CODE_USED_UP,
  nextOf,
  orderDetailsOf,
  paymentStillPending,
  providerFailed,
  sameBasket,
  TOTAL_CHANGED,
  type Completion,
  type OrderAccess,
} from './completion.ts';
