/**
 * The checkout calls' queries and answers (api-contract.md "Checkout and orders"); bodies are shop-rules' strict
 * ones.
 */
import { z } from 'zod';
import { errorBody } from '../../lib/http.ts';
import { cartSchema, shippingQuery } from '../cart/index.ts';
import { ORDER_STATUSES } from '../orders/index.ts';

export const carriersQuery = shippingQuery;

export const carriersResponse = z.object({
  carriers: z.array(
    z.object({
      code: z
        .string()
        .describe('`carrier_code` of PUT /checkout/delivery; `collect` is collection from a stockist'),
      method: z.enum(['delivery', 'collect']),
      label: z.string(),
      description: z.string(),
      amount: z.number().int().describe('inc VAT, pence'),
      amount_ex_vat: z.number().int(),
      next_day: z.boolean(),
      free: z.boolean(),
    }),
  ),
});

export const paymentMethodsResponse = z.object({
  methods: z.array(
    z.discriminatedUnion('code', [
      z.object({
        code: z.literal('card'),
        label: z.string(),
        provider: z.string(),
        test_mode: z.boolean(),
        test_card_tokens: z
          .array(z.object({ token: z.string(), description: z.string() }))
          .describe('The magic card tokens of the test provider (empty with a real one)'),
      }),
      z.object({
        code: z.literal('on_account'),
        label: z.string(),
        credit_available_pence: z
          .number()
          .int()
          .describe('The credit limit less the unpaid on-account orders, inc VAT'),
        po_required: z.boolean().describe('A PO number (`po_number`) is required to complete'),
        payment_terms_days: z.number().int(),
      }),
    ]),
  ),
  test_mode: z.boolean().describe('True with the fake provider: checkout shows "Test mode: no real payment"'),
});

const orderRef = z.object({ id: z.number().int(), number: z.string(), status: z.enum(ORDER_STATUSES) });
const accessToken = z
  .string()
  .describe('Send as X-Order-Token to GET /orders/{number}; valid until 2 hours after the order was placed');

export const completeResponse = z.object({
  order: orderRef,
  access_token: accessToken,
  access_token_expires_at: z.string(),
  next: z.object({
    type: z
      .enum(['done', 'redirect', 'pending'])
      .describe(
        'done: paid or on account; redirect: the bank asks the shopper (3-D Secure); pending (202): the ' +
          "payment's outcome is not known yet, poll the order until it settles",
      ),
    url: z
      .string()
      .optional()
      .describe(
        'done: the confirmation page; redirect: where the shopper authorises the payment (3-D Secure)',
      ),
  }),
});

/**
 * A 409 carries the basket as it is now (`price_changed`, `discount_exhausted`): the shopper checks it again; or,
 * `payment_pending`, the order another card attempt on the basket is paying for, to wait for.
 */
export const conflictBody = errorBody.extend({
  cart: cartSchema.optional(),
  order: orderRef.optional(),
  access_token: accessToken.optional(),
  access_token_expires_at: z.string().optional(),
});
