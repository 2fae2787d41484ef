/**
 * `GET /store-locator`: stockists near a point, postcode or town, nearest first; `GET /store-locator/{id}` one
 * stockist; create, update and delete with the API key (each write bumps the content version).
 */
import { POSTCODE_PATTERN } from '@plasterwick/shop-rules/postcode';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../lib/errors.ts';
import { boundedInt, commonQuery } from '../../lib/params.ts';
import { audienceSchema } from '../content/resources.ts';
import {
  originFromPostcode,
  originFromTown,
  originSchema,
  searchStockists,
  stockistItem,
  stockistSchema,
  stockistTypes,
  type Origin,
} from './service.ts';
import {
  createStockist,
  deleteStockist,
  findStockist,
  stockistCreateBody,
  stockistUpdateBody,
  updateStockist,
} from './stockists.ts';

const errorBody = z.object({
  status: z.string(),
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});

const id = z.coerce.number().int().positive().max(2_147_483_647);
const writeErrors = { 400: errorBody, 401: errorBody, 404: errorBody };

const query = commonQuery.extend({
  lat: z.coerce.number().min(-90).max(90).optional(),
  lng: z.coerce.number().min(-180).max(180).optional(),
  postcode: z
    .string()
    .trim()
    .max(10)
    .regex(POSTCODE_PATTERN, 'must be a UK postcode, district (M1) or area (M)')
    .optional(),
  town: z.string().trim().min(1).max(100).optional(),
  type: z.enum(stockistTypes).optional(),
  radius: z.coerce.number().positive().max(500).default(50),
  perPage: boundedInt(1, 100, 20),
  page: boundedInt(1, 10000, 1),
  audience: audienceSchema.optional(),
});

export const storeLocatorRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/store-locator',
    {
      schema: {
        tags: ['stockists'],
        summary: 'Stockists within `radius` km of lat+lng, a postcode (full, district or area) or a town',
        querystring: query,
        response: {
          200: z.object({
            data: z.object({ items: z.array(stockistItem), total: z.number().int(), origin: originSchema }),
          }),
          400: errorBody,
          404: errorBody,
        },
      },
    },
    async (request) => {
      const { lat, lng, postcode, town, type, radius, perPage, page, audience, ...common } = request.query;
      const context = await app.context(common);
      let origin: Origin;
      if (lat !== undefined || lng !== undefined) {
        if (lat === undefined || lng === undefined) {
          throw badRequest('lat and lng go together', [
            { field: `querystring.${lat === undefined ? 'lat' : 'lng'}`, message: 'Required with the other' },
          ]);
        }
        origin = {
          latitude: lat,
          longitude: lng,
          label: `${lat.toFixed(4)}, ${lng.toFixed(4)}`,
          precision: 'point',
        };
      } else if (postcode) {
        origin = await originFromPostcode(app.db, postcode);
      } else if (town) {
        origin = await originFromTown(app.db, context.site.id, town);
      } else {
        throw badRequest('Give lat and lng, a postcode or a town', [
          { field: 'querystring.postcode', message: 'Required without lat/lng or town' },
        ]);
      }
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
        tags: ['stockists'],
        summary: 'One stockist by id (whatever its audiences)',
        params: z.object({ id }),
        querystring: commonQuery,
        response: { 200: z.object({ data: stockistSchema }), 400: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const { site } = await app.context(request.query);
      return { data: await findStockist(app.db, site.id, request.params.id) };
    },
  );

  // The key is checked before the body, so a write without it is 401 whatever it sends.
  const staff = { preValidation: app.requireApiKey };
  const security = [{ apiKey: [] }];

  app.post(
    '/store-locator',
    {
      ...staff,
      schema: {
        tags: ['stockists'],
        summary:
          'Add a stockist (API key). Full UK postcode; latitude/longitude within the UK, or both left out to ' +
          'locate the postcode',
        security,
        querystring: commonQuery,
        body: stockistCreateBody,
        response: { 201: z.object({ data: stockistSchema }), ...writeErrors },
      },
    },
    async (request, reply) => {
      const { site } = await app.context(request.query);
      const stockist = await createStockist(app.db, site.id, request.body);
      await app.contentChanged();
      return reply.status(201).send({ data: stockist });
    },
  );

  app.put(
    '/store-locator',
    {
      ...staff,
      schema: {
        tags: ['stockists'],
        summary:
          'Update a stockist (API key; fields not sent are kept; a new postcode without coordinates is located)',
        security,
        querystring: commonQuery,
        body: stockistUpdateBody,
        response: { 200: z.object({ data: stockistSchema }), ...writeErrors },
      },
    },
    async (request) => {
      const { site } = await app.context(request.query);
      const stockist = await updateStockist(app.db, site.id, request.body);
      await app.contentChanged();
      return { data: stockist };
    },
  );

  app.delete(
    '/store-locator',
    {
      ...staff,
      schema: {
        tags: ['stockists'],
        summary: 'Delete a stockist (API key; id in the body or the query)',
        security,
        querystring: commonQuery.extend({ id: id.optional() }),
        body: z.object({ id }).nullish(),
        response: { 200: z.object({ data: z.object({ id: z.number().int() }) }), ...writeErrors },
      },
    },
    async (request) => {
      const { id: queryId, ...common } = request.query;
      const { site } = await app.context(common);
      const stockistId = request.body?.id ?? queryId;
      if (stockistId === undefined) {
        throw badRequest('id is required (in the body or the query)', [{ field: 'id', message: 'Required' }]);
      }
      await deleteStockist(app.db, site.id, stockistId);
      await app.contentChanged();
      return { data: { id: stockistId } };
    },
  );
};
