/** The site answers (spec §7) and the lookup's parameters. */
import { z } from 'zod';

const id = z.coerce.number().int().positive().max(2_147_483_647);

export const siteSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  label: z.string(),
  url: z.string(),
  languages: z.array(z.object({ code: z.string(), label: z.string() })),
  salesplan: z.array(
    z.object({
      id: z.number().int(),
      target: z.enum(['pro', 'part']),
      label: z.string(),
      currency: z.object({ code: z.string(), symbol: z.string() }),
      vat_rate: z.number(),
    }),
  ),
});
export type SiteItem = z.infer<typeof siteSchema>;

/** A site of the header's dropdown. */
export const subsidiarySchema = z.object({ code: z.string(), label: z.string(), url: z.string() });
export type Subsidiary = z.infer<typeof subsidiarySchema>;

/** The lookup takes no `site_id` of its own; the common parameters are accepted and ignored. */
export const siteLookupQuery = z.object({
  url: z.string().max(500).optional(),
  site_id: id.optional(),
  list: z.literal('subsidiaries').optional(),
  lang: z.string().max(10).optional(),
  sales_plan_id: id.optional(),
  saleplan_id: id.optional(),
  client: z.literal('web').optional(),
});

export const siteParams = z.object({ id });

export const siteListResponse = z.object({
  data: z.object({ list: z.array(z.union([siteSchema, subsidiarySchema])) }),
});
export const siteResponse = z.object({ data: siteSchema });
