/** The URL list and the entity resolution: queries and answers. */
import { z } from 'zod';
import { commonQuery } from '../../lib/params.ts';
import { categorySchema, productSchema } from '../catalogue/index.ts';
import { resources } from '../content/index.ts';

export const urlListResponse = z.object({
  data: z.object({
    items: z.array(
      z.object({
        entity_type: z.enum(['product', 'category', 'page', 'folder']),
        id: z.number().int(),
        slug: z.string(),
        type: z.enum(['cms', 'actualite', 'job']).optional(),
        exist_in: z.array(z.number().int()),
        updated_at: z.string(),
      }),
    ),
  }),
});

export const entitySchema = z.union([
  productSchema,
  categorySchema,
  resources.page.item,
  resources.folder.item,
]);

export const entityResponse = z.object({
  data: z.object({
    items: z.array(entitySchema),
    list: z.array(entitySchema),
    parents: z.array(
      z.object({
        entity_type: z.enum(['category', 'page', 'route']),
        id: z.number().int(),
        slug: z.string(),
        name: z.string(),
        type: z.string().optional(),
      }),
    ),
  }),
});

export const entityQuery = commonQuery.extend({
  entity_type: z.enum(['page', 'product', 'category', 'folder']).default('page'),
  slug: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[a-z0-9]+(?:[-/][a-z0-9]+)*$/, 'must be lowercase letters, digits, hyphens and slashes'),
  depth: z.enum(['0', '1']).optional(),
});
