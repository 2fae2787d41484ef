/**
 * Queries and answers of the staff's product reads (`/api/v1/staff/products…`, issue 25; docs/api-contract.md
 * "Staff: products"). The writes are the catalogue's own calls (schemas.ts).
 */
import { z } from 'zod';
import { commonQuery, listSearchText } from '../../lib/params.ts';

const flag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');
const audience = z.enum(['pro', 'part']);
const availability = z.enum(['both', 'pro', 'part', 'none']);

export const staffProductListQuery = commonQuery.extend({
  q: listSearchText(100)
    .optional()
    .describe("Name, reference, a pack's reference or GTIN containing it (any case)"),
  category_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  audience: audience.optional().describe('Sold to this audience (pro: trade, part: DIY)'),
  availability: availability
    .optional()
    .describe('both: trade and DIY; pro: trade only; part: DIY only; none: in no plan'),
  missing_picture: flag.optional().describe('true: products without a picture'),
  missing_document: flag.optional().describe('true: products without a published document'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(25),
  sort: z.enum(['id', 'name', 'reference', 'updated_at']).default('name'),
  order: z.enum(['ASC', 'DESC']).default('ASC'),
});
export type StaffProductListQuery = z.infer<typeof staffProductListQuery>;

export const staffProductParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const staffProductItem = z.object({
  id: z.number().int(),
  reference: z.string(),
  name: z.string(),
  slug: z.string(),
  version: z.number().int(),
  updated_at: z.string(),
  category: z.string().describe('The main category'),
  audiences: z.array(audience),
  availability,
  pack_count: z.number().int(),
  picture_count: z.number().int(),
  document_count: z.number().int(),
});

const packPrice = z.object({
  plan_id: z.number().int(),
  ex_vat: z.number().int().optional().describe('Pence ex VAT (a trade plan)'),
  inc_vat: z.number().int().optional().describe('Pence inc VAT (a DIY plan: the shelf price)'),
});

export const staffProductSchema = z.object({
  id: z.number().int(),
  version: z.number().int().describe('Send it with each write: a write from an older one answers 409'),
  reference: z.string(),
  slug: z.string(),
  name: z.string(),
  short_description: z.string(),
  description: z.string().describe('Sanitised HTML'),
  instructions: z.array(z.string()),
  category_ids: z.array(z.number().int()).describe('The main category first'),
  plans: z.array(z.object({ plan_id: z.number().int(), target: audience, promoted: z.boolean() })),
  caracteristics: z.record(z.string(), z.union([z.number(), z.array(z.string())])),
  related: z.array(z.object({ id: z.number().int(), name: z.string(), reference: z.string() })),
  packs: z.array(
    z.object({
      reference: z.string(),
      label: z.string(),
      gtin: z.string(),
      quantity: z.number(),
      unit: z.string(),
      prices: z.array(packPrice),
    }),
  ),
  pictograms: z.array(z.string()).describe('Titles of the pictograms, in order'),
  pictogram_keys: z
    .array(z.string())
    .describe("The pictograms' keys in the library, in order (what `PATCH /product/{id}` takes)"),
  picture_count: z.number().int(),
  document_count: z.number().int(),
  updated_at: z.string(),
});

export const productDefinitionsSchema = z.object({
  characteristics: z.array(
    z.object({
      code: z.string(),
      label: z.string(),
      kind: z.enum(['enum', 'number']),
      unit: z.string().nullable(),
      options: z.array(z.object({ value: z.string(), label: z.string() })),
    }),
  ),
  plans: z.array(
    z.object({
      id: z.number().int(),
      target: audience,
      label: z.string(),
      prices_include_vat: z.boolean(),
      vat_rate_bp: z.number().int(),
    }),
  ),
  categories: z.array(
    z.object({ id: z.number().int(), name: z.string(), parent_id: z.number().int().nullable() }),
  ),
  pictograms: z
    .array(z.object({ key: z.string(), title: z.string() }))
    .describe("The site's pictogram library: every pictogram its products show, by title"),
});
