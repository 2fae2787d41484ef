/**
 * Trade accounts (api-contract.md "Accounts"): staff find a customer by e-mail and approve it with payment terms,
 * a credit limit and "PO required"; an approved account may pay `on_account` while its unpaid on-account orders
 * (status `on_account`, grand totals inc VAT) leave room under the limit. Withdrawing the approval resets the
 * terms (the customer table's CHECK allows no limit and no PO requirement on an account that is not approved).
 * Trade holds the rules and reads; it writes no table: the customers module stores the terms (the credit is
 * worked out from the orders, never stored), and an invoice recorded as paid is a payment outcome
 * (flows/payment-outcome.ts). Paying on account at checkout is credit.ts.
 */
import type { TradeApprovalBody } from '@plasterwick/shop-rules/accounts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/types.ts';
import { customers, orders } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import type { Executor } from '../../db/types.ts';
import { setTradeTerms, type CustomerRow, type TradeTermsColumns } from '../customers/index.ts';
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

/** What the audit trail compares before and after a change of an account's trade terms (no personal data). */
export async function tradeState(db: Executor, customerId: number | string) {
  const [row] = await db
    .select()
    .from(customers)
    .where(eq(customers.id, Number(customerId)));
  if (!row) return null;
  const { tradeApproved, paymentTermsDays, creditLimitPence, poRequired } = row;
  return {
    approved: tradeApproved,
    payment_terms_days: paymentTermsDays,
    credit_limit_pence: creditLimitPence,
    po_required: poRequired,
  };
}
