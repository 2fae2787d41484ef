/** GET /url (every public URL with the plans it exists in) and GET /url/entity (entity + breadcrumb parents). */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cacheKey, errorResponses, sendCached } from '../../lib/http.ts';
import { commonQuery } from '../../lib/params.ts';
import { entityQuery, entityResponse, urlListResponse } from './schemas.ts';
import { listUrls, resolveEntity } from './service.ts';

export const urlRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/url',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Every public URL: products, categories, published pages and folders, with their plans',
        querystring: commonQuery,
        response: { 200: urlListResponse, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const context = await request.shop.context;
      const key = cacheKey('url', { site: context.site.id, plan: context.plan?.id });
      return sendCached(app, reply, key, urlListResponse, async () => ({
        data: { items: await listUrls(app.db, app.cache, context) },
      }));
    },
  );

  app.get(
    '/url/entity',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'The entity behind a URL slug, with its parents (root first) for the breadcrumb',
        querystring: entityQuery,
        response: { 200: entityResponse, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const context = await request.shop.context;
      const { item, parents } = await resolveEntity(
        app.db,
        app.cache,
        context,
        request.query.entity_type,
        request.query.slug,
      );
      const items = [item];
      return { data: { items, list: items, parents } };
    },
  );
};
