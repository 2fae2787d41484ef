/** GET /search?type=Suggest: products, categories and pages matching the text in the plan. */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePlan } from '../../lib/context.ts';
import { commonQuery } from '../../lib/params.ts';
import { mediaSchema } from '../catalogue/schemas.ts';
import { sendCached } from '../catalogue/respond.ts';
import { errorBody } from '../catalogue/routes.ts';
import { suggest } from './service.ts';

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

export const searchRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/search',
    {
      schema: {
        tags: ['search'],
        summary:
          'Search suggestions (full-text with typo tolerance) grouped by products, categories and pages',
        querystring: searchQuery,
        response: { 200: suggestResponse, 400: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const plan = requirePlan(await app.context(request.query));
      const { text, limit } = request.query;
      return sendCached(app, reply, `search/${plan.id}/${limit}/${text}`, suggestResponse, async () => ({
        data: await suggest(app.db, app.cache, plan, text, limit),
      }));
    },
  );
};
