/**
 * The basket's queries, bodies and answers (api-contract.md "Cart"). Bodies are the shared strict schemas of
 * `@plasterwick/shop-rules/checkout`; answers are the spec's server cart (`list`, `amount { ttc, tax, ht }`,
 * `discounted_amount`, `discounts`, `shipping_estimate`) plus what the storefront shows beside it. Answers are the
 * contract's shapes as written there (no `data` wrapper). Amounts are integer pence.
 */
import { BILLING_COUNTRIES } from '@plasterwick/shop-rules/checkout';
import { z } from 'zod';
import { commonQuery } from '../../lib/params.ts';

const pence = z.number().int();

/** The query of every cart and checkout call: the common parameters and, optionally, the token (spec §7). */
export const cartQuery = commonQuery.extend({
  cart_token: z.string().max(100).optional().describe('The cart token, when not sent as X-Cart-Token'),
});

export const shippingQuery = cartQuery.extend({
  postcode: z
    .string()
    .max(10)
    .optional()
    .describe('UK postcode, district or area of the delivery: remote areas cost more, some are not served'),
});

export const lineParams = z.object({
  line_id: z.coerce
    .number()
    .int()
    .positive()
    .max(2_147_483_647)
    .describe('A line of the basket (`list[].id`)'),
});

/** An amount in the spec's three figures: inc VAT (`ttc`), the VAT (`tax`) and ex VAT (`ht`); `ht + tax = ttc`. */
export const amountSchema = z.object({ ttc: pence, tax: pence, ht: pence });

export const cartLineSchema = z.object({
  /** The line's id (`PATCH`/`DELETE /cart/items/{id}`); a free line of a `free_product` code has `free-{CODE}`. */
  id: z.union([z.number().int(), z.string()]),
  element_id: z.number().int().describe('The product id'),
  element_type: z.literal('product'),
  variant_id: z.number().int(),
  variant_reference: z.string(),
  /** The product's name. */
  name: z.string(),
  /** The pack ("10 kg bag"). */
  variant_label: z.string(),
  slug: z.string(),
  image: z.string().nullable().describe('URL of the packshot'),
  quantity: z.number().int(),
  price_with_tax: pence.describe('One pack inc VAT'),
  total_with_tax: pence.describe('The line inc VAT'),
  price_without_tax: pence.describe('One pack ex VAT'),
  total_without_tax: pence.describe('The line ex VAT'),
  tax: pence.describe('The VAT of the line (worked out on the line, once)'),
  free: z.boolean().describe('Added by a free_product code: no quantity change, no removal'),
});

const addressView = z.object({
  first_name: z.string(),
  last_name: z.string(),
  company: z.string().optional(),
  address: z.string(),
  address_2: z.string().optional(),
  town: z.string(),
  postcode: z.string(),
  country: z.string(),
});

export const stockistView = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  town: z.string(),
  postcode: z.string(),
  phone: z.string(),
});

/** The delivery step as chosen (`PUT /checkout/delivery`). */
export const deliveryView = z.discriminatedUnion('method', [
  z.object({
    method: z.literal('delivery'),
    address: addressView,
    carrier_code: z.string(),
    carrier_label: z.string(),
    phone: z.string(),
  }),
  z.object({
    method: z.literal('collect'),
    stockist: stockistView,
    first_name: z.string(),
    last_name: z.string(),
    phone: z.string(),
  }),
]);
export type DeliveryView = z.infer<typeof deliveryView>;

/** The billing step as chosen (`PUT /checkout/billing`); `address` is the delivery's when the same. */
export const billingView = z.object({
  same_as_delivery: z.boolean(),
  address: addressView.extend({ country: z.enum(BILLING_COUNTRIES) }).nullable(),
});
export type BillingView = z.infer<typeof billingView>;

export const cartSchema = z.object({
  list: z.array(cartLineSchema),
  quantity: z.number().int().describe('Sum of the quantities (the basket badge)'),
  amount: amountSchema.describe('The lines before any discount'),
  discount_amount: amountSchema.describe('Taken off by the code (zero without one)'),
  discounted_amount: pence.describe('amount.ttc once the discount is taken off (delivery not included)'),
  discounts: z.object({
    cart_discount: z
      .object({
        description: z.string(),
        amount: z.number().int().describe('The value in its unit: 10 with percent, pence with pence'),
        unit: z.enum(['percent', 'pence']),
        code: z.string(),
        amount_off: pence.describe('Pence taken off, inc VAT'),
      })
      .nullable(),
    free_product: z.object({ description: z.string(), code: z.string() }).nullable(),
  }),
  shipping_estimate: pence
    .nullable()
    .describe('Cheapest home delivery inc VAT for this basket; null when empty or no carrier can take it'),
  shipping: amountSchema.nullable().describe('The chosen delivery (collect: zero); null until one is chosen'),
  grand_total: amountSchema.describe('discounted amount + chosen delivery: `expected_total` is its ttc'),
  weight_grams: z.number().int(),
  plan_id: z.number().int().describe('The plan the basket is priced in (the plan of the call)'),
  audience: z.enum(['pro', 'part']),
  prices_include_vat: z.boolean().describe('DIY shelf prices inc VAT (true) or trade prices ex VAT (false)'),
  vat_rate: z.number(),
  currency: z.string(),
  checkout: z.object({ delivery: deliveryView.nullable(), billing: billingView.nullable() }),
  notice: z
    .string()
    .nullable()
    .describe(
      'Something the shopper must read: lines removed on an audience switch, a code that stopped applying',
    ),
  token_expires_at: z.string().describe('When the token stops opening this basket (3 days after it was set)'),
});
export type CartAnswerBody = z.infer<typeof cartSchema>;

export const cartResponse = z.object({ cart: cartSchema });
/** `GET /cart` and `POST /cart/items`: with a session, the basket's token when the call did not carry it. */
export const sessionCartResponse = z.object({
  token: z.string().optional().describe("The customer's basket token, when the call did not carry it"),
  token_expires_at: z.string().optional(),
  cart: cartSchema,
});
export const newCartResponse = z.object({
  token: z.string().describe('The cart token: send it as X-Cart-Token; shown only here'),
  token_expires_at: z.string(),
  cart: cartSchema,
});

export const shippingCostSchema = z.object({
  code: z.string(),
  label: z.string(),
  description: z.string(),
  amount: pence.describe('inc VAT'),
  amount_ex_vat: pence,
  next_day: z.boolean(),
  free: z.boolean(),
});

export const shippingResponse = z.object({
  costs: z.array(shippingCostSchema),
  cheapest: pence.nullable().describe('The estimate: the cheapest cost inc VAT; null when none'),
});
