/**
 * Generic CMS resources (index, show, create, update, delete) generated from the registry, plus the page
 * preview, settings list, sitemap, cities and content version. The sitemap and cities are derived data: their
 * other calls of the generic helper answer 405.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleteByIdRoute, errorResponses, refuseCalls } from '../../lib/http.ts';
import { commonQuery } from '../../lib/params.ts';
import { menuItemRoutes } from './menu-routes.ts';
import { contentAccess, itemOf, writeContextOf } from './staff-access.ts';
import { previewLinkValid } from './preview-link.ts';
import { previewEntryQuery } from './staff-schemas.ts';
import { unauthorized } from '../../lib/errors.ts';
import { requireLocalConnection } from '../../lib/exposure.ts';
import { commitEntryWrite } from './write-service.ts';
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
  patchBody,
  replaceBody,
  settingsResponse,
  sitemapSchema,
} from './schemas.ts';
import {
  createEntry,
  deleteEntry,
  findCities,
  indexItems,
  listSettings,
  previewEntry,
  previewPage,
  loadLookup,
  readContentVersion,
  showItem,
  sitemapOf,
  updateEntry,
  type EntryUpdate,
} from './service.ts';
import type { ContentRow } from './resources.ts';

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
        summary:
          'A page as the preview shows it (its draft): preview token in x-preview-token or ?token=, or a signed ' +
          'link’s ?sig=&exp=',
        params: previewParams,
        querystring: previewEntryQuery,
        response: { 200: z.object({ data: resources.page.item }), ...errors },
      },
    },
    async (request) => {
      await requirePreviewAccess(request, request.params.id, request.query);
      const { site } = await request.shop.context;
      return { data: await previewPage(app.db, app.cache, site.id, request.params.id, app.clock.now()) };
    },
  );

  app.get(
    '/preview/:id',
    {
      schema: {
        tags: ['content'],
        summary:
          'A page, folder or FAQ entry as the preview shows it (its pending draft, or the draft entry), with its ' +
          'resource: a signed link’s ?sig=&exp= (issue 26), or the preview token (x-preview-token or ?token=)',
        params: previewParams,
        querystring: previewEntryQuery,
        response: { 200: z.object({ data: previewAnswer }), ...errors },
      },
    },
    async (request) => {
      await requirePreviewAccess(request, request.params.id, request.query);
      const { site } = await request.shop.context;
      return { data: await previewEntry(app.db, app.cache, site.id, request.params.id, app.clock.now()) };
    },
  );
}

/** The preview's answer: which resource the entry is, and its item as the editor left it. */
const previewAnswer = z.discriminatedUnion('resource', [
  z.object({ resource: z.literal('page'), item: resources.page.item }),
  z.object({ resource: z.literal('folder'), item: resources.folder.item }),
  z.object({ resource: z.literal('faq'), item: resources.faq.item }),
]);

/**
 * A preview is allowed by a signed link to this entry (`sig`, `exp`: preview-link.ts), or by the preview token
 * (header or `?token=`). Both from this machine only (the storefront asks, naming its visitor); a wrong one counts
 * as a failed guess of that visitor (429 after too many) and answers 401.
 */
async function requirePreviewAccess(
  request: FastifyRequest,
  id: number,
  query: { token?: string; sig?: string; exp?: string },
) {
  const app = request.server;
  if (query.sig !== undefined || query.exp !== undefined) {
    requireLocalConnection(request);
    const valid = await app.secretGuesses.check(request.ip, () =>
      previewLinkValid(app.config.previewToken, id, query.sig, query.exp, app.clock.now()),
    );
    if (valid) return;
    throw unauthorized(
      'This preview link is not valid or has expired: open the preview again from the console',
    );
  }
  const header = request.headers['x-preview-token'];
  await app.requirePreviewToken(request, typeof header === 'string' ? header : query.token);
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
      const data = await readContentVersion(app.db);
      app.observeContentVersion(data.version);
      return { data };
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
      const context = writeContextOf(request);
      const row = await commitEntryWrite(
        context,
        { resource: name, verb: 'create', siteId: site.id },
        async (tx) => {
          const created = await createEntry(tx, name, site.id, request.body, context.now);
          return created.id;
        },
      );
      return reply.status(201).send({ data: await itemOf(app, name, site.id, row) });
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
      const row = await updateFromCall(request, name, site.id, id, 'replace', update);
      return { data: await itemOf(app, name, site.id, row) };
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
      const row = await updateFromCall(request, name, site.id, request.params.id, 'update', update);
      return { data: await itemOf(app, name, site.id, row) };
    },
  );
}

function resourceDeleteRoute(plugin: FastifyInstance, name: ResourceName) {
  deleteByIdRoute(plugin, {
    path: `/${name}`,
    tags: ['content'],
    summary: `Delete a ${name} entry (id in the body or the query)`,
    access: contentAccess,
    remove: async (request, siteId, id) => {
      // The write service moves the content version when the entry was live (a draft deleted moves nothing).
      await commitEntryWrite(
        writeContextOf(request),
        { resource: name, verb: 'delete', id, siteId },
        async (tx) => {
          await deleteEntry(tx, name, siteId, id);
          return id;
        },
      );
    },
    changesContent: false,
  });
}

/** A tooling update of an entry (PUT, PATCH): written as the call says, through the write service. */
async function updateFromCall(
  request: FastifyRequest,
  name: ResourceName,
  siteId: number,
  id: number,
  verb: string,
  update: EntryUpdate,
): Promise<ContentRow | null> {
  const context = writeContextOf(request);
  const lookup = await loadLookup(context.db, context.cache, siteId);
  return commitEntryWrite(context, { resource: name, verb, id, siteId }, async (tx) => {
    const row = await updateEntry(tx, name, siteId, id, update, lookup, context.now);
    return row.id;
  });
}
