/** The public surface of the mail module: what routes register and what other modules and flows may use. */
export { enqueueMail, queueFormMails, senderDomain, type MailAttachment, type NewMail } from './service.ts';
export { staffOrderMail } from './staff-order-mail.ts';
export {
  orderCancelledMail,
  orderDispatchedMail,
  orderReadyMail,
  orderRefundedMail,
  type OrderMailHead,
} from './order-mails.ts';
export { greetingOf, orderConfirmationMail, pageUrl, render } from './templates.ts';
export type { Block, Letter, MailContent, OrderMailDetails } from './templates.ts';
export { createMailTransport } from './transport.ts';
export type { MailTransport } from './transport.ts';
export { sendDueMail } from './worker.ts';
export type { MailOutboxDeps } from './worker.ts';
export { deleteMailsOfPerson } from './personal-data.ts';
