/**
 * The staff's content calls (`/api/v1/staff/content/{resource}…`, issue 26; docs/api-contract.md "Staff: content
 * lifecycle"): the list with drafts, the editor's view, create (a draft for pages, folders and FAQ entries), a
 * partial change (the pending draft of a live entry), publish, unpublish, schedule, the signed preview link, the
 * history and restore. Reads need `content:read`, edits `content:write`, what changes the site `content:publish`.
 * Every write goes through the write service (write-service.ts), which decides whether the content version moves.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { versionConflict } from '../../lib/errors.ts';
import { staffRoute } from '../staff/index.ts';
import {
  createStaffEntry,
  entryView,
  listStaffEntries,
  loadEntry,
  patchStaffEntry,
  publishEntry,
  requireDraftResource,
  restoreEntry,
  scheduleEntry,
  unpublishEntry,
} from './lifecycle.ts';
import { signPreview } from './preview-link.ts';
import type { Transaction } from '../../db/types.ts';
import {
  resourceNames,
  resources,
  type ContentRow,
  type ResourceDefinition,
  type ResourceName,
} from './resources.ts';
import { historyOf } from './revisions.ts';
import { patchBody } from './schemas.ts';
import { writeContextOf } from './staff-access.ts';
import {
  entryViewSchema,
  historySchema,
  previewLinkSchema,
  readErrors,
  restoreBody,
  scheduleBody,
  staffEntryParams,
  staffListItemSchema,
  staffListQuery,
  staffQuery,
  versionBody,
  writeErrors,
} from './staff-schemas.ts';
import { commitEntryWrite } from './write-service.ts';

const tags = ['staff'];
const read = staffRoute('content:read');
const write = staffRoute('content:write');
const publish = staffRoute('content:publish');

export const staffContentRoutes: FastifyPluginAsync = async (plugin) => {
  for (const name of resourceNames) {
    readRoutes(plugin, name);
    editRoutes(plugin, name);
    publishRoutes(plugin, name);
    historyRoutes(plugin, name);
  }
  // Stockists and training sessions keep their history here too; their restore is their own module's write.
  for (const name of ['stockist', 'training-session'] as const) revisionHistoryRoute(plugin, name);
};

/** The history of an entity of another module, from its revisions (none yet: an empty list). */
function revisionHistoryRoute(plugin: FastifyInstance, name: 'stockist' | 'training-session') {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  app.get(
    `/staff/content/${name}/:id/history`,
    {
      ...read,
      schema: {
        ...read.schema,
        tags,
        summary: `Every saved version of a ${name}, newest first, with who, when and the fields it changed`,
        params: staffEntryParams,
        querystring: staffQuery,
        response: { 200: answer(historySchema), ...readErrors },
      },
    },
    async (request) => {
      const { site } = await request.shop.context;
      return { data: { items: await historyOf(app.db, site.id, name, request.params.id) } };
    },
  );
}

const base = (name: ResourceName) => `/staff/content/${name}`;
const answer = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

function viewAnswer(name: ResourceName) {
  return answer(entryViewSchema((resources[name] as ResourceDefinition).item));
}

/** The view of entry `id` after a write, or as it stands. */
async function viewOf(request: FastifyRequest, name: ResourceName, siteId: number, id: number) {
  const app = request.server;
  const row = await loadEntry(app.db, siteId, name, id);
  return entryView(app.db, app.cache, name, row, app.clock.now());
}

function readRoutes(plugin: FastifyInstance, name: ResourceName) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  app.get(
    base(name),
    {
      ...read,
      schema: {
        ...read.schema,
        tags,
        summary: `The ${name} entries, drafts included: searched by title (q), filtered, sorted, paged (perPage ≤ 100)`,
        querystring: staffListQuery,
        response: {
          200: answer(z.object({ items: z.array(staffListItemSchema), total: z.number().int() })),
          ...readErrors,
        },
      },
    },
    async (request) => {
      const { site } = await request.shop.context;
      return { data: await listStaffEntries(app.db, site.id, name, request.query) };
    },
  );

  app.get(
    `${base(name)}/:id`,
    {
      ...read,
      schema: {
        ...read.schema,
        tags,
        summary: `One ${name} entry as its editor sees it: what is edited (item) and what the site shows (live)`,
        params: staffEntryParams,
        querystring: staffQuery,
        response: { 200: viewAnswer(name), ...readErrors },
      },
    },
    async (request) => {
      const { site } = await request.shop.context;
      return { data: await viewOf(request, name, site.id, request.params.id) };
    },
  );
}

