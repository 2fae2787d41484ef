/** The suggest call's query and answer. */
import { z } from 'zod';
import { mediaSchema } from '../../lib/media.ts';
import { commonQuery } from '../../lib/params.ts';

export const searchQuery = commonQuery.extend({
  type: z.literal('Suggest').default('Suggest'),
  text: z.string().trim().min(1, 'must not be empty').max(200),
  language: z
    .string()
    .regex(/^[a-z]{2}(-[A-Za-z]{2})?$/, 'must be a language code such as en')
    .optional(),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

export const suggestResponse = z.object({
  data: z.object({
    products: z.object({
      total: z.number().int(),
      items: z.array(
        z.object({
          id: z.number().int(),
          slug: z.string(),
          name: z.string(),
          reference: z.string(),
          category_name: z.string(),
          cover: mediaSchema.nullable(),
        }),
      ),
    }),
    categories: z.object({
      total: z.number().int(),
      items: z.array(
        z.object({
          id: z.number().int(),
          slug: z.string(),
          name: z.string(),
          category_name: z.string(),
          cover: mediaSchema.optional(),
        }),
      ),
    }),
    pages: z.object({
      total: z.number().int(),
      items: z.array(
        z.object({
          id: z.number().int(),
          slug: z.string(),
          title: z.string(),
          content: z.string().max(160),
          type: z.string(),
          category_name: z.string(),
        }),
      ),
    }),
  }),
});
