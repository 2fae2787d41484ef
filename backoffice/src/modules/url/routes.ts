/** GET /url (every public URL with the plans it exists in) and GET /url/entity (entity + breadcrumb parents). */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commonQuery } from '../../lib/params.ts';
import { cacheKey, sendCached } from '../catalogue/respond.ts';
import { errorBody } from '../catalogue/routes.ts';
import { categorySchema, productSchema } from '../catalogue/schemas.ts';
import { resources } from '../content/resources.ts';
import { listUrls, resolveEntity } from './service.ts';

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

const entitySchema = z.union([productSchema, categorySchema, resources.page.item, resources.folder.item]);

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

export const urlRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/url',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Every public URL: products, categories, published pages and folders, with their plans',
        querystring: commonQuery,
        response: { 200: urlListResponse, 400: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const context = await app.context(request.query);
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
        response: { 200: entityResponse, 400: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const context = await app.context(request.query);
      const { item, parents } = await resolveEntity(
        app.db,
        app.cache,
        context,
        request.query.entity_type,
        request.query.slug,
      );
      const items = [item as z.infer<typeof entitySchema>];
      return { data: { items, list: items, parents } };
    },
  );
};
