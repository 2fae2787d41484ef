/**
 * The order as the API shows it (`GET /orders/{number}`, api-contract.md "Checkout and orders"). Amounts in pence.
 */
import { z } from 'zod';
import { errorBody } from '../../lib/http.ts';
import { boundedInt, commonQuery } from '../../lib/params.ts';
import { amountSchema, billingView, cartSchema, deliveryView } from '../cart/index.ts';
import { staffOrderPageSchema, staffRefundSchema } from './staff-schemas.ts';
import { ORDER_STATUSES } from './tables.ts';
import {
  FULFILMENT_STATUSES,
  SHIPPING_CARRIER_CODES,
  trackingNumberSchema,
} from '@plasterwick/shop-rules/fulfilment';

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

export const trackingSchema = z.object({
  carrier: z.enum(SHIPPING_CARRIER_CODES),
  carrier_name: z.string(),
  number: z.string(),
  url: z.string(),
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
  fulfilment_status: z
    .enum(FULFILMENT_STATUSES)
    .describe('Where the order is beside its payment: being prepared, ready to collect, dispatched…'),
  tracking: trackingSchema
    .nullable()
    .describe("Once dispatched: the carrier, the tracking number and the carrier's tracking page"),
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
  fulfilment_status: z.enum(FULFILMENT_STATUSES),
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

// ---- staff: fulfilment, cancellation and refunds (`/staff/orders/{id}/…`) --------------------------------------

/** `POST /staff/orders/{id}/dispatch`. */
export const dispatchBody = z.strictObject({
  carrier: z
    .enum(SHIPPING_CARRIER_CODES)
    .describe('The parcel carrier: ' + SHIPPING_CARRIER_CODES.join(', ')),
  tracking_number: trackingNumberSchema.describe(
    "The carrier's tracking number: 6 to 40 letters and digits (spaces and dashes are dropped, letters upper-cased)",
  ),
});

const reasonSchema = z.string().trim().min(1, 'Say why').max(500, 'At most 500 characters');

/** `POST /staff/orders/{id}/cancel`. */
export const cancelBody = z.strictObject({
  reason: reasonSchema.describe("Why the order is cancelled: the customer's e-mail repeats it"),
});

const idempotencyKey = z
  .string()
  .regex(/^[A-Za-z0-9_.:-]{8,100}$/, 'must be 8 to 100 letters, digits or _ . : -')
  .describe(
    'Chosen by the caller for this refund: the same key again is the same refund, never a second one',
  );

/** `POST /staff/orders/{id}/refunds`: exactly one of `amount_pence` or `lines`, or neither (all that is left). */
export const refundBody = z
  .strictObject({
    idempotency_key: idempotencyKey,
    reason: reasonSchema.describe("Why: the customer's e-mail and the credit note print it"),
    amount_pence: z
      .number()
      .int()
      .positive()
      .max(100_000_000)
      .optional()
      .describe('An amount, pence inc VAT: at most what was paid and not yet refunded'),
    lines: z
      .array(
        z.strictObject({
          order_line_id: z.number().int().positive().max(2_147_483_647),
          quantity: z.number().int().min(1).max(999),
        }),
      )
      .max(200)
      .optional()
      .describe("Lines of the order and how many of each: each line's paid amount pro rata of the quantity"),
    shipping: z.boolean().optional().describe('With `lines`: add the delivery charge (once per order)'),
  })
  .superRefine((body, context) => {
    if (body.amount_pence !== undefined && body.lines !== undefined) {
      context.addIssue({
        code: 'custom',
        path: ['lines'],
        message: 'Give either amount_pence or lines, not both',
      });
    }
    if (body.shipping !== undefined && body.lines === undefined) {
      context.addIssue({ code: 'custom', path: ['shipping'], message: 'shipping goes with lines' });
    }
    if (body.lines?.length === 0 && !body.shipping) {
      context.addIssue({
        code: 'custom',
        path: ['lines'],
        message: 'Name at least one line, or shipping: true',
      });
    }
  });

/** A refused staff order call: `current` is the state the order is in (`fulfilment_not_allowed`, `order_not_paid`). */
export const staffOrderConflictBody = errorBody.extend({
  current: z.string().optional().describe('The fulfilment status (or, for order_not_paid, the order status)'),
  refundable_pence: pence
    .optional()
    .describe('refund_exceeds_captured: what was paid and is not yet refunded'),
  order_line_id: z.number().int().optional(),
  refundable_quantity: z
    .number()
    .int()
    .optional()
    .describe('refund_exceeds_bought: how many are left to refund'),
});

/** The staff fulfilment, cancellation and refund calls answer with the order page, so the console refreshes from it. */
export const staffOrderAnswer = z.object({ data: staffOrderPageSchema });

export const refundAnswer = staffOrderAnswer.extend({
  refund: staffRefundSchema
    .extend({
      provider_refund_id: z.string().nullable(),
      failure_code: z.string().nullable(),
      idempotency_key: z.string(),
    })
    .describe('The refund this call made (or, for a key used before, made then)'),
});
