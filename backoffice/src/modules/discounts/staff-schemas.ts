/**
 * Queries, bodies and answers of the staff's discount calls (`/api/v1/staff/discounts…`, issue 24;
 * docs/api-contract.md "Staff: discounts"). A discount is one of three kinds: `percentage` (`percent`, 1–100),
 * `fixed_amount` (`amount_pence`) or `free_product` (`free_variant_reference`, a pack of the site); amounts are in
 * the basis of the basket's plan (inc VAT for DIY, ex VAT for trade), as the basket applies them.
 */
import { z } from 'zod';
import { writeVersion } from '../../lib/http.ts';
import { commonQuery, listSearchText } from '../../lib/params.ts';

export const DISCOUNT_KINDS = ['percentage', 'fixed_amount', 'free_product'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];
export const DISCOUNT_STATES = ['scheduled', 'active', 'expired', 'used_up', 'deactivated'] as const;
export type DiscountState = (typeof DISCOUNT_STATES)[number];
export const DISCOUNT_AUDIENCES = ['both', 'pro', 'part'] as const;
export const DISCOUNT_SORTS = ['id', 'code', 'created_at', 'starts_at', 'ends_at', 'used'] as const;

const instant = z.iso.datetime({ offset: true });
/** Upper limits that keep a typing slip from becoming a 10-million-pound code, and every value an int4. */
const MAX_PENCE = 10_000_000;
const MAX_USES = 1_000_000;

/** A code as the basket applies it: trimmed and upper-cased, letters, digits, hyphens and underscores. */
export const discountCode = z
  .string()
  .trim()
  .toUpperCase()
  .min(3, 'A code has at least 3 characters')
  .max(40, 'A code has at most 40 characters')
  .regex(
    /^[A-Z0-9][A-Z0-9_-]*$/,
    'Use letters, digits, hyphens and underscores only, starting with a letter or digit',
  );

export const discountParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const discountQuery = commonQuery;

export const discountListQuery = commonQuery.extend({
  q: listSearchText(40).optional().describe('Codes containing it (any case)'),
  state: z.enum(DISCOUNT_STATES).optional(),
  kind: z.enum(DISCOUNT_KINDS).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(25),
  sort: z.enum(DISCOUNT_SORTS).default('created_at'),
  order: z.enum(['ASC', 'DESC']).default('DESC'),
});
export type DiscountListQuery = z.infer<typeof discountListQuery>;

/** The fields staff write; each kind reads its own value field and the others are cleared. */
const fields = {
  code: discountCode,
  description: z
    .string()
    .trim()
    .min(1, 'Enter what the basket shows, such as "10 % off your order"')
    .max(200, 'At most 200 characters'),
  kind: z.enum(DISCOUNT_KINDS),
  percent: z.number().int().min(1, 'From 1 to 100 %').max(100, 'From 1 to 100 %').nullish(),
  amount_pence: z.number().int().min(1, 'At least 1p').max(MAX_PENCE, 'At most 100,000 £').nullish(),
  free_variant_reference: z.string().trim().min(1).max(64).nullish(),
  audience: z.enum(DISCOUNT_AUDIENCES).describe('pro (trade), part (DIY) or both'),
  min_subtotal_pence: z
    .number()
    .int()
    .min(0, 'Cannot be negative')
    .max(MAX_PENCE, 'At most 100,000 £')
    .nullish()
    .describe("The basket's least subtotal, in its plan's basis"),
  usage_limit: z.number().int().min(1, 'At least 1 use').max(MAX_USES, 'At most 1,000,000 uses').nullish(),
  once_per_customer: z.boolean(),
  starts_at: instant.nullish().describe('From this instant (UK time shown by the console)'),
  ends_at: instant.nullish().describe('Until this instant (exclusive), after starts_at'),
};

export const discountCreateBody = z.strictObject({
  ...fields,
  audience: fields.audience.default('both'),
  once_per_customer: fields.once_per_customer.default(false),
});
export type DiscountCreateBody = z.infer<typeof discountCreateBody>;

/** `PATCH`: only the fields named change, from `version`. */
export const discountPatchBody = z.strictObject({
  version: writeVersion,
  ...z.object(fields).partial().shape,
});
export type DiscountPatchBody = z.infer<typeof discountPatchBody>;

export const discountSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  description: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  percent: z.number().int().nullable(),
  amount_pence: z.number().int().nullable(),
  free_variant_reference: z.string().nullable(),
  audience: z.enum(DISCOUNT_AUDIENCES),
  min_subtotal_pence: z.number().int().nullable(),
  usage_limit: z.number().int().nullable(),
  /** Orders holding a use of the code (a use given back when a payment fails is not counted). */
  used: z.number().int(),
  once_per_customer: z.boolean(),
  starts_at: instant.nullable(),
  ends_at: instant.nullable(),
  active: z.boolean(),
  state: z.enum(DISCOUNT_STATES),
  version: z.number().int(),
  created_at: instant,
});
export type StaffDiscount = z.infer<typeof discountSchema>;
