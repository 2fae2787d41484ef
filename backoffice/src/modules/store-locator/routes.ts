/** `GET /store-locator`: stockists near a point, postcode or town, nearest first. */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../lib/errors.ts';
import { boundedInt, commonQuery } from '../../lib/params.ts';
import { audienceSchema } from '../content/resources.ts';
import { POSTCODE_PATTERN } from './postcode.ts';
import {
  originFromPostcode,
  originFromTown,
  originSchema,
  searchStockists,
  stockistItem,
  stockistTypes,
  type Origin,
} from './service.ts';

const errorBody = z.object({
  status: z.string(),
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});

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
};
