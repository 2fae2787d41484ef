/**
 * Trade account applications (issue 24): a customer applies with the company's details (one `pending` application
 * per account: a partial unique key; after a decline a new one may be made), credit control gets an e-mail, and
 * approves it with terms (set on the account through the customers module's terms write, in the same
 * transaction) or declines it with a reason; the customer gets an e-mail either way. Decisions are conditional
 * moves (`where status = 'pending'`, and `version` when given): a second decision is a 409.
 */
import type { TradeApplicationApproveBody, TradeApplicationBody } from '@plasterwick/shop-rules/accounts';
import { TRADE_MESSAGES } from '@plasterwick/shop-rules/accounts';
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { MailConfig } from '../../config.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { customers, tradeApplications, tradeHolds } from '../../db/schema.ts';
import type { Executor } from '../../db/types.ts';
import { DomainError, notFound, versionConflict } from '../../lib/errors.ts';
import { setTradeTerms, type CustomerRow } from '../customers/index.ts';
import { enqueueMail, senderDomain } from '../mail/index.ts';
import { statementOf } from './accounts.ts';
import { applicationApprovedMail, applicationDeclinedMail, staffApplicationMail } from './mails.ts';
import type { ApplicationListQuery, StaffApplication } from './schemas.ts';

type ApplicationRow = typeof tradeApplications.$inferSelect;

const pendingError = () => new DomainError('trade_application_pending', TRADE_MESSAGES.alreadyPending);

function mine(row: ApplicationRow) {
  return {
    id: row.id,
    status: row.status,
    company: row.company,
    company_number: row.companyNumber,
    vat_number: row.vatNumber,
    expected_monthly_spend_pounds: row.expectedMonthlySpendPounds,
    phone: row.phone,
    created_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
    decline_reason: row.declineReason,
  };
}

function staffView(row: ApplicationRow, customer: CustomerRow): StaffApplication {
  return {
    ...mine(row),
    customer_id: customer.id,
    email: customer.email,
    name: `${customer.firstName} ${customer.lastName}`,
    audience: customer.audience,
    decided_by: row.decidedBy,
    version: row.version,
  };
}

