/** Catalogue calls: categories, products, barcode scan, facets and the selector guide (docs/api-contract.md). */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { deleteProductAndItsNotices } from '../../flows/delete-product.ts';
import { requirePlan } from '../../lib/context.ts';
import {
  cacheKey,
  deleteByIdRoute,
  errorResponses,
  idResponse,
  sendCached,
  staffOnly,
} from '../../lib/http.ts';
import { commonQuery } from '../../lib/params.ts';
import {
  categoryInput,
  categoryListQuery,
  categoryListResponse,
  categoryUpdate,
  filtersQuery,
  filtersResponse,
  idOrSlugParams,
  productInput,
  productListQuery,
  productListResponse,
  productResponse,
  productUpdate,
  scanParams,
  scanResponse,
} from './schemas.ts';
import {
  createCategory,
  createProduct,
  deleteCategory,
  getCategory,
  getProduct,
  guideFilters,
  listCategories,
  listProducts,
  productFacets,
  scanProduct,
  updateCategory,
  updateProduct,
} from './service.ts';

const readErrors = errorResponses(400, 404);
const writeErrors = errorResponses(400, 401, 404, 409);
const tags = ['catalogue'];

export const catalogueRoutes: FastifyPluginAsync = async (plugin) => {
  categoryReadRoutes(plugin);
  categoryWriteRoutes(plugin);
  productReadRoutes(plugin);
  productWriteRoutes(plugin);
  facetRoutes(plugin);
};

/** The category tree or list, and one category. */
function categoryReadRoutes(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/category',
    {
      schema: {
        tags,
        summary:
          'Categories: depth 0 = top level with children, depth 1 = flat; saleplan_id limits to the plan',
        querystring: categoryListQuery,
        response: { 200: categoryListResponse, ...readErrors },
      },
    },
    async (request, reply) => {
      const context = await request.shop.context;
      const key = cacheKey('category', { ...request.query, plan: context.plan?.id });
      return sendCached(app, reply, key, categoryListResponse, async () => ({
        data: { items: await listCategories(app.db, app.cache, context, request.query.depth) },
      }));
    },
  );

  app.get(
    '/category/:id',
    {
      schema: {
        tags,
        summary: 'One category (id or slug) with its children',
        params: idOrSlugParams,
        querystring: commonQuery,
        response: { 200: categoryListResponse, ...readErrors },
      },
    },
    async (request, reply) => {
      const context = await request.shop.context;
      const key = cacheKey(`category/${request.params.id}`, {
        site: context.site.id,
        plan: context.plan?.id,
      });
      return sendCached(app, reply, key, categoryListResponse, async () => ({
        data: { items: [await getCategory(app.db, app.cache, context, request.params.id)] },
      }));
    },
  );
}

/** Staff writes of categories (a product's deletion is a flow: flows/routes.ts). */
function categoryWriteRoutes(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/category',
    {
      ...staffOnly,
      schema: {
        ...staffOnly.schema,
        tags,
        summary: 'Create a category',
        querystring: commonQuery,
        body: categoryInput,
        response: { 201: idResponse, ...writeErrors },
      },
    },
    async (request, reply) => {
      const { site } = await request.shop.context;
      const id = await createCategory(app.db, site.id, request.body);
      await app.contentChanged();
      return reply.status(201).send({ data: { id } });
    },
  );

  app.put(
    '/category',
    {
      ...staffOnly,
      schema: {
        ...staffOnly.schema,
        tags,
        summary: 'Update a category (body has id)',
        querystring: commonQuery,
        body: categoryUpdate,
        response: { 200: idResponse, ...writeErrors },
      },
    },
    async (request) => {
      const { site } = await request.shop.context;
      const id = await updateCategory(app.db, site.id, request.body);
      await app.contentChanged();
      return { data: { id } };
    },
  );

  deleteByIdRoute(plugin, {
    path: '/category',
    tags,
    summary: 'Delete an empty category (id in the body or the query)',
    remove: (siteId, id) => deleteCategory(app.db, siteId, id),
    changesContent: true,
    moreErrors: [409],
  });
}

/** The product listing, the barcode scan and one product. */
function productReadRoutes(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/product',
    {
      schema: {
        tags,
        summary: 'Products of the plan: filters, text search, ordering and pagination',
        querystring: productListQuery,
        response: { 200: productListResponse, ...readErrors },
      },
    },
    async (request, reply) => {
      const plan = requirePlan(await request.shop.context);
      const key = cacheKey('product', { ...request.query, plan: plan.id });
      return sendCached(app, reply, key, productListResponse, async () => ({
        data: await listProducts(app.db, app.cache, plan, request.query),
      }));
    },
  );

  app.get(
    '/product/scan/:code',
    {
      schema: {
        tags,
        summary: 'Barcode lookup: the code (1–14 digits) is left-padded to 14 and matched to a variant GTIN',
        params: scanParams,
        querystring: commonQuery,
        response: { 200: scanResponse, ...readErrors },
      },
    },
    async (request) => {
      const plan = requirePlan(await request.shop.context);
      return { data: await scanProduct(app.db, app.cache, plan, request.params.code) };
    },
  );

  app.get(
    '/product/:id',
    {
      schema: {
        tags,
        summary: 'One product by numeric id or slug, with documents and related products',
        params: idOrSlugParams,
        querystring: commonQuery,
        response: { 200: productResponse, ...readErrors },
      },
    },
    async (request, reply) => {
      const plan = requirePlan(await request.shop.context);
      return sendCached(app, reply, `product/${plan.id}/${request.params.id}`, productResponse, async () => ({
        data: { items: [await getProduct(app.db, app.cache, plan, request.params.id)] },
      }));
    },
  );
}

/** Staff writes of products. */
function productWriteRoutes(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/product',
    {
      ...staffOnly,
      schema: {
        ...staffOnly.schema,
        tags,
        summary: 'Create a product with its variants, prices, plans and characteristics',
        querystring: commonQuery,
        body: productInput,
        response: { 201: idResponse, ...writeErrors },
      },
    },
    async (request, reply) => {
      const { site } = await request.shop.context;
      const id = await createProduct(app.db, site.id, request.body);
      await app.contentChanged();
      return reply.status(201).send({ data: { id } });
    },
  );

  app.put(
    '/product',
    {
      ...staffOnly,
      schema: {
        ...staffOnly.schema,
        tags,
        summary: 'Update a product (body has id; each given set replaces the stored one)',
        querystring: commonQuery,
        body: productUpdate,
        response: { 200: idResponse, ...writeErrors },
      },
    },
    async (request) => {
      const { site } = await request.shop.context;
      const id = await updateProduct(app.db, site.id, request.body, app.clock.now());
      await app.contentChanged();
      return { data: { id } };
    },
  );

  deleteByIdRoute(plugin, {
    path: '/product',
    tags,
    summary: 'Delete a product (id in the body or the query)',
    remove: (siteId, id) => deleteProductAndItsNotices(app.db, siteId, id),
    changesContent: true,
    moreErrors: [409],
  });
}

/** Facets with their counts, or the selector guide. */
function facetRoutes(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/filters-products',
    {
      schema: {
        tags,
        summary:
          'Facets with counts (each ignores its own filter), or the selector guide with guide_de_choix=1',
        querystring: filtersQuery,
        response: { 200: filtersResponse, ...readErrors },
      },
    },
    async (request, reply) => {
      const plan = requirePlan(await request.shop.context);
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
}
