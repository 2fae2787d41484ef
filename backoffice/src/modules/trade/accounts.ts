/**
 * Trade accounts as credit control runs them (issue 24): the statement (the credit used and left, the open and
 * overdue on-account invoices), the list of approved accounts, and the hold that stops on-account checkout while
 * it lasts. A hold is a row of `trade_hold`; putting on hold and releasing are idempotent (a second click changes
 * nothing), each taking the account row's lock, as paying on account does (credit.ts).
 */
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { customers, orders, tradeHolds } from '../../db/schema.ts';
import type { Executor } from '../../db/types.ts';
import { DomainError, notFound } from '../../lib/errors.ts';
import type { CustomerRow } from '../customers/index.ts';
import type { Statement, TradeAccountListQuery } from './schemas.ts';

/** Whether credit control put the account on hold. */
export async function tradeOnHold(db: Executor, customerId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: tradeHolds.customerId })
    .from(tradeHolds)
    .where(eq(tradeHolds.customerId, customerId));
  return row !== undefined;
}

/** The account's statement: its terms, credit used and left, and the open invoices (due first). */
export async function statementOf(db: Executor, customer: CustomerRow, now: Date): Promise<Statement> {
  const open = await db
    .select({
      id: orders.id,
      number: orders.number,
      placedAt: orders.placedAt,
      dueAt: orders.paymentDueAt,
      poNumber: orders.poNumber,
      total: orders.totalIncPence,
    })
    .from(orders)
    .where(and(eq(orders.customerId, customer.id), eq(orders.status, 'on_account')))
    .orderBy(asc(orders.paymentDueAt), asc(orders.id));
  const invoices = open.map((order) => {
    // On-account orders always have a due date (orders_on_account_check).
    const dueAt = order.dueAt ?? order.placedAt;
    return {
      order_id: order.id,
      number: order.number,
      placed_at: order.placedAt.toISOString(),
      due_at: dueAt.toISOString(),
      po_number: order.poNumber,
      total_inc_pence: order.total,
      overdue: dueAt < now,
    };
  });
  const used = invoices.reduce((sum, invoice) => sum + invoice.total_inc_pence, 0);
  return {
    approved: customer.tradeApproved,
    on_hold: await tradeOnHold(db, customer.id),
    payment_terms_days: customer.paymentTermsDays,
    po_required: customer.poRequired,
    credit_limit_pence: customer.creditLimitPence,
    credit_used_pence: used,
    credit_left_pence: Math.max(0, customer.creditLimitPence - used),
    overdue_pence: invoices.filter((i) => i.overdue).reduce((sum, i) => sum + i.total_inc_pence, 0),
    invoices,
  };
}

/** The site's account `customerId`, or a 404. */
export async function accountOf(db: Executor, siteId: number, customerId: number): Promise<CustomerRow> {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.siteId, siteId)));
  if (!row) throw notFound(`Customer ${customerId}`);
  return row;
}

/** `GET /staff/customers/{id}/trade/statement`. */
export async function staffStatement(db: Executor, siteId: number, customerId: number, now: Date) {
  const account = await accountOf(db, siteId, customerId);
  return {
    id: account.id,
    email: account.email,
    name: `${account.firstName} ${account.lastName}`,
    company: account.company,
    ...(await statementOf(db, account, now)),
  };
}

/**
 * Puts an approved account on hold (`hold: true`) or releases it, under the account row's lock; a second call
 * changes nothing. Only an approved trade account can be put on hold.
 */
export async function setHold(
  tx: Executor,
  siteId: number,
  customerId: number,
  hold: boolean,
  who: string | null,
  now: Date,
): Promise<void> {
  const [account] = await tx
    .select()
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.siteId, siteId)))
    .for('update');
  if (!account) throw notFound(`Customer ${customerId}`);
  if (!hold) {
    await tx.delete(tradeHolds).where(eq(tradeHolds.customerId, customerId));
    return;
  }
  if (!account.tradeApproved) {
    throw new DomainError('trade_not_approved', 'Only an approved trade account can be put on hold');
  }
  await tx
    .insert(tradeHolds)
    .values({ customerId, siteId, heldAt: now, heldBy: who })
    .onConflictDoNothing({ target: tradeHolds.customerId });
}

/** What the audit trail compares before and after a hold or a release. */
export async function holdState(db: Executor, customerId: number | string) {
  return { on_hold: await tradeOnHold(db, Number(customerId)) };
}

// Correlated on the account row; aliased so the inner table's columns never resolve to the outer row's.
const used = sql<number>`coalesce((select sum(o.total_inc_pence) from "orders" o
  where o.customer_id = "customer"."id" and o.status = 'on_account'), 0)::int`;
const onHold = sql<boolean>`exists (select 1 from "trade_hold" h where h.customer_id = "customer"."id")`;

/** `GET /staff/trade-accounts`: the approved accounts, paged, with their credit and hold. */
export async function listTradeAccounts(db: Executor, siteId: number, query: TradeAccountListQuery) {
  const conditions: SQL[] = [eq(customers.siteId, siteId), eq(customers.tradeApproved, true)];
  if (query.q) {
    const pattern = `%${query.q.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    conditions.push(
      sql`(${customers.email} like ${pattern} or lower(coalesce(${customers.company}, '')) like ${pattern})`,
    );
  }
  if (query.on_hold) conditions.push(query.on_hold === 'true' ? onHold : sql`not ${onHold}`);
  const where = and(...conditions);
  const column = {
    email: customers.email,
    company: customers.company,
    credit_limit_pence: customers.creditLimitPence,
  }[query.sort];
  const rows = await db
    .select({ customer: customers, used: used.mapWith(Number), onHold: onHold.mapWith(Boolean) })
    .from(customers)
    .where(where)
    .orderBy(query.order === 'DESC' ? desc(column) : asc(column), asc(customers.id))
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(customers)
    .where(where);
  return {
    items: rows.map(({ customer, used: owed, onHold: held }) => ({
      id: customer.id,
      email: customer.email,
      name: `${customer.firstName} ${customer.lastName}`,
      company: customer.company,
      payment_terms_days: customer.paymentTermsDays,
      po_required: customer.poRequired,
      credit_limit_pence: customer.creditLimitPence,
      credit_used_pence: owed,
      credit_left_pence: Math.max(0, customer.creditLimitPence - owed),
      on_hold: held,
    })),
    total: Number(count?.total ?? 0),
  };
}
