/**
 * Generic CMS resources (index, show, create, update, delete) generated from the registry, plus the page
 * preview, settings list, sitemap, cities and content version. The sitemap and cities are derived data: their
 * other calls of the generic helper answer 405.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleteByIdRoute, errorResponses, refuseCalls } from '../../lib/http.ts';
import { commonQuery } from '../../lib/params.ts';
import { menuItemRoutes } from './menu-routes.ts';
import { auditedEntryWrite, contentAccess } from './staff-access.ts';
import {
  indexFilterSchema,
  resourceNames,
  resources,
  type ResourceDefinition,
  type ResourceName,
} from './resources.ts';
import {
  audienceQuery,
  cityQuery,
  cityResponse,
  contentVersionSchema,
  entryParams,
  entryWriteErrors,
  idOrSlugParams,
  indexQuery,
  previewParams,
  previewQuery,
  patchBody,
  replaceBody,
  settingsResponse,
  sitemapSchema,
} from './schemas.ts';
import {
  createItem,
  deleteEntry,
  findCities,
  indexItems,
  listSettings,
  previewPage,
  readContentVersion,
  showItem,
  sitemapOf,
  updateItem,
} from './service.ts';

const errors = errorResponses(400, 401, 404);

/** The audience of a read: the one asked for, else the plan's. */
const audienceOf = (explicit: string | undefined, plan: { target: string } | undefined) =>
  explicit ?? plan?.target;

/** Resources of the generic helper built from other data: their writes and items answer 405, saying why. */
const derivedResources = [
  {
    path: '/sitemap',
    noWrites: 'The sitemap is built from the published pages, categories and folders; change those instead',
    noItems: 'The sitemap is one document with no items of its own; read it with GET /sitemap',
  },
  {
    path: '/city',
    noWrites: "Cities are derived from stockists' towns and postcodes; write stockists with /store-locator",
    noItems:
      'Cities have no id (they are derived from stockists); search them with GET /city?q= or ?postcode=',
  },
];

export const contentRoutes: FastifyPluginAsync = async (plugin) => {
  // Static paths are registered before the `/{resource}/:id` routes; find-my-way prefers them anyway.
  settingAndPreviewRoutes(plugin);
  derivedDataRoutes(plugin);
  contentVersionRoute(plugin);
  for (const name of resourceNames) {
    resourceReadRoutes(plugin, name);
    resourceWriteRoutes(plugin, name);
  }
  menuItemRoutes(plugin);
};

/** The settings list and the page preview. */
function settingAndPreviewRoutes(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/setting',
    {
      schema: {
        tags: ['content'],
        summary: 'Site settings as code/value pairs',
        querystring: commonQuery,
        response: { 200: settingsResponse, ...errors },
      },
    },
    async (request) => {
      const { site } = await request.shop.context;
      return { data: await listSettings(app.db, app.cache, site.id) };
    },
  );

  app.get(
    '/page/preview/:id',
    {
      schema: {
        tags: ['content'],
        summary: 'A page, draft or published, for the preview (preview token in x-preview-token, or ?token=)',
        params: previewParams,
        querystring: previewQuery,
        response: { 200: z.object({ data: resources.page.item }), ...errors },
      },
    },
    async (request) => {
      const header = request.headers['x-preview-token'];
      app.requirePreviewToken(request, typeof header === 'string' ? header : request.query.token);
      const { site } = await request.shop.context;
      return { data: await previewPage(app.db, app.cache, site.id, request.params.id) };
    },
  );
}

/** The sitemap and the cities, built from other data: read-only. */
function derivedDataRoutes(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/sitemap',
    {
      schema: {
        tags: ['content'],
        summary: 'Sitemap sections of the audience (published pages, categories, folders, services)',
        querystring: audienceQuery,
        response: { 200: sitemapSchema, ...errors },
      },
    },
    async (request) => {
      const context = await request.shop.context;
      const audience = audienceOf(request.query.audience, context.plan) ?? 'pro';
      return { data: { items: await sitemapOf(app.db, app.cache, context, audience) } };
    },
  );

  app.get(
    '/city',
    {
      schema: {
        tags: ['content'],
        summary: 'Towns with stockists, by name prefix (q) or postcode prefix',
        querystring: cityQuery,
        response: { 200: cityResponse, ...errors },
      },
    },
    async (request) => {
      const { site } = await request.shop.context;
      const { q, postcode, perPage } = request.query;
      return { data: { items: await findCities(app.db, site.id, { q, postcode, limit: perPage }) } };
    },
  );

  // Derived data: no writes on the collection, no items of its own.
  for (const derived of derivedResources) {
    refuseCalls(plugin, {
      path: derived.path,
      methods: ['POST', 'PUT', 'DELETE'],
      allow: ['GET', 'HEAD'],
      tags: ['content'],
      message: derived.noWrites,
    });
    refuseCalls(plugin, {
      path: `${derived.path}/:id`,
      methods: ['GET'],
      allow: [],
      tags: ['content'],
      message: derived.noItems,
    });
  }
}

