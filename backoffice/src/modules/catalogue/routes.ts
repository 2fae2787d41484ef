/** Catalogue calls: categories, products, barcode scan, facets and the selector guide (docs/api-contract.md). */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePlan } from '../../lib/context.ts';
import { badRequest } from '../../lib/errors.ts';
import { commonQuery } from '../../lib/params.ts';
import { createCategory, deleteCategory, getCategory, listCategories, updateCategory } from './categories.ts';
import { cacheKey, sendCached } from './respond.ts';
import { createProduct, deleteProduct, updateProduct } from './product-writes.ts';
import { getProduct, guideFilters, listProducts, productFacets, scanProduct } from './products.ts';
import {
  categoryInput,
  categoryListQuery,
  categorySchema,
  categoryUpdate,
  deleteBody,
  deleteQuery,
  filterSchema,
  filtersQuery,
  guideFilterSchema,
  idOrSlugParams,
  productInput,
  productListQuery,
  productSchema,
  productSummarySchema,
  productUpdate,
  scanParams,
  variantSchema,
} from './schemas.ts';

export const errorBody = z.object({
  status: z.string(),
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  exist_in: z.array(z.number().int()).optional(),
});
const readErrors = { 400: errorBody, 404: errorBody };
const writeErrors = { 400: errorBody, 401: errorBody, 404: errorBody, 409: errorBody };
const created = z.object({ data: z.object({ id: z.number().int() }) });

export const categoryListResponse = z.object({ data: z.object({ items: z.array(categorySchema) }) });
export const productListResponse = z.object({
  data: z.object({
    items: z.array(productSummarySchema),
    total: z.number().int(),
    page: z.number().int(),
    perPage: z.number().int(),
  }),
});
export const productResponse = z.object({ data: z.object({ items: z.array(productSchema) }) });
export const scanResponse = z.object({
  data: z.object({
    product: productSummarySchema.nullable(),
    item: variantSchema.nullable(),
    error: z.string().nullable(),
  }),
});
export const filtersResponse = z.union([
  z.object({ data: z.object({ items: z.array(guideFilterSchema) }) }),
  z.object({ data: z.record(z.string(), filterSchema) }),
]);

