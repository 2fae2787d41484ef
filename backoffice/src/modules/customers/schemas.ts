/**
 * The answers of the account calls (api-contract.md "Accounts"): `Me`, the accepted answer of registration and
 * forgotten password, and login's customer with its basket token. Bodies are the strict schemas of
 * `@plasterwick/shop-rules/accounts`. No `data` wrapper, like the commerce calls.
 */
import { z } from 'zod';

export const meSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  civility: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  company_number: z.string().nullable(),
  audience: z.enum(['pro', 'part']).describe('The audience the account signed up in: its home after login'),
  newsletter: z.boolean(),
  email_verified: z.boolean(),
  trade: z.object({
    approved: z.boolean(),
    payment_terms_days: z.number().int(),
    credit_limit_pence: z.number().int(),
    credit_available_pence: z
      .number()
      .int()
      .describe('The limit less the grand totals of the unpaid on-account orders (never below 0)'),
    po_required: z.boolean(),
  }),
});
export type Me = z.infer<typeof meSchema>;

export const acceptedResponse = z.object({ status: z.literal('accepted'), message: z.string() });

export const loginResponse = z.object({
  customer: meSchema,
  cart: z
    .object({ token: z.string(), token_expires_at: z.string() })
    .nullable()
    .describe("The customer's basket token (send it as X-Cart-Token), or null without a basket"),
});

export const verifyResponse = z.object({
  customer: meSchema,
  attached_orders: z.number().int().describe('Earlier guest orders with this address now in the account'),
});