/** The counter the storefront rebuilds on. */
function contentVersionRoute(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

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
      await request.shop.context;
      return { data: await readContentVersion(app.db) };
    },
  );
}

/** A generic resource's index and one item. */
function resourceReadRoutes(plugin: FastifyInstance, name: ResourceName) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const item = resources[name].item as z.ZodType;
  const tags = ['content'];

  // The settings index has its own flat shape (`GET /setting`, registered first).
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
        const { perPage, page, audience } = request.query;
        const context = await request.shop.context;
        const data = await indexItems(app.db, app.cache, name, {
          siteId: context.site.id,
          audience: audienceOf(audience, context.plan),
          // The filters the query holds, and nothing else of it.
          filters: indexFilterSchema.parse(request.query),
          page,
          perPage,
        });
        return { data };
      },
    );

  app.get(
    `/${name}/:id`,
    {
      schema: {
        tags,
        summary: `One ${name} entry by id${name === 'page' || name === 'folder' ? ' or slug' : ''}`,
        params: idOrSlugParams,
        querystring: audienceQuery,
        response: { 200: z.object({ data: item }), ...errors },
      },
    },
    async (request) => {
      const context = await request.shop.context;
      const audience = audienceOf(request.query.audience, context.plan);
      return {
        data: await showItem(app.db, app.cache, name, request.params.id, {
          siteId: context.site.id,
          audience,
        }),
      };
    },
  );
}

/** What every staff write of a resource declares: its definition, its answer and the schema of one call. */
function resourceWriteSchemas(name: ResourceName) {
  const definition = resources[name] as ResourceDefinition;
  const staffWrite = (summary: string) => ({
    ...contentAccess.schema,
    tags: ['content'],
    summary,
    querystring: commonQuery,
  });
  return { definition, answer: z.object({ data: definition.item }), staffWrite };
}

/**
 * Staff writes of a generic resource (`content:write`): create, full replace, patch from a version, delete. Every body and
 * answer is the resource's own schema, so the OpenAPI document shows its fields.
 */
function resourceWriteRoutes(plugin: FastifyInstance, name: ResourceName) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { definition, answer, staffWrite } = resourceWriteSchemas(name);

  app.post(
    `/${name}`,
    {
      ...contentAccess,
      schema: {
        ...staffWrite(`Create a ${name} entry (at version 1)`),
        body: definition.input,
        response: { 201: answer, ...errors },
      },
    },
    async (request, reply) => {
      const { site } = await request.shop.context;
      const created = await auditedEntryWrite(request, name, 'create', undefined, (tx) =>
        createItem(tx, app.cache, name, site.id, request.body, app.clock.now()),
      );
      await app.contentChanged();
      return reply.status(201).send({ data: created });
    },
  );

  app.put(
    `/${name}`,
    {
      ...contentAccess,
      schema: {
        ...staffWrite(
          `Replace a ${name} entry: every field required (a 400 names the missing ones); with ` +
            '`version`, 409 `version_conflict` when another write came first',
        ),
        body: replaceBody(definition),
        response: { 200: answer, ...entryWriteErrors },
      },
    },
    async (request) => {
      const { site } = await request.shop.context;
      const { id, version, ...fields } = request.body as { id: number; version?: number };
      const update = { mode: 'replace' as const, version, fields };
      const updated = await auditedEntryWrite(request, name, 'replace', id, (tx) =>
        updateItem(tx, app.cache, name, site.id, id, update, app.clock.now()),
      );
      await app.contentChanged();
      return { data: updated };
    },
  );

  resourcePatchRoute(plugin, name);
  resourceDeleteRoute(plugin, name);
}

/** `PATCH /{resource}/{id}`: the named fields of an entry, from its version. */
function resourcePatchRoute(plugin: FastifyInstance, name: ResourceName) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { definition, answer, staffWrite } = resourceWriteSchemas(name);

  app.patch(
    `/${name}/:id`,
    {
      ...contentAccess,
      schema: {
        ...staffWrite(
          `Change the named fields of a ${name} entry, from its \`version\` (required; 409 ` +
            '`version_conflict` when another write came first); the other fields stay',
        ),
        params: entryParams,
        body: patchBody(definition),
        response: { 200: answer, ...entryWriteErrors },
      },
    },
    async (request) => {
      const { site } = await request.shop.context;
      const { version, ...fields } = request.body as { version: number };
      const update = { mode: 'patch' as const, version, fields };
      const id = request.params.id;
      const updated = await auditedEntryWrite(request, name, 'update', id, (tx) =>
        updateItem(tx, app.cache, name, site.id, id, update, app.clock.now()),
      );
      await app.contentChanged();
      return { data: updated };
    },
  );
}

function resourceDeleteRoute(plugin: FastifyInstance, name: ResourceName) {
  deleteByIdRoute(plugin, {
    path: `/${name}`,
    tags: ['content'],
    summary: `Delete a ${name} entry (id in the body or the query)`,
    access: contentAccess,
    remove: (request, siteId, id) =>
      auditedEntryWrite(request, name, 'delete', id, (tx) => deleteEntry(tx, name, siteId, id)),
    changesContent: true,
  });
}
