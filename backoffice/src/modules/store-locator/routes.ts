/**
 * `GET /store-locator`: stockists near a point, postcode or town, nearest first; `GET /store-locator/{id}` one
 * stockist; create, full replace, patch and delete by staff with `stockists:write` (each write is recorded in the
 * audit trail and the content history and bumps the content version; a replace or patch from a stale `version`
 * is a 409); the restore of an old version (staff-restore-route.ts).
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { deleteByIdRoute, errorResponses, versionConflictBody } from '../../lib/http.ts';
import { commonQuery } from '../../lib/params.ts';
import { staffRoute } from '../staff/index.ts';
import { audited } from './audited.ts';
import { stockistRestoreRoute } from './staff-restore-route.ts';
import {
  stockistCreateBody,
  stockistParams,
  stockistResponse,
  stockistSearchQuery,
  stockistPatch,
  stockistReplacement,
  stockistSearchResponse,
} from './schemas.ts';
import { findOrigin } from './geocode.ts';
import { searchStockists } from './service.ts';
import { createStockist, deleteStockist, findStockist, patchStockist, replaceStockist } from './stockists.ts';

const tags = ['stockists'];
/** A stockist write's refusals: 409 is a stale version (`version_conflict`, naming `current_version`). */
const writeErrors = { ...errorResponses(400, 401, 403, 404), 409: versionConflictBody };

const access = staffRoute('stockists:write');

export const storeLocatorRoutes: FastifyPluginAsync = async (plugin) => {
  stockistReadRoutes(plugin);
  stockistWriteRoutes(plugin);
  stockistRestoreRoute(plugin);
};

/** The search (nearest first) and one stockist. */
function stockistReadRoutes(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/store-locator',
    {
      schema: {
        tags,
        summary: 'Stockists within `radius` km of lat+lng, a postcode (full, district or area) or a town',
        querystring: stockistSearchQuery,
        response: { 200: stockistSearchResponse, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const { lat, lng, postcode, town, type, radius, perPage, page, audience } = request.query;
      const context = await request.shop.context;
      const origin = await findOrigin(app.db, context.site.id, { lat, lng, postcode, town });
      const result = await searchStockists(app.db, {
        siteId: context.site.id,
        origin,
        radiusKm: radius,
        type,
        audience: audience ?? context.plan?.target,
        perPage,
        page,
      });
      return { data: { ...result, origin } };
    },
  );

  app.get(
    '/store-locator/:id',
    {
      schema: {
        tags,
        summary: 'One stockist by id (whatever its audiences)',
        params: stockistParams,
        querystring: commonQuery,
        response: { 200: stockistResponse, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const { site } = await request.shop.context;
      return { data: await findStockist(app.db, site.id, request.params.id) };
    },
  );
}

/** Staff writes of stockists; each bumps the content version. */
function stockistWriteRoutes(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/store-locator',
    {
      ...access,
      schema: {
        ...access.schema,
        tags,
        summary:
          'Add a stockist. Full UK postcode; latitude/longitude within the UK, or both left out to ' +
          'locate the postcode',
        querystring: commonQuery,
        body: stockistCreateBody,
        response: { 201: stockistResponse, ...writeErrors },
      },
    },
    async (request, reply) => {
      const { site } = await request.shop.context;
      const stockist = await audited(request, 'create', undefined, (tx) =>
        createStockist(tx, site.id, request.body),
      );
      await app.contentChanged();
      return reply.status(201).send({ data: stockist });
    },
  );

  stockistChangeRoutes(plugin);

  deleteByIdRoute(plugin, {
    path: '/store-locator',
    tags,
    summary: 'Delete a stockist (id in the body or the query)',
    access,
    remove: (request, siteId, id) => audited(request, 'delete', id, (tx) => deleteStockist(tx, siteId, id)),
    changesContent: true,
  });
}

/** Full replace and patch of a stockist, each from its version. */
function stockistChangeRoutes(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  app.put(
    '/store-locator',
    {
      ...access,
      schema: {
        ...access.schema,
        tags,
        summary:
          'Replace a stockist (body has id): every field required, the point included (a 400 names the ' +
          'missing ones); with `version`, 409 `version_conflict` when another write came first',
        querystring: commonQuery,
        body: stockistReplacement,
        response: { 200: stockistResponse, ...writeErrors },
      },
    },
    async (request) => {
      const { site } = await request.shop.context;
      const stockist = await audited(request, 'replace', request.body.id, (tx) =>
        replaceStockist(tx, site.id, request.body),
      );
      await app.contentChanged();
      return { data: stockist };
    },
  );

  app.patch(
    '/store-locator/:id',
    {
      ...access,
      schema: {
        ...access.schema,
        tags,
        summary:
          'Change the named fields of a stockist, from its `version` (required; 409 `version_conflict` ' +
          'when stale); a new postcode without coordinates is located',
        params: stockistParams,
        querystring: commonQuery,
        body: stockistPatch,
        response: { 200: stockistResponse, ...writeErrors },
      },
    },
    async (request) => {
      const { site } = await request.shop.context;
      const { id } = request.params;
      const stockist = await audited(request, 'update', id, (tx) =>
        patchStockist(tx, site.id, id, request.body),
      );
      await app.contentChanged();
      return { data: stockist };
    },
  );
}