function editRoutes(plugin: FastifyInstance, name: ResourceName) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const definition = resources[name] as ResourceDefinition;
  const drafts = name === 'page' || name === 'folder' || name === 'faq';

  app.post(
    base(name),
    {
      ...write,
      schema: {
        ...write.schema,
        tags,
        summary: drafts
          ? `Create a ${name} entry as a draft, whatever the body says (nothing goes live, no build)`
          : `Create a ${name} entry (live on save)`,
        querystring: staffQuery,
        body: definition.input,
        response: { 201: viewAnswer(name), ...writeErrors },
      },
    },
    async (request, reply) => {
      const { site } = await request.shop.context;
      const context = writeContextOf(request);
      const row = await commitEntryWrite(context, { resource: name, verb: 'create', siteId: site.id }, (tx) =>
        createStaffEntry(tx, name, site.id, request.body, context.now),
      );
      return reply.status(201).send({ data: await viewOf(request, name, site.id, row!.id) });
    },
  );

  app.patch(
    `${base(name)}/:id`,
    {
      ...write,
      schema: {
        ...write.schema,
        tags,
        summary: drafts
          ? `Change the named fields of a ${name} entry from its \`version\`: a draft is written in place, a live ` +
            'entry keeps the change as its pending draft (the site unchanged until published)'
          : `Change the named fields of a ${name} entry from its \`version\` (live on save)`,
        params: staffEntryParams,
        querystring: staffQuery,
        body: patchBody(definition),
        response: { 200: viewAnswer(name), ...writeErrors },
      },
    },
    async (request) => {
      const { site } = await request.shop.context;
      const { id } = request.params;
      const { version, ...fields } = request.body as { version: number };
      const context = writeContextOf(request);
      await commitEntryWrite(context, { resource: name, verb: 'update', id, siteId: site.id }, (tx) =>
        patchStaffEntry(tx, app.cache, name, site.id, id, version, fields, context.now),
      );
      return { data: await viewOf(request, name, site.id, id) };
    },
  );
}

/** A state move of entry `id` from `version`, through the write service. */
async function moveEntry(
  request: FastifyRequest,
  name: ResourceName,
  { id, version, verb }: { id: number; version: number; verb: string },
  how: (tx: Transaction, row: ContentRow, now: Date) => Promise<number>,
) {
  const { site } = await request.shop.context;
  requireDraftResource(name);
  const context = writeContextOf(request);
  await commitEntryWrite(context, { resource: name, verb, id, siteId: site.id }, async (tx) => {
    const row = await loadEntry(tx, site.id, name, id);
    // A second click of the same publish or unpublish finds nothing to do: no conflict for it.
    const idle =
      (verb === 'publish' && row.status === 'published' && !row.draft && !row.publishAt) ||
      (verb === 'unpublish' && row.status === 'draft' && !row.unpublishAt);
    if (!idle && row.version !== version) {
      throw versionConflict(`${name} ${id}`, version, row.version);
    }
    return how(tx, row, context.now);
  });
  return { data: await viewOf(request, name, site.id, id) };
}

