/**
 * The staff's product reads (`/api/v1/staff/products…`, issue 25; docs/api-contract.md "Staff: products"): the
 * list with search and filters, one product as the edit screen writes it (with its version), and the definitions
 * the edit screen types its fields by. Everyone with `catalogue:read` may read; the writes are the catalogue's own
 * calls under `catalogue:write` (routes.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/http.ts';
import { commonQuery } from '../../lib/params.ts';
import { staffRoute } from '../staff/index.ts';
import {
  productDefinitionsSchema,
  staffProductItem,
  staffProductListQuery,
  staffProductParams,
  staffProductSchema,
} from './staff-product-schemas.ts';
import { listStaffProducts, productDefinitions, staffProduct } from './staff-products.ts';

const tags = ['staff'];
const errors = errorResponses(400, 401, 403, 404);
const answer = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

export const staffProductRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const read = staffRoute('catalogue:read');

  app.get(
    '/staff/products',
    {
      ...read,
      schema: {
        ...read.schema,
        tags,
        summary:
          'Products, paged (perPage ≤ 100), sorted and filtered: q (name, reference, pack reference or GTIN), ' +
          'category_id, audience, availability, missing_picture, missing_document',
        querystring: staffProductListQuery,
        response: {
          200: answer(z.object({ items: z.array(staffProductItem), total: z.number().int() })),
          ...errors,
        },
      },
    },
    async (request) => {
      const { site } = await request.shop.context;
      return { data: await listStaffProducts(app.db, site.id, request.query) };
    },
  );

  app.get(
    '/staff/products/definitions',
    {
      ...read,
      schema: {
        ...read.schema,
        tags,
        summary:
          "What a product's fields are typed by: characteristics (kind, unit, options), plans, categories",
        querystring: commonQuery,
        response: { 200: answer(productDefinitionsSchema), ...errors },
      },
    },
    async (request) => {
      const { site } = await request.shop.context;
      return { data: await productDefinitions(app.db, site.id) };
    },
  );

  app.get(
    '/staff/products/:id',
    {
      ...read,
      schema: {
        ...read.schema,
        tags,
        summary:
          'One product as the catalogue writes take it (packs with their stored prices per plan), with its version',
        params: staffProductParams,
        querystring: commonQuery,
        response: { 200: answer(staffProductSchema), ...errors },
      },
    },
    async (request) => {
      const { site } = await request.shop.context;
      return { data: await staffProduct(app.db, site.id, request.params.id) };
    },
  );
};
