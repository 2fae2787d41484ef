/** The public surface of the orders module: what routes register and what other modules and flows may use. */
export { cartsAwaitingPayment } from './awaiting-payment.ts';
export { sweepExpiredOrderAccess } from './expired-access.ts';
export {
  findOrder,
  insertOrder,
  issueAccessToken,
  loadOrder,
  markOrderOnAccount,
  markOrderPaid,
  markOrderUnpaid,
  orderOfCart,
  recordDiscountUse,
  takeDiscountUse,
  usedBy,
} from './service.ts';
export type { OrderLineRow, OrderRow } from './service.ts';
export { ORDER_STATUSES } from './tables.ts';
