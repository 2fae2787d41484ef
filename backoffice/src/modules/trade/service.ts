/**
 * Trade accounts (api-contract.md "Accounts"): staff find a customer by e-mail and approve it with payment terms,
 * a credit limit and "PO required"; an approved account may pay `on_account` while its unpaid on-account orders
 * (status `on_account`, grand totals inc VAT) leave room under the limit. Withdrawing the approval resets the
 * terms (the customer table's CHECK allows no limit and no PO requirement on an account that is not approved).
 * Trade holds the rules and reads; it writes no table: the customers module stores the terms, the orders module
 * marks an invoice paid. Each call writes to one of them only (the credit is worked out from the orders, never
 * stored), so no flow is needed.
 */
import type { TradeApprovalBody } from '@plasterwick/shop-rules/accounts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/types.ts';
import { customers, orders } from '../../db/schema.ts';
import { DomainError, notFound } from '../../lib/errors.ts';
import type { Executor } from '../../db/types.ts';
import { setTradeTerms, type CustomerRow, type TradeTermsColumns } from '../customers/index.ts';
import { markInvoicePaid } from '../orders/index.ts';
import type { StaffCustomer, TradeTerms } from './schemas.ts';

/** What the customer owes on account: its orders placed on account and not yet settled, inc VAT. */
export async function outstandingPence(db: Executor, customerId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string | number>`coalesce(sum(${orders.totalIncPence}), 0)` })
    .from(orders)
    .where(and(eq(orders.customerId, customerId), eq(orders.status, 'on_account')));
  return Number(row?.total ?? 0);
}

/** The account's trade terms with the credit still available (0 when it is not an approved trade account). */
export async function tradeTermsOf(db: Executor, customer: CustomerRow): Promise<TradeTerms> {
  const available = customer.tradeApproved
    ? Math.max(0, customer.creditLimitPence - (await outstandingPence(db, customer.id)))
    : 0;
  return {
    approved: customer.tradeApproved,
    payment_terms_days: customer.paymentTermsDays,
    credit_limit_pence: customer.creditLimitPence,
    credit_available_pence: available,
    po_required: customer.poRequired,
  };
}

async function staffCustomer(db: Executor, customer: CustomerRow): Promise<StaffCustomer> {
  return {
    id: customer.id,
    email: customer.email,
    first_name: customer.firstName,
    last_name: customer.lastName,
    company: customer.company,
    company_number: customer.companyNumber,
    phone: customer.phone,
    audience: customer.audience,
    email_verified: customer.emailVerifiedAt !== null,
    created_at: customer.createdAt.toISOString(),
    trade: await tradeTermsOf(db, customer),
  };
}

/** `GET /customers?email=`: the site's accounts whose e-mail contains `email` (any case), 50 at most. */
export async function findCustomersByEmail(
  db: Database,
  siteId: number,
  email: string,
): Promise<StaffCustomer[]> {
  // E-mails are stored lower-cased; LIKE's wildcards in the input are matched literally.
  const pattern = `%${email.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const rows = await db
    .select()
    .from(customers)
    .where(and(eq(customers.siteId, siteId), sql`${customers.email} like ${pattern}`))
    .orderBy(asc(customers.email))
    .limit(50);
  return Promise.all(rows.map((row) => staffCustomer(db, row)));
}

/**
 * `PUT /customers/{id}/trade`: approves the account with its terms, or withdraws the approval (terms reset); the
 * customers module writes them.
 */
export async function setTradeApproval(
  db: Database,
  siteId: number,
  customerId: number,
  body: TradeApprovalBody,
  now: Date,
): Promise<StaffCustomer> {
  const terms: TradeTermsColumns = body.approved
    ? {
        tradeApproved: true,
        paymentTermsDays: body.payment_terms_days,
        creditLimitPence: body.credit_limit_pence,
        poRequired: body.po_required,
      }
    : { tradeApproved: false, paymentTermsDays: 0, creditLimitPence: 0, poRequired: false };
  const row = await setTradeTerms(db, siteId, customerId, terms, now);
  if (!row) throw notFound(`Customer ${customerId}`);
  return staffCustomer(db, row);
}

/**
 * `POST /orders/{number}/invoice-paid`: staff record that an on-account invoice was settled (the orders module
 * moves it `on_account` → `paid`, once); the order's amount is then no longer owed and the account's credit comes
 * back. Any other order of the number is a 409.
 */
export async function settleInvoice(
  db: Database,
  siteId: number,
  number: string,
  now: Date,
): Promise<{ number: string; status: 'paid'; paid_at: string }> {
  const paid = await markInvoicePaid(db, { siteId, number, now });
  if (paid?.paidAt) return { number: paid.number, status: 'paid', paid_at: paid.paidAt.toISOString() };
  const [order] = await db
    .select({ status: orders.status })
    .from(orders)
    .where(and(eq(orders.siteId, siteId), eq(orders.number, number)));
  if (!order) throw notFound(`Order ${number}`);
  throw new DomainError(
    'order_not_on_account',
    `Order ${number} is not an unpaid on-account order (${order.status})`,
  );
}
