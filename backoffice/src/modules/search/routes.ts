/** GET /search?type=Suggest: products, categories and pages matching the text in the plan. */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requirePlan } from '../../lib/context.ts';
import { errorResponses, sendCached } from '../../lib/http.ts';
import { searchQuery, suggestResponse } from './schemas.ts';
import { suggest } from './service.ts';

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
        response: { 200: suggestResponse, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const plan = requirePlan(await request.shop.context);
      const { text, limit } = request.query;
      return sendCached(app, reply, `search/${plan.id}/${limit}/${text}`, suggestResponse, async () => ({
        data: await suggest(app.db, app.cache, plan, text, limit),
      }));
    },
  );
};
