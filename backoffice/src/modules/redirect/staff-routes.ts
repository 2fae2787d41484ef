/**
 * The staff's redirect calls (`/api/v1/staff/redirects…`, issue 25; docs/api-contract.md "Staff: redirects"): the
 * list searched and paged, one redirect, create, a partial change from its `version`, delete. All need
 * `content:write`; each write is audited in its own transaction (entity `redirect`) and makes the storefront
 * rebuild, since its server answers the redirects of its build.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, versionConflictBody } from '../../lib/http.ts';
import { staffCaller, staffRoute } from '../staff/index.ts';
import {
  createRedirect,
  deleteRedirect,
  listStaffRedirects,
  patchRedirect,
  redirectSnapshot,
  staffRedirect,
} from './staff.ts';
import {
  redirectCreateBody,
  redirectDeleteQuery,
  redirectListQuery,
  redirectParams,
  redirectPatchBody,
  redirectQuery,
  staffRedirectSchema,
} from './staff-schemas.ts';

const tags = ['staff'];
const errors = errorResponses(400, 401, 403, 404);
const writeErrors = { ...errorResponses(400, 401, 403, 404), 409: versionConflictBody };
const answer = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

export const staffRedirectRoutes: FastifyPluginAsync = async (plugin) => {
  readRoutes(plugin);
  writeRoutes(plugin);
};

function readRoutes(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const access = staffRoute('content:write');

  app.get(
    '/staff/redirects',
    {
      ...access,
      schema: {
        ...access.schema,
        tags,
        summary:
          'Redirects (old address → new), paged (perPage ≤ 100), sorted, searched: q in either address',
        querystring: redirectListQuery,
        response: {
          200: answer(z.object({ items: z.array(staffRedirectSchema), total: z.number().int() })),
          ...errors,
        },
      },
    },
    async (request) => ({ data: await listStaffRedirects(app.db, request.query) }),
  );

  app.get(
    '/staff/redirects/:id',
    {
      ...access,
      schema: {
        ...access.schema,
        tags,
        summary: 'One redirect with its version',
        params: redirectParams,
        querystring: redirectQuery,
        response: { 200: answer(staffRedirectSchema), ...errors },
      },
    },
    async (request) => ({ data: await staffRedirect(app.db, request.params.id) }),
  );
}

function writeRoutes(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const access = staffRoute('content:write');

  app.post(
    '/staff/redirects',
    {
      ...access,
      schema: {
        ...access.schema,
        tags,
        summary:
          'Add a 301 from an old address to a new one. 409 when the old address is ' +
          'already redirected; 400 when it points at itself or at an address that is itself redirected. ' +
          'Redirects to the old address now go to the new one (no chains)',
        querystring: redirectQuery,
        body: redirectCreateBody,
        response: { 201: answer(staffRedirectSchema), ...writeErrors },
      },
    },
    async (request, reply) => {
      const change = { action: 'redirect.create', entity: 'redirect', state: redirectSnapshot };
      const created = await staffCaller(request).audit.change(app.db, change, (tx) =>
        createRedirect(tx, request.body),
      );
      await app.contentChanged();
      return reply.status(201).send({ data: created });
    },
  );

  app.patch(
    '/staff/redirects/:id',
    {
      ...access,
      schema: {
        ...access.schema,
        tags,
        summary:
          'Change the named fields of a redirect, from its `version` (409 `version_conflict` when stale)',
        params: redirectParams,
        querystring: redirectQuery,
        body: redirectPatchBody,
        response: { 200: answer(staffRedirectSchema), ...writeErrors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const change = { action: 'redirect.update', entity: 'redirect', id, state: redirectSnapshot };
      const updated = await staffCaller(request).audit.change(app.db, change, (tx) =>
        patchRedirect(tx, id, request.body),
      );
      await app.contentChanged();
      return { data: updated };
    },
  );

  app.delete(
    '/staff/redirects/:id',
    {
      ...access,
      schema: {
        ...access.schema,
        tags,
        summary: 'Delete a redirect (from its `version` when given in the query)',
        params: redirectParams,
        querystring: redirectDeleteQuery,
        response: { 200: answer(z.object({ id: z.number().int() })), ...writeErrors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const change = { action: 'redirect.delete', entity: 'redirect', id, state: redirectSnapshot };
      await staffCaller(request).audit.change(app.db, change, (tx) =>
        deleteRedirect(tx, id, request.query.version),
      );
      await app.contentChanged();
      return { data: { id } };
    },
  );
}
