/**
 * Queries, bodies and answers of the content calls. The generic resources' item and input schemas live in their
 * registry (resources.ts), beside each resource's row mapping.
 */
import { z } from 'zod';
import { boundedInt, commonQuery } from '../../lib/params.ts';
import { audienceSchema, indexFilterSchema } from './resources.ts';

const id = z.coerce.number().int().positive().max(2_147_483_647);

/** Common parameters plus an explicit audience (else the plan's). */
export const audienceQuery = commonQuery.extend({ audience: audienceSchema.optional() });

export const indexQuery = audienceQuery.extend({
  perPage: boundedInt(1, 100, 50),
  page: boundedInt(1, 100000, 1),
  ...indexFilterSchema.shape,
});
export const idOrSlugParams = z.object({ id: z.string().min(1).max(200) });
export const writeBody = z.record(z.string(), z.unknown());
// An object with an id, not `writeBody.and(…)`: an intersection whose sides parse `id` differently throws.
export const updateBody = z.object({ id }).catchall(z.unknown());

export const previewParams = z.object({ id });
export const previewQuery = commonQuery.extend({ token: z.string().max(200).optional() });

export const settingsResponse = z.object({
  data: z.array(z.object({ code: z.string(), value: z.string() })),
});

const linkSchema = z.object({ title: z.string(), slug: z.string() });
export type SitemapLink = z.infer<typeof linkSchema>;
export const sitemapSchema = z.object({
  data: z.object({ items: z.array(z.object({ title: z.string(), items: z.array(linkSchema) })) }),
});
export type SitemapSection = z.infer<typeof sitemapSchema>['data']['items'][number];

export const cityQuery = commonQuery.extend({
  q: z.string().trim().min(1).max(100).optional(),
  postcode: z.string().trim().min(1).max(10).optional(),
  perPage: boundedInt(1, 100, 20),
});
export const cityResponse = z.object({
  data: z.object({ items: z.array(z.object({ name: z.string(), postcode: z.string() })) }),
});

export const contentVersionSchema = z.object({
  version: z.number().int(),
  updated_at: z.string().nullable(),
});
export type ContentVersion = z.infer<typeof contentVersionSchema>;
