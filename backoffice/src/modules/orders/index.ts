/** The public surface of the orders module: placing orders, their status moves, reading them, their e-mail. */
export { confirmationOf, staffNoticeOf } from './confirmation-mail.ts';
export { customerOrder, findOrder, findOrderForViewer, loadOrder } from './reading.ts';
export { cartsAwaitingPayment } from './awaiting-payment.ts';
export { sweepExpiredOrderAccess } from './expired-access.ts';
export {
  confirmationUrl,
  insertOrder,
  issueAccessToken,
  markOrderOnAccount,
  markOrderPaid,
  markOrderUnpaid,
  orderOfCart,
  type NewOrder,
  type OrderLineRow,
  type OrderRow,
} from './service.ts';
export { ORDER_STATUSES } from './tables.ts';
export { claimGuestOrders } from './claim.ts';
export { invoiceState, markInvoicePaid } from './invoices.ts';
export {
  fulfilmentState,
  lockOrder,
  moveFulfilment,
  orderNotPaid,
  trackingOf,
  type FulfilmentFields,
} from './fulfilment.ts';
export {
  cancelledMailOf,
  customerErased,
  dispatchedMailOf,
  readyMailOf,
  refundedMailOf,
} from './order-mails.ts';
export { refundOfLines, type EarlierRefund, type LinesAsked } from './refund-lines.ts';
export {
  eraseOrdersOfPerson,
  ordersOfPerson,
  refuseWhileOrdersOpen,
  type OrderPerson,
} from './personal-data.ts';
