/**
 * Trade accounts as staff see them (`GET /customers`, `PUT /customers/{id}/trade`; api-contract.md "Accounts").
 */
import { z } from 'zod';
import { commonQuery } from '../../lib/params.ts';

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
