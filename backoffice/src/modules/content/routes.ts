/**
 * Generic CMS resources (index, show, create, update, delete) generated from the registry, plus the page
 * preview, settings list, sitemap, cities and content version. The sitemap and cities are derived data: their
 * other calls of the generic helper answer 405.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../lib/errors.ts';
import { boundedInt, commonQuery } from '../../lib/params.ts';
import { refuseCalls } from '../../lib/http.ts';
import { buildSitemap, sitemapSchema } from './sitemap.ts';
import {
  audienceSchema,
  indexFilterSchema,
  resourceNames,
  resources,
  type ResourceName,
} from './resources.ts';
import { createEntry, deleteEntry, findEntry, listEntries, loadLookup, updateEntry } from './service.ts';
import { contentVersionSchema, findCities, readContentVersion } from './extras.ts';

const errorBody = z.object({
  status: z.string(),
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
const errors = { 400: errorBody, 401: errorBody, 404: errorBody };

const indexQuery = commonQuery.extend({
  perPage: boundedInt(1, 100, 50),
  page: boundedInt(1, 100000, 1),
  audience: audienceSchema.optional(),
  ...indexFilterSchema.shape,
});
const idParam = z.object({ id: z.string().min(1).max(200) });
const idBody = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const deleteQuery = commonQuery.extend({
  id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
const writeBody = z.record(z.string(), z.unknown());
// An object with an id, not `writeBody.and(idBody)`: an intersection whose sides parse `id` differently throws.
const updateBody = idBody.catchall(z.unknown());

export const contentRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  const audienceOf = (explicit: string | undefined, plan: { target: string } | undefined) =>
    explicit ?? plan?.target;

  // Static paths are registered before the `/{resource}/:id` routes; find-my-way prefers them anyway.
  app.get(
    '/setting',
    {
      schema: {
        tags: ['content'],
        summary: 'Site settings as code/value pairs',
        querystring: commonQuery,
        response: {
          200: z.object({ data: z.array(z.object({ code: z.string(), value: z.string() })) }),
          ...errors,
        },
      },
    },
    async (request) => {
      const { site } = await app.context(request.query);
      return app.cache.get(`settings:${site.id}`, async () => {
        const { rows } = await listEntries(app.db, 'setting', {
          siteId: site.id,
          audience: undefined,
          filters: {},
          page: 1,
          perPage: 1000,
        });
        const lookup = await loadLookup(app.db, app.cache, site.id);
        return {
          data: rows.map((row) => {
            const { code, value } = resources.setting.toItem(row, lookup);
            return { code, value };
          }),
        };
      });
    },
  );

  app.get(
    '/page/preview/:id',
    {
      schema: {
        tags: ['content'],
        summary: 'A page, draft or published, for the preview (preview token in x-preview-token, or ?token=)',
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        querystring: commonQuery.extend({ token: z.string().max(200).optional() }),
        response: { 200: z.object({ data: resources.page.item }), ...errors },
      },
    },
    async (request) => {
      const header = request.headers['x-preview-token'];
      app.requirePreviewToken(request, typeof header === 'string' ? header : request.query.token);
      const { site } = await app.context(request.query);
      const row = await findEntry(app.db, 'page', String(request.params.id), {
        siteId: site.id,
        audience: undefined,
        includeDrafts: true,
      });
      return { data: resources.page.toItem(row, await loadLookup(app.db, app.cache, site.id)) };
    },
  );

  app.get(
    '/sitemap',
    {
      schema: {
        tags: ['content'],
        summary: 'Sitemap sections of the audience (published pages, categories, folders, services)',
        querystring: commonQuery.extend({ audience: audienceSchema.optional() }),
        response: { 200: sitemapSchema, ...errors },
      },
    },
    async (request) => {
      const context = await app.context(request.query);
      const target = audienceOf(request.query.audience, context.plan) ?? 'pro';
      const plan = context.plans.find((p) => p.target === target);
      return app.cache.get(`sitemap:${context.site.id}:${target}`, async () => ({
        data: { items: await buildSitemap(app.db, context.site.id, target, plan?.id) },
      }));
    },
  );

  app.get(
    '/city',
    {
      schema: {
        tags: ['content'],
        summary: 'Towns with stockists, by name prefix (q) or postcode prefix',
        querystring: commonQuery.extend({
          q: z.string().trim().min(1).max(100).optional(),
          postcode: z.string().trim().min(1).max(10).optional(),
          perPage: boundedInt(1, 100, 20),
        }),
        response: {
          200: z.object({
            data: z.object({ items: z.array(z.object({ name: z.string(), postcode: z.string() })) }),
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      const { site } = await app.context(request.query);
      const { q, postcode, perPage } = request.query;
      return { data: { items: await findCities(app.db, site.id, { q, postcode, limit: perPage }) } };
    },
  );

  refuseCalls(plugin, {
    path: '/sitemap',
    methods: ['POST', 'PUT', 'DELETE'],
    allow: ['GET', 'HEAD'],
    tags: ['content'],
    message: 'The sitemap is built from the published pages, categories and folders; change those instead',
  });
  refuseCalls(plugin, {
    path: '/sitemap/:id',
    methods: ['GET'],
    allow: [],
    tags: ['content'],
    message: 'The sitemap is one document with no items of its own; read it with GET /sitemap',
  });
  refuseCalls(plugin, {
    path: '/city',
    methods: ['POST', 'PUT', 'DELETE'],
    allow: ['GET', 'HEAD'],
    tags: ['content'],
    message: "Cities are derived from stockists' towns and postcodes; write stockists with /store-locator",
  });
  refuseCalls(plugin, {
    path: '/city/:id',
    methods: ['GET'],
    allow: [],
    tags: ['content'],
    message:
      'Cities have no id (they are derived from stockists); search them with GET /city?q= or ?postcode=',
  });

  app.get(
    '/content-version',
    {
      schema: {
        tags: ['content'],
        summary: 'Counter bumped on every content or catalogue write (drives storefront rebuilds)',
        querystring: commonQuery,
        response: { 200: z.object({ data: contentVersionSchema }), ...errors },
      },
    },
    async (request) => {
      await app.context(request.query);
      return { data: await readContentVersion(app.db) };
    },
  );

  for (const name of resourceNames) registerResource(name);

  function registerResource(name: ResourceName) {
    const definition = resources[name];
    const item = definition.item as z.ZodType;
    const tags = ['content'];
    // The key is checked before the body, so a write without it is 401 whatever it sends.
    const write = { preValidation: app.requireApiKey };

    // The settings index has its own flat shape (`GET /setting` above).
    if (name !== 'setting')
      app.get(
        `/${name}`,
        {
          schema: {
            tags,
            summary: `List ${name} entries`,
            querystring: indexQuery,
            response: {
              200: z.object({ data: z.object({ items: z.array(item), total: z.number().int() }) }),
              ...errors,
            },
          },
        },
        async (request) => {
          const { perPage, page, audience, site_id, lang, sales_plan_id, saleplan_id, client, ...filters } =
            request.query;
          const context = await app.context({ site_id, lang, sales_plan_id, saleplan_id, client });
          const target = audienceOf(audience, context.plan);
          const key = `list:${name}:${context.site.id}:${target}:${page}:${perPage}:${JSON.stringify(filters)}`;
          return app.cache.get(key, async () => {
            const lookup = await loadLookup(app.db, app.cache, context.site.id);
            const { rows, total } = await listEntries(app.db, name, {
              siteId: context.site.id,
              audience: target,
              filters,
              page,
              perPage,
            });
            return { data: { items: rows.map((row) => definition.toItem(row, lookup)), total } };
          });
        },
      );

    app.get(
      `/${name}/:id`,
      {
        schema: {
          tags,
          summary: `One ${name} entry by id${name === 'page' || name === 'folder' ? ' or slug' : ''}`,
          params: idParam,
          querystring: commonQuery.extend({ audience: audienceSchema.optional() }),
          response: { 200: z.object({ data: item }), ...errors },
        },
      },
      async (request) => {
        const { audience, ...common } = request.query;
        const context = await app.context(common);
        const target = audienceOf(audience, context.plan);
        const key = `show:${name}:${context.site.id}:${target}:${request.params.id}`;
        return app.cache.get(key, async () => {
          const row = await findEntry(app.db, name, request.params.id, {
            siteId: context.site.id,
            audience: target,
          });
          return { data: definition.toItem(row, await loadLookup(app.db, app.cache, context.site.id)) };
        });
      },
    );

    app.post(
      `/${name}`,
      {
        ...write,
        schema: {
          tags,
          summary: `Create a ${name} entry (API key)`,
          security: [{ apiKey: [] }],
          querystring: commonQuery,
          body: writeBody,
          response: { 201: z.object({ data: item }), ...errors },
        },
      },
      async (request, reply) => {
        const { site } = await app.context(request.query);
        const row = await createEntry(app.db, name, site.id, request.body);
        await app.contentChanged();
        const lookup = await loadLookup(app.db, app.cache, site.id);
        return reply.status(201).send({ data: definition.toItem(row, lookup) });
      },
    );

    app.put(
      `/${name}`,
      {
        ...write,
        schema: {
          tags,
          summary: `Update a ${name} entry (API key; fields not sent are kept)`,
          security: [{ apiKey: [] }],
          querystring: commonQuery,
          body: updateBody,
          response: { 200: z.object({ data: item }), ...errors },
        },
      },
      async (request) => {
        const { site } = await app.context(request.query);
        const { id, ...changes } = request.body;
        const lookup = await loadLookup(app.db, app.cache, site.id);
        const row = await updateEntry(app.db, name, site.id, id, changes, lookup);
        await app.contentChanged();
        return { data: definition.toItem(row, await loadLookup(app.db, app.cache, site.id)) };
      },
    );

    app.delete(
      `/${name}`,
      {
        ...write,
        schema: {
          tags,
          summary: `Delete a ${name} entry (API key; id in the body or the query)`,
          security: [{ apiKey: [] }],
          querystring: deleteQuery,
          // No body at all arrives as null (id in the query).
          body: idBody.nullish(),
          response: { 200: z.object({ data: z.object({ id: z.number().int() }) }), ...errors },
        },
      },
      async (request) => {
        const { id: queryId, ...common } = request.query;
        const { site } = await app.context(common);
        const id = request.body?.id ?? queryId;
        if (id === undefined) {
          throw badRequest('id is required (in the body or the query)', [
            { field: 'id', message: 'Required' },
          ]);
        }
        await deleteEntry(app.db, name, site.id, id);
        await app.contentChanged();
        return { data: { id } };
      },
    );
  }
};
