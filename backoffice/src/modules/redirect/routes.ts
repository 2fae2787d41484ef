/** Old-URL redirects (spec §2): the storefront server and the CDN table both read this list. */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/http.ts';
import { commonQuery } from '../../lib/params.ts';
import { redirectListResponse } from './schemas.ts';
import { listRedirects } from './service.ts';

export const redirectRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/redirect',
    {
      schema: {
        tags: ['site'],
        summary: 'Old URLs and where they moved to (301)',
        querystring: commonQuery,
        response: { 200: redirectListResponse, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      await request.shop.context;
      return { data: { items: await listRedirects(app.db, app.cache) } };
    },
  );
};
