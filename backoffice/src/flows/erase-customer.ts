/**
 * A UK GDPR erasure (issue 24): the customer's account and everything it holds go, in one transaction (the staff
 * call's audited one). The account, its sessions, link tokens, saved addresses and wishlist, its baskets, its form
 * submissions and their CVs, and the e-mails to and about the person go; their orders stay for the 6 years VAT
 * records require, with their name and addresses, marked erased (orders/personal-data.ts says what else goes).
 * Refused while an order is still under way, or when the e-mail typed to confirm is not the account's.
 */
import type { Executor } from '../db/types.ts';
import { fieldError } from '../lib/errors.ts';
import { deleteCustomerCarts } from '../modules/cart/index.ts';
import { deleteAccount, staffCustomerRow } from '../modules/customers/index.ts';
import { forgetDiscountUses } from '../modules/discounts/index.ts';
import { deleteSubmissionsOfPerson } from '../modules/forms/index.ts';
import { deleteMailsOfPerson } from '../modules/mail/index.ts';
import { eraseOrdersOfPerson, refuseWhileOrdersOpen } from '../modules/orders/index.ts';

export interface Erasure {
  siteId: number;
  customerId: number;
  /** The e-mail typed by the person erasing, to confirm which account goes. */
  confirmEmail: string;
  now: Date;
}

export async function eraseCustomer(tx: Executor, erasure: Erasure) {
  const { siteId, customerId, now } = erasure;
  // 1. customers: the account, locked until the erasure commits (no sign-in or address change in between).
  const customer = await staffCustomerRow(tx, siteId, customerId, true);
  if (erasure.confirmEmail.trim().toLowerCase() !== customer.email) {
    throw fieldError(
      'confirmation_mismatch',
      'email',
      "The e-mail address typed is not the customer's: nothing was erased",
    );
  }
  const person = { siteId, customerId, email: customer.email };
  // 2. orders: none still under way.
  await refuseWhileOrdersOpen(tx, person);
  // 3. orders: kept for the VAT records, without the e-mail, phones, access links and account link.
  const orderIds = await eraseOrdersOfPerson(tx, person, now);
  // 4. discounts: the uses of codes by those orders no longer say whose they were.
  await forgetDiscountUses(tx, orderIds);
  // 5. mail: the letters to the person, replying to them, or about their orders.
  const mailsDeleted = await deleteMailsOfPerson(tx, customer.email, orderIds);
  // 6. forms: what they sent with their address, and their CVs.
  const submissionsDeleted = await deleteSubmissionsOfPerson(tx, siteId, customer.email);
  // 7. cart: their baskets (checkout steps hold addresses and a phone).
  await deleteCustomerCarts(tx, customerId);
  // 8. customers: the account, its sessions, tokens, addresses and wishlist, its counted attempts.
  await deleteAccount(tx, customer);
  return {
    id: customerId,
    orders_kept: orderIds.length,
    submissions_deleted: submissionsDeleted,
    mails_deleted: mailsDeleted,
  };
}
