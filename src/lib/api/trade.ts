/**
 * The customer's trade account calls (docs/api-contract.md "Trade accounts"): the application and its state, and
 * once approved the account's statement (credit used and left, open on-account invoices). The session cookie
 * opens them (401 without it). Answers are parsed leniently and mapped to the storefront's names; amounts are
 * integer pence, the expected monthly spend whole pounds.
 */
import { z } from 'zod';
import type { ApiClient, JsonBody, RequestOptions } from './client.ts';

const applicationSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(['pending', 'approved', 'declined']),
    company: z.string(),
    created_at: z.string(),
    decided_at: z.string().nullish(),
    decline_reason: z.string().nullish(),
  })
  .transform((answer) => ({
    id: answer.id,
    status: answer.status,
    company: answer.company,
    createdAt: answer.created_at,
    ...(answer.decided_at && { decidedAt: answer.decided_at }),
    ...(answer.decline_reason && { declineReason: answer.decline_reason }),
  }));
export type TradeApplication = z.output<typeof applicationSchema>;

const invoiceSchema = z
  .object({
    number: z.string(),
    placed_at: z.string(),
    due_at: z.string(),
    po_number: z.string().nullish(),
    total_inc_pence: z.number().int(),
    overdue: z.boolean().default(false),
  })
  .transform((invoice) => ({
    number: invoice.number,
    placedAt: invoice.placed_at,
    dueAt: invoice.due_at,
    ...(invoice.po_number && { poNumber: invoice.po_number }),
    totalInc: invoice.total_inc_pence,
    overdue: invoice.overdue,
  }));

const accountSchema = z
  .object({
    on_hold: z.boolean().default(false),
    payment_terms_days: z.number().int(),
    po_required: z.boolean().default(false),
    credit_limit_pence: z.number().int(),
    credit_used_pence: z.number().int(),
    credit_left_pence: z.number().int(),
    overdue_pence: z.number().int().default(0),
    invoices: z.array(invoiceSchema).default([]),
  })
  .transform((account) => ({
    onHold: account.on_hold,
    paymentTermsDays: account.payment_terms_days,
    poRequired: account.po_required,
    creditLimit: account.credit_limit_pence,
    creditUsed: account.credit_used_pence,
    creditLeft: account.credit_left_pence,
    overdue: account.overdue_pence,
    invoices: account.invoices,
  }));
export type TradeStatement = z.output<typeof accountSchema>;

const tradeStateSchema = z
  .object({ application: applicationSchema.nullish(), account: accountSchema.nullish() })
  .transform((answer) => ({
    application: answer.application ?? undefined,
    account: answer.account ?? undefined,
  }));
export type TradeState = z.output<typeof tradeStateSchema>;

/** `GET /trade/application`: the latest application, and the statement of an approved account. */
export function getTradeApplication(api: ApiClient, options?: RequestOptions): Promise<TradeState> {
  return api.get('/trade/application', tradeStateSchema, options);
}

/** `POST /trade/application` with `tradeApplicationBody`: 201 with the pending application. */
export function applyForTrade(
  api: ApiClient,
  body: JsonBody,
  options?: RequestOptions,
): Promise<TradeApplication> {
  return api.post('/trade/application', body, applicationSchema, options);
}
