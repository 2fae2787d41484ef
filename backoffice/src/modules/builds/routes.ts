/**
 * The builds calls (`/api/v1/staff/builds…`, issue 26; docs/api-contract.md "Staff: builds"): the launcher reports
 * each build with `builds:write` (the API key, or a machine token of scope `builds:write`: BUILD_REPORT_TOKEN) and
 * reads the current-build pointer; staff with `content:read` list the builds and see the status, staff with
 * `content:publish` roll back to an older good build. Every write is audited in its own transaction.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/http.ts';
import { staffCaller, staffRoute } from '../staff/index.ts';
import {
  buildListQuery,
  buildParams,
  buildReportBody,
  buildSchema,
  buildStartBody,
  buildStatusSchema,
} from './schemas.ts';
import {
  buildState,
  buildStatus,
  getBuild,
  listBuilds,
  pointerState,
  reportBuild,
  rollBack,
  startBuild,
} from './service.ts';

const tags = ['staff'];
const errors = errorResponses(400, 401, 403, 404);
const writeErrors = errorResponses(400, 401, 403, 404, 409);
const answer = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

export const buildRoutes: FastifyPluginAsync = async (plugin) => {
  readRoutes(plugin);
  reportRoutes(plugin);
  rollbackRoute(plugin);
};

function readRoutes(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const read = staffRoute('content:read');
  const pointer = staffRoute('content:read', 'builds:write');

  app.get(
    '/staff/builds',
    {
      ...read,
      schema: {
        ...read.schema,
        tags,
        summary: 'The builds of the storefront, newest first (perPage ≤ 100)',
        querystring: buildListQuery,
        response: {
          200: answer(z.object({ items: z.array(buildSchema), total: z.number().int() })),
          ...errors,
        },
      },
    },
    async (request) => ({ data: await listBuilds(app.db, request.query) }),
  );

  app.get(
    '/staff/builds/current',
    {
      ...pointer,
      schema: {
        ...pointer.schema,
        tags,
        summary:
          'The current-build pointer (the build the storefront must serve) and the status derived from the ' +
          'builds: queued, building, live (since), failed. Also with `builds:write` (the launcher polls it)',
        response: { 200: answer(buildStatusSchema), ...errors },
      },
    },
    async () => ({ data: await buildStatus(app.db) }),
  );

  app.get(
    '/staff/builds/:id',
    {
      ...read,
      schema: {
        ...read.schema,
        tags,
        summary: 'One build: outcome, message, the end of its log, what it holds and what changed',
        params: buildParams,
        response: { 200: answer(buildSchema), ...errors },
      },
    },
    async (request) => ({ data: await getBuild(app.db, request.params.id) }),
  );
}

function reportRoutes(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const access = staffRoute('builds:write');

  app.post(
    '/staff/builds',
    {
      ...access,
      schema: {
        ...access.schema,
        tags,
        summary:
          'The launcher starts a build: its record (status building) with what changed since the previous ' +
          'good build. The same start again answers the record; 409 `build_exists` for another content version',
        body: buildStartBody,
        response: { 201: answer(buildSchema), ...writeErrors },
      },
    },
    async (request, reply) => {
      const { id } = request.body;
      const change = { action: 'build.start', entity: 'build', id, state: buildState };
      const record = await staffCaller(request).audit.change(app.db, change, (tx) =>
        startBuild(tx, request.body, app.clock.now()),
      );
      return reply.status(201).send({ data: record });
    },
  );

  app.patch(
    '/staff/builds/:id',
    {
      ...access,
      schema: {
        ...access.schema,
        tags,
        summary:
          'The launcher reports on a build: its outcome (once; success moves the current-build pointer to it), ' +
          'that the storefront serves it (`served`), that it was deleted from the disk (`pruned`). 409 ' +
          '`build_finished` for another outcome, `build_not_good` when a build that did not succeed is served',
        params: buildParams,
        body: buildReportBody,
        response: { 200: answer(buildSchema), ...writeErrors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const verb = request.body.outcome ?? (request.body.served ? 'served' : 'report');
      const change = { action: `build.${verb}`, entity: 'build', id, state: buildState };
      const record = await staffCaller(request).audit.change(app.db, change, (tx) =>
        reportBuild(tx, id, request.body, app.clock.now()),
      );
      return { data: record };
    },
  );
}

function rollbackRoute(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const access = staffRoute('content:publish');

  app.post(
    '/staff/builds/:id/rollback',
    {
      ...access,
      schema: {
        ...access.schema,
        tags,
        summary:
          'Roll back: the current-build pointer moves to this older good build, which the storefront serves ' +
          'within seconds. 409 `build_not_good` for a failed build, `build_pruned` for one deleted from the disk',
        params: buildParams,
        response: { 200: answer(buildSchema), ...writeErrors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const change = {
        action: 'build.rollback',
        entity: 'build_pointer',
        id: 1,
        state: (tx: Parameters<typeof pointerState>[0]) => pointerState(tx),
      };
      const record = await staffCaller(request).audit.change(app.db, change, (tx) =>
        rollBack(tx, id, app.clock.now()),
      );
      return { data: record };
    },
  );
}