function publishRoutes(plugin: FastifyInstance, name: ResourceName) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  if (name !== 'page' && name !== 'folder' && name !== 'faq') return;
  const move = (
    request: FastifyRequest,
    id: number,
    version: number,
    verb: string,
    how: (tx: Transaction, row: ContentRow, now: Date) => Promise<number>,
  ) => moveEntry(request, name, { id, version, verb }, how);

  app.post(
    `${base(name)}/:id/publish`,
    {
      ...publish,
      schema: {
        ...publish.schema,
        tags,
        summary: `Publish a ${name} entry now (its pending draft, or the draft entry), from its \`version\`; clears a scheduled publication`,
        params: staffEntryParams,
        querystring: staffQuery,
        body: versionBody,
        response: { 200: viewAnswer(name), ...writeErrors },
      },
    },
    async (request) =>
      move(request, request.params.id, request.body.version, 'publish', (tx, row, now) =>
        publishEntry(tx, name, row, now),
      ),
  );

  app.post(
    `${base(name)}/:id/unpublish`,
    {
      ...publish,
      schema: {
        ...publish.schema,
        tags,
        summary: `Take a ${name} entry off the site: back to a draft, from its \`version\``,
        params: staffEntryParams,
        querystring: staffQuery,
        body: versionBody,
        response: { 200: viewAnswer(name), ...writeErrors },
      },
    },
    async (request) =>
      move(request, request.params.id, request.body.version, 'unpublish', (tx, row, now) =>
        unpublishEntry(tx, name, row, now),
      ),
  );

  app.put(
    `${base(name)}/:id/schedule`,
    {
      ...publish,
      schema: {
        ...publish.schema,
        tags,
        summary:
          `Schedule the publication and/or the unpublication of a ${name} entry (times in the future, the ` +
          'unpublication after the publication; null clears one), from its `version`',
        params: staffEntryParams,
        querystring: staffQuery,
        body: scheduleBody,
        response: { 200: viewAnswer(name), ...writeErrors },
      },
    },
    async (request) => {
      const { publish_at, unpublish_at } = request.body;
      const times = {
        publishAt: publish_at ? new Date(publish_at) : null,
        unpublishAt: unpublish_at ? new Date(unpublish_at) : null,
      };
      return move(request, request.params.id, request.body.version, 'schedule', (tx, row, now) =>
        scheduleEntry(tx, name, row, times, now),
      );
    },
  );
  previewLinkRoute(plugin, name);
}

function previewLinkRoute(plugin: FastifyInstance, name: ResourceName) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  app.post(
    `${base(name)}/:id/preview-link`,
    {
      ...read,
      schema: {
        ...read.schema,
        tags,
        summary: `A link to the storefront's preview of a ${name} entry (its draft), signed for 30 minutes`,
        params: staffEntryParams,
        querystring: staffQuery,
        response: { 200: answer(previewLinkSchema), ...readErrors },
      },
    },
    async (request) => {
      const { site } = await request.shop.context;
      const { id } = request.params;
      await loadEntry(app.db, site.id, name, id);
      const { sig, exp } = signPreview(app.config.previewToken, id, app.clock.now());
      const url = `${app.config.mail.siteUrl}/preview/${id}?sig=${sig}&exp=${exp}`;
      return { data: { url, expires_at: new Date(exp * 1000).toISOString() } };
    },
  );
}

function historyRoutes(plugin: FastifyInstance, name: ResourceName) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  app.get(
    `${base(name)}/:id/history`,
    {
      ...read,
      schema: {
        ...read.schema,
        tags,
        summary: `Every saved version of a ${name} entry, newest first, with who, when and the fields it changed`,
        params: staffEntryParams,
        querystring: staffQuery,
        response: { 200: answer(historySchema), ...readErrors },
      },
    },
    async (request) => {
      const { site } = await request.shop.context;
      const { id } = request.params;
      const items = await historyOf(app.db, site.id, name, id);
      if (items.length === 0) await loadEntry(app.db, site.id, name, id);
      return { data: { items } };
    },
  );

  app.post(
    `${base(name)}/:id/restore`,
    {
      ...write,
      schema: {
        ...write.schema,
        tags,
        summary:
          name === 'page' || name === 'folder' || name === 'faq'
            ? `Restore an old version of a ${name} entry as its draft (nothing goes live), from its \`version\``
            : `Restore an old version of a ${name} entry (live, as a new version), from its \`version\``,
        params: staffEntryParams,
        querystring: staffQuery,
        body: restoreBody,
        response: { 200: viewAnswer(name), ...writeErrors },
      },
    },
    async (request) => {
      const { site } = await request.shop.context;
      const { id } = request.params;
      const context = writeContextOf(request);
      await commitEntryWrite(
        context,
        { resource: name, verb: 'restore', id, siteId: site.id },
        async (tx) => {
          const row = await loadEntry(tx, site.id, name, id);
          if (row.version !== request.body.version)
            throw versionConflict(`${name} ${id}`, request.body.version, row.version);
          return restoreEntry(tx, app.cache, name, row, request.body.from_version, context.now);
        },
      );
      return { data: await viewOf(request, name, site.id, id) };
    },
  );
}