/** `POST /trade/application`: stores the application and queues the staff's e-mail, in one transaction. */
export async function applyForTrade(
  tx: Executor,
  deps: { mail: MailConfig; siteId: number; customer: CustomerRow; now: Date },
  body: TradeApplicationBody,
) {
  const { customer, now, mail } = deps;
  if (customer.tradeApproved) throw new DomainError('trade_already_approved', TRADE_MESSAGES.alreadyApproved);
  let row: ApplicationRow | undefined;
  try {
    [row] = await tx
      .insert(tradeApplications)
      .values({
        siteId: deps.siteId,
        customerId: customer.id,
        company: body.company,
        companyNumber: body.company_number,
        vatNumber: body.vat_number ?? null,
        expectedMonthlySpendPounds: body.expected_monthly_spend_pounds,
        phone: body.phone,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
  } catch (error) {
    if (isUniqueViolation(error)) throw pendingError();
    throw error;
  }
  if (!row) throw pendingError();
  await enqueueMail(tx, {
    kind: 'trade.application.staff',
    to: mail.tradeTo,
    ...staffApplicationMail(
      {
        id: row.id,
        company: row.company,
        companyNumber: row.companyNumber,
        vatNumber: row.vatNumber,
        expectedMonthlySpendPounds: row.expectedMonthlySpendPounds,
        phone: row.phone,
        email: customer.email,
        name: `${customer.firstName} ${customer.lastName}`,
        audience: customer.audience,
      },
      // The console is a single-page app: its routes follow the `#`.
      `${mail.consoleUrl}/#/trade-applications/${row.id}/show`,
    ),
    messageIdDomain: senderDomain(mail.from),
  });
  return mine(row);
}

/** `GET /trade/application`: the latest application and, for an approved account, its statement. */
export async function myTradeState(db: Executor, customer: CustomerRow, now: Date) {
  const [latest] = await db
    .select()
    .from(tradeApplications)
    .where(eq(tradeApplications.customerId, customer.id))
    .orderBy(desc(tradeApplications.createdAt), desc(tradeApplications.id))
    .limit(1);
  return {
    application: latest ? mine(latest) : null,
    account: customer.tradeApproved ? await statementOf(db, customer, now) : null,
  };
}

/** The number of applications waiting for a decision (the dashboard's). */
export async function pendingTradeApplications(db: Executor, siteId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(tradeApplications)
    .where(and(eq(tradeApplications.siteId, siteId), eq(tradeApplications.status, 'pending')));
  return Number(row?.n ?? 0);
}

const SORTS = {
  created_at: tradeApplications.createdAt,
  company: tradeApplications.company,
  status: tradeApplications.status,
} as const;

/** `GET /staff/trade-applications`: the queue, paged, oldest pending first when asked. */
export async function listApplications(db: Executor, siteId: number, query: ApplicationListQuery) {
  const conditions: SQL[] = [eq(tradeApplications.siteId, siteId)];
  if (query.status) conditions.push(eq(tradeApplications.status, query.status));
  const where = and(...conditions);
  const column = SORTS[query.sort];
  const rows = await db
    .select({ application: tradeApplications, customer: customers })
    .from(tradeApplications)
    .innerJoin(customers, eq(customers.id, tradeApplications.customerId))
    .where(where)
    .orderBy(query.order === 'ASC' ? asc(column) : desc(column), asc(tradeApplications.id))
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage);
  const [total] = await db.select({ n: count() }).from(tradeApplications).where(where);
  return {
    items: rows.map(({ application, customer }) => staffView(application, customer)),
    total: Number(total?.n ?? 0),
  };
}

/** `GET /staff/trade-applications/{id}`. */
export async function staffApplication(db: Executor, siteId: number, id: number): Promise<StaffApplication> {
  const [row] = await db
    .select({ application: tradeApplications, customer: customers })
    .from(tradeApplications)
    .innerJoin(customers, eq(customers.id, tradeApplications.customerId))
    .where(and(eq(tradeApplications.id, id), eq(tradeApplications.siteId, siteId)));
  if (!row) throw notFound(`Trade application ${id}`);
  return staffView(row.application, row.customer);
}

/** What the audit trail compares before and after a decision (no personal data). */
export async function applicationState(db: Executor, id: number | string) {
  const [row] = await db
    .select({
      status: tradeApplications.status,
      version: tradeApplications.version,
      decline_reason: tradeApplications.declineReason,
    })
    .from(tradeApplications)
    .where(eq(tradeApplications.id, Number(id)));
  return row ?? null;
}

/** Moves a pending application to its decision, from `version` when given; else the refusal that explains why. */
async function decide(
  tx: Executor,
  siteId: number,
  id: number,
  change: {
    status: 'approved' | 'declined';
    reason?: string;
    who: string | null;
    version?: number;
    now: Date;
  },
): Promise<ApplicationRow> {
  const mineOnSite = and(eq(tradeApplications.id, id), eq(tradeApplications.siteId, siteId));
  const [row] = await tx
    .update(tradeApplications)
    .set({
      status: change.status,
      declineReason: change.reason ?? null,
      decidedBy: change.who,
      decidedAt: change.now,
      version: sql`${tradeApplications.version} + 1`,
    })
    .where(
      and(
        mineOnSite,
        eq(tradeApplications.status, 'pending'),
        ...(change.version === undefined ? [] : [eq(tradeApplications.version, change.version)]),
      ),
    )
    .returning();
  if (row) return row;
  const [stored] = await tx.select().from(tradeApplications).where(mineOnSite);
  if (!stored) throw notFound(`Trade application ${id}`);
  if (stored.status !== 'pending') {
    throw new DomainError('application_decided', `This application was already ${stored.status}`);
  }
  throw versionConflict(`Trade application ${id}`, change.version, stored.version);
}

async function applicantOf(tx: Executor, row: ApplicationRow): Promise<CustomerRow> {
  const [customer] = await tx.select().from(customers).where(eq(customers.id, row.customerId));
  if (!customer) throw notFound(`Customer ${row.customerId}`);
  return customer;
}

/**
 * `POST /staff/trade-applications/{id}/approve`: the application is approved and the account gets the terms
 * and the customer an e-mail, in the caller's transaction.
 */
export async function approveApplication(
  tx: Executor,
  deps: { mail: MailConfig; siteId: number; who: string | null; now: Date },
  id: number,
  body: TradeApplicationApproveBody,
) {
  const row = await decide(tx, deps.siteId, id, { status: 'approved', ...deps, version: body.version });
  const account = await setTradeTerms(
    tx,
    deps.siteId,
    row.customerId,
    {
      terms: {
        tradeApproved: true,
        paymentTermsDays: body.payment_terms_days,
        creditLimitPence: body.credit_limit_pence,
        poRequired: body.po_required,
      },
      expectedVersion: undefined,
    },
    deps.now,
  );
  if (!account) throw notFound(`Customer ${row.customerId}`);
  await enqueueMail(tx, {
    kind: 'trade.application.approved',
    to: account.email,
    ...applicationApprovedMail(
      { name: `${account.firstName} ${account.lastName}`, audience: account.audience, company: row.company },
      {
        paymentTermsDays: account.paymentTermsDays,
        creditLimitPence: account.creditLimitPence,
        poRequired: account.poRequired,
      },
      deps.mail.siteUrl,
    ),
    messageIdDomain: senderDomain(deps.mail.from),
  });
  return staffView(row, account);
}

/** `POST /staff/trade-applications/{id}/decline`: declined with the reason, which the customer's e-mail states. */
export async function declineApplication(
  tx: Executor,
  deps: { mail: MailConfig; siteId: number; who: string | null; now: Date },
  id: number,
  body: { reason: string; version?: number },
) {
  const row = await decide(tx, deps.siteId, id, {
    status: 'declined',
    reason: body.reason,
    ...deps,
    version: body.version,
  });
  const customer = await applicantOf(tx, row);
  await enqueueMail(tx, {
    kind: 'trade.application.declined',
    to: customer.email,
    ...applicationDeclinedMail(
      {
        name: `${customer.firstName} ${customer.lastName}`,
        audience: customer.audience,
        company: row.company,
      },
      body.reason,
      deps.mail.siteUrl,
    ),
    messageIdDomain: senderDomain(deps.mail.from),
  });
  return staffView(row, customer);
}

/**
 * What the trade module holds about an account, for its UK GDPR export: every application it made (as the
 * customer sees them) and whether it is on hold. Both go with the account when it is erased (the rows cascade).
 */
export async function tradeDataOf(db: Executor, customerId: number) {
  const applications = await db
    .select()
    .from(tradeApplications)
    .where(eq(tradeApplications.customerId, customerId))
    .orderBy(asc(tradeApplications.createdAt), asc(tradeApplications.id));
  const [hold] = await db.select().from(tradeHolds).where(eq(tradeHolds.customerId, customerId));
  return {
    applications: applications.map(mine),
    on_hold_since: hold?.heldAt.toISOString() ?? null,
  };
}
