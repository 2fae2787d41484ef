/**
 * The order as the API shows it (`GET /orders/{number}`, api-contract.md "Checkout and orders"). Amounts in pence.
 */
import { z } from 'zod';
import { errorBody } from '../../lib/http.ts';
import { boundedInt, commonQuery } from '../../lib/params.ts';
import { amountSchema, billingView, cartSchema, deliveryView } from '../cart/index.ts';
import { ORDER_STATUSES } from './tables.ts';

const pence = z.number().int();

export const orderParams = z.object({
  number: z
    .string()
    .max(20)
    .regex(/^PW-\d{6,}$/, 'must be an order number such as PW-000123'),
});

export const orderLineSchema = z.object({
  id: z.number().int(),
  element_id: z.number().int().nullable().describe('The product id at the time'),
  variant_reference: z.string(),
  name: z.string(),
  variant_label: z.string(),
  slug: z.string(),
  quantity: z.number().int(),
  price_with_tax: pence,
  total_with_tax: pence,
  price_without_tax: pence,
  total_without_tax: pence,
  tax: pence,
  free: z.boolean(),
});

export const orderSchema = z.object({
  id: z.number().int(),
  number: z.string().describe('PW-000123'),
  status: z.enum(ORDER_STATUSES),
  placed_at: z.string(),
  paid_at: z.string().nullable(),
  payment_due_at: z.string().nullable().describe('On account: when the invoice falls due'),
  email: z.string(),
  phone: z.string(),
  po_number: z.string().nullable(),
  audience: z.enum(['pro', 'part']),
  plan_id: z.number().int(),
  currency: z.string(),
  vat_rate: z.number(),
  prices_include_vat: z.boolean(),
  list: z.array(orderLineSchema),
  amount: amountSchema.describe('The lines before any discount'),
  discount_amount: amountSchema,
  discounted_amount: pence,
  discount: z.object({ code: z.string(), description: z.string() }).nullable(),
  shipping: amountSchema,
  grand_total: amountSchema.describe('What was charged'),
  delivery: deliveryView,
  billing: z.object({
    same_as_delivery: z.boolean(),
    address: billingView.shape.address,
  }),
  payment: z.object({
    method: z.string(),
    provider: z.string().nullable(),
    status: z.string(),
  }),
});
export type OrderBody = z.infer<typeof orderSchema>;

/** A document of the order the customer can open (issue 23): its VAT invoice and credit notes. */
export const customerDocumentSchema = z.object({
  kind: z.enum(['invoice', 'credit_note']),
  number: z
    .string()
    .nullable()
    .describe('INV-000123 or CN-000045; null for an invoice issued when first opened'),
  url: z.string().describe('The PDF, for the same session or X-Order-Token'),
});

export const orderResponse = z.object({
  order: orderSchema.extend({ documents: z.array(customerDocumentSchema) }),
});

/** `GET /orders`: the logged-in customer's orders, newest first. */
export const myOrdersQuery = commonQuery.extend({
  page: boundedInt(1, 100000, 1),
  perPage: boundedInt(1, 50, 10),
});

export const orderSummarySchema = z.object({
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  placed_at: z.string(),
  payment_method: z.enum(['card', 'on_account']),
  payment_due_at: z.string().nullable(),
  po_number: z.string().nullable(),
  currency: z.string(),
  grand_total: amountSchema.describe('What was charged (or is owed on account)'),
  lines: z.number().int().describe('How many lines the order has'),
});

export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const myOrdersResponse = z.object({
  items: z.array(orderSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
});

export const reorderResponse = z.object({
  token: z.string().describe("The new basket's token (X-Cart-Token)"),
  token_expires_at: z.string(),
  cart: cartSchema,
  skipped: z.array(
    z.object({
      variant_reference: z.string(),
      name: z.string(),
      reason: z
        .enum(['free', 'unavailable'])
        .describe('free: a gift or a pack now priced 0; unavailable: no longer sold in this plan'),
    }),
  ),
});

/** `POST /order/{id}/refunds` (API key). */
export const refundParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const refundBody = z.strictObject({
  amount_pence: z
    .number()
    .int()
    .positive()
    .max(100_000_000)
    .describe('How much to give back, pence inc VAT: at most what was paid and not yet refunded'),
  idempotency_key: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{8,100}$/, 'must be 8 to 100 letters, digits or _ . : -')
    .describe(
      'Chosen by the caller for this refund: the same key again is the same refund, never a second one',
    ),
});

/** A refused refund; `refund_exceeds_captured` says how much may still be refunded. */
export const refundConflictBody = errorBody.extend({
  refundable_pence: pence.optional().describe('What was paid and is not yet refunded'),
});

export const refundResponse = z.object({
  refund: z.object({
    id: z.number().int(),
    amount_pence: pence,
    status: z
      .enum(['pending', 'succeeded', 'failed'])
      .describe('pending: the provider tells the outcome later (its refund webhook)'),
    provider_refund_id: z.string().nullable(),
    failure_code: z.string().nullable(),
    idempotency_key: z.string(),
  }),
  payment: z.object({
    id: z.string(),
    status: z.string().describe('succeeded, partially_refunded or refunded'),
    captured_pence: pence,
    refunded_pence: pence.describe('Given back or being given back (pending refunds included)'),
  }),
});
