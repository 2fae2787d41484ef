/** The order as the API shows it (`GET /orders/{number}`, commerce.md "Checkout and orders"). Amounts in pence. */
import { z } from 'zod';
import { amountSchema, billingView, deliveryView } from '../cart/schemas.ts';
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

export const orderResponse = z.object({ order: orderSchema });
