/**
 * Discount codes (api-contract.md "Cart"): the statuses a code can be refused with. The back-office answers a refused
 * `POST /cart/discount` with one of them (400, with a message for the shopper), and names the one that made a code
 * stop applying to a basket. Browser-safe.
 */

export const DISCOUNT_REFUSALS = [
  'discount_not_found',
  'discount_expired',
  'discount_exhausted',
  'discount_minimum_not_met',
  'discount_not_for_audience',
] as const;
export type DiscountRefusal = (typeof DISCOUNT_REFUSALS)[number];
