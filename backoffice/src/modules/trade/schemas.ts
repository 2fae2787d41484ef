/**
 * Trade accounts as staff see them (`GET /customers`, `PUT /customers/{id}/trade`; api-contract.md "Accounts").
 */
import { TRADE_APPLICATION_STATUSES } from '@plasterwick/shop-rules/accounts';
import { z } from 'zod';
import { commonQuery, listSearchText } from '../../lib/params.ts';

const pence = z.number().int();

/** A trade account's terms, and the credit its unpaid on-account orders leave. */
export const tradeTermsSchema = z.object({
  approved: z.boolean(),
  payment_terms_days: z.number().int().describe('Invoices fall due this many days after the order'),
  credit_limit_pence: pence,
  credit_available_pence: pence.describe(
    'The limit less the unpaid on-account orders (inc VAT), never below 0',
  ),
  po_required: z.boolean().describe('A purchase-order number is required to pay on account'),
  version: z
    .number()
    .int()
    .describe('Rises with each staff write of the terms; send it back with the next write (409 when stale)'),
});
export type TradeTerms = z.infer<typeof tradeTermsSchema>;

export const staffCustomerSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  company: z.string().nullable(),
  company_number: z.string().nullable(),
  phone: z.string().nullable(),
  audience: z.enum(['pro', 'part']),
  email_verified: z.boolean(),
  created_at: z.string(),
  trade: tradeTermsSchema,
});
export type StaffCustomer = z.infer<typeof staffCustomerSchema>;

export const customerSearchQuery = commonQuery.extend({
  email: z
    .string()
    .trim()
    .min(3, 'Give at least 3 characters of the e-mail address')
    .max(254)
    .describe('Part of the e-mail address, any case (`acme.co.uk`, or the whole address)'),
});

export const customerSearchResponse = z.object({ items: z.array(staffCustomerSchema) });

export const customerParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const invoiceParams = z.object({
  number: z
    .string()
    .regex(/^PW-\d{6,12}$/, 'An order number such as PW-000123')
    .describe('The order number'),
});

export const settledInvoiceSchema = z.object({
  number: z.string(),
  status: z.literal('paid'),
  paid_at: z.string(),
});

// ---- applications, holds and statements (issue 24) ----------------------------------------------------------

const instant = z.iso.datetime({ offset: true });
const applicationStatus = z.enum(TRADE_APPLICATION_STATUSES);

/** An open on-account invoice: an order placed on account and not yet recorded as paid. */
export const statementInvoiceSchema = z.object({
  order_id: z.number().int(),
  number: z.string(),
  placed_at: instant,
  due_at: instant,
  po_number: z.string().nullable(),
  total_inc_pence: pence,
  overdue: z.boolean().describe('Its due date has passed'),
});

/** The credit of an account and its open invoices, oldest due first. */
export const statementSchema = z.object({
  approved: z.boolean(),
  on_hold: z.boolean().describe('Credit control put the account on hold: no on-account checkout'),
  payment_terms_days: z.number().int(),
  po_required: z.boolean(),
  credit_limit_pence: pence,
  credit_used_pence: pence.describe('The open invoices, inc VAT'),
  credit_left_pence: pence.describe('The limit less the credit used, never below 0'),
  overdue_pence: pence,
  invoices: z.array(statementInvoiceSchema),
});
export type Statement = z.infer<typeof statementSchema>;

/** An application as its customer sees it. */
export const myApplicationSchema = z.object({
  id: z.number().int(),
  status: applicationStatus,
  company: z.string(),
  company_number: z.string(),
  vat_number: z.string().nullable(),
  expected_monthly_spend_pounds: z.number().int(),
  phone: z.string(),
  created_at: instant,
  decided_at: instant.nullable(),
  decline_reason: z.string().nullable(),
});

/** `GET /trade/application`: the latest application, and the account's statement once approved. */
export const tradeApplicationAnswer = z.object({
  application: myApplicationSchema.nullable(),
  account: statementSchema.nullable().describe('Only for an approved trade account'),
});

/** An application as staff see it: with the applicant. */
export const staffApplicationSchema = myApplicationSchema.extend({
  customer_id: z.number().int(),
  email: z.string(),
  name: z.string(),
  audience: z.enum(['pro', 'part']),
  decided_by: z.string().nullable(),
  version: z.number().int(),
});
export type StaffApplication = z.infer<typeof staffApplicationSchema>;

export const applicationParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const applicationListQuery = commonQuery.extend({
  status: applicationStatus.optional(),
  sort: z.enum(['created_at', 'company', 'status']).default('created_at'),
  order: z.enum(['ASC', 'DESC']).default('DESC'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(25),
});
export type ApplicationListQuery = z.infer<typeof applicationListQuery>;

/** An approved trade account in the staff's list. */
export const tradeAccountSchema = z.object({
  id: z.number().int().describe("The customer's id"),
  email: z.string(),
  name: z.string(),
  company: z.string().nullable(),
  payment_terms_days: z.number().int(),
  po_required: z.boolean(),
  credit_limit_pence: pence,
  credit_used_pence: pence,
  credit_left_pence: pence,
  on_hold: z.boolean(),
});

export const tradeAccountListQuery = commonQuery.extend({
  q: listSearchText(254).optional().describe('Part of the e-mail address or company name'),
  on_hold: z.enum(['true', 'false']).optional(),
  sort: z.enum(['email', 'company', 'credit_limit_pence']).default('email'),
  order: z.enum(['ASC', 'DESC']).default('ASC'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(25),
});
export type TradeAccountListQuery = z.infer<typeof tradeAccountListQuery>;

export const staffStatementSchema = statementSchema.extend({
  id: z.number().int().describe("The customer's id"),
  email: z.string(),
  name: z.string(),
  company: z.string().nullable(),
});

export const answer = <T extends z.ZodType>(schema: T) => z.object({ data: schema });
export const listAnswer = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.object({ items: z.array(item), total: z.number().int() }) });