export const catalogueRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  // Checked before validation, so a caller without the key learns nothing about the body's shape.
  const secured = { preValidation: app.requireApiKey, schema: { security: [{ apiKey: [] }] } };

  app.get(
    '/category',
    {
      schema: {
        tags: ['catalogue'],
        summary:
          'Categories: depth 0 = top level with children, depth 1 = flat; saleplan_id limits to the plan',
        querystring: categoryListQuery,
        response: { 200: categoryListResponse, ...readErrors },
      },
    },
    async (request, reply) => {
      const context = await app.context(request.query);
      return sendCached(
        app,
        reply,
        cacheKey('category', { ...request.query, plan: context.plan?.id }),
        categoryListResponse,
        async () => ({
          data: { items: await listCategories(app.db, app.cache, context, request.query.depth) },
        }),
      );
    },
  );

  app.get(
    '/category/:id',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'One category (id or slug) with its children',
        params: idOrSlugParams,
        querystring: commonQuery,
        response: { 200: categoryListResponse, ...readErrors },
      },
    },
    async (request, reply) => {
      const context = await app.context(request.query);
      const key = cacheKey(`category/${request.params.id}`, {
        site: context.site.id,
        plan: context.plan?.id,
      });
      return sendCached(app, reply, key, categoryListResponse, async () => ({
        data: { items: [await getCategory(app.db, app.cache, context, request.params.id)] },
      }));
    },
  );

  app.post(
    '/category',
    {
      ...secured,
      schema: {
        ...secured.schema,
        tags: ['catalogue'],
        summary: 'Create a category',
        querystring: commonQuery,
        body: categoryInput,
        response: { 201: created, ...writeErrors },
      },
    },
    async (request, reply) => {
      const { site } = await app.context(request.query);
      const id = await createCategory(app.db, site.id, request.body);
      await app.contentChanged();
      return reply.status(201).send({ data: { id } });
    },
  );

  app.put(
    '/category',
    {
      ...secured,
      schema: {
        ...secured.schema,
        tags: ['catalogue'],
        summary: 'Update a category (body has id)',
        querystring: commonQuery,
        body: categoryUpdate,
        response: { 200: created, ...writeErrors },
      },
    },
    async (request) => {
      const { site } = await app.context(request.query);
      const id = await updateCategory(app.db, site.id, request.body);
      await app.contentChanged();
      return { data: { id } };
    },
  );

  app.delete(
    '/category',
    {
      ...secured,
      schema: {
        ...secured.schema,
        tags: ['catalogue'],
        summary: 'Delete an empty category (id in the body or the query)',
        querystring: deleteQuery,
        body: deleteBody,
        response: { 200: created, ...writeErrors },
      },
    },
    async (request) => {
      const { site } = await app.context(request.query);
      const id = request.body?.id ?? request.query.id;
      if (id === undefined) throw badRequest('id is required', [{ field: 'id', message: 'Required' }]);
      await deleteCategory(app.db, site.id, id);
      await app.contentChanged();
      return { data: { id } };
    },
  );

  app.get(
    '/product',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Products of the plan: filters, text search, ordering and pagination',
        querystring: productListQuery,
        response: { 200: productListResponse, ...readErrors },
      },
    },
    async (request, reply) => {
      const plan = requirePlan(await app.context(request.query));
      return sendCached(
        app,
        reply,
        cacheKey('product', { ...request.query, plan: plan.id }),
        productListResponse,
        async () => ({
          data: await listProducts(app.db, app.cache, plan, request.query),
        }),
      );
    },
  );

  app.get(
    '/product/scan/:code',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Barcode lookup: the code (1–14 digits) is left-padded to 14 and matched to a variant GTIN',
        params: scanParams,
        querystring: commonQuery,
        response: { 200: scanResponse, ...readErrors },
      },
    },
    async (request) => {
      const plan = requirePlan(await app.context(request.query));
      return { data: await scanProduct(app.db, app.cache, plan, request.params.code) };
    },
  );

  app.get(
    '/product/:id',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'One product by numeric id or slug, with documents and related products',
        params: idOrSlugParams,
        querystring: commonQuery,
        response: { 200: productResponse, ...readErrors },
      },
    },
    async (request, reply) => {
      const plan = requirePlan(await app.context(request.query));
      return sendCached(app, reply, `product/${plan.id}/${request.params.id}`, productResponse, async () => ({
        data: { items: [await getProduct(app.db, app.cache, plan, request.params.id)] },
      }));
    },
  );

  app.post(
    '/product',
    {
      ...secured,
      schema: {
        ...secured.schema,
        tags: ['catalogue'],
        summary: 'Create a product with its variants, prices, plans and characteristics',
        querystring: commonQuery,
        body: productInput,
        response: { 201: created, ...writeErrors },
      },
    },
    async (request, reply) => {
      const { site } = await app.context(request.query);
      const id = await createProduct(app.db, site.id, request.body);
      await app.contentChanged();
      return reply.status(201).send({ data: { id } });
    },
  );

  app.put(
    '/product',
    {
      ...secured,
      schema: {
        ...secured.schema,
        tags: ['catalogue'],
        summary: 'Update a product (body has id; each given set replaces the stored one)',
        querystring: commonQuery,
        body: productUpdate,
        response: { 200: created, ...writeErrors },
      },
    },
    async (request) => {
      const { site } = await app.context(request.query);
      const id = await updateProduct(app.db, site.id, request.body);
      await app.contentChanged();
      return { data: { id } };
    },
  );

  app.delete(
    '/product',
    {
      ...secured,
      schema: {
        ...secured.schema,
        tags: ['catalogue'],
        summary: 'Delete a product (id in the body or the query)',
        querystring: deleteQuery,
        body: deleteBody,
        response: { 200: created, ...writeErrors },
      },
    },
    async (request) => {
      const { site } = await app.context(request.query);
      const id = request.body?.id ?? request.query.id;
      if (id === undefined) throw badRequest('id is required', [{ field: 'id', message: 'Required' }]);
      await deleteProduct(app.db, site.id, id);
      await app.contentChanged();
      return { data: { id } };
    },
  );

  app.get(
    '/filters-products',
    {
      schema: {
        tags: ['catalogue'],
        summary:
          'Facets with counts (each ignores its own filter), or the selector guide with guide_de_choix=1',
        querystring: filtersQuery,
        response: { 200: filtersResponse, ...readErrors },
      },
    },
    async (request, reply) => {
      const plan = requirePlan(await app.context(request.query));
      const key = cacheKey('filters-products', { ...request.query, plan: plan.id });
      return sendCached(app, reply, key, filtersResponse, async () => {
        if (request.query.guide_de_choix) {
          return {
            data: { items: await guideFilters(app.db, app.cache, plan, request.query.caracteristics ?? {}) },
          };
        }
        return { data: await productFacets(app.db, app.cache, plan, request.query) };
      });
    },
  );
};
