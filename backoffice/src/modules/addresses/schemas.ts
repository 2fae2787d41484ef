/**
 * The saved address as the API shows it (`GET /address`, api-contract.md "Accounts"); bodies are shop-rules'
 * strict ones.
 */
import { BILLING_COUNTRIES } from '@plasterwick/shop-rules/checkout';
import { z } from 'zod';

export const savedAddressSchema = z.object({
  id: z.number().int(),
  label: z.string().nullable().describe('The customer\'s own name for it ("Site office")'),
  first_name: z.string(),
  last_name: z.string(),
  company: z.string().nullable(),
  address: z.string(),
  address_2: z.string().nullable(),
  town: z.string(),
  postcode: z.string().describe('A UK postcode is stored formatted ("M1 1AE")'),
  country: z.enum(BILLING_COUNTRIES),
  phone: z.string().nullable(),
  is_default_delivery: z.boolean(),
  is_default_billing: z.boolean(),
});
export type SavedAddress = z.infer<typeof savedAddressSchema>;

export const addressListResponse = z.object({ items: z.array(savedAddressSchema) });

export const addressParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
