/**
 * One postal address, as the API carries it (api-contract.md "Checkout and orders", "Accounts"): the checkout's
 * delivery and billing addresses, an order's, and each address of the address book. `company` and `address_2`
 * are left out when there is none; `country` is a country code (`uk`, or one of `BILLING_COUNTRIES`). The checkout's
 * request bodies (`deliveryAddress`, `billingAddress` in checkout.ts) check a typed address more strictly and give
 * one of these. Browser-safe.
 */
import { z } from 'zod';

export const postalAddress = z.object({
  first_name: z.string(),
  last_name: z.string(),
  company: z.string().optional(),
  address: z.string(),
  address_2: z.string().optional(),
  town: z.string(),
  postcode: z.string(),
  country: z.string(),
});
export type PostalAddress = z.infer<typeof postalAddress>;
