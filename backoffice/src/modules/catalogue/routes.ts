/**
 * Catalogue calls: categories, products, barcode scan, facets and the selector guide (docs/api-contract.md). Product
 * and category writes answer the written row's id and new version; a write made from an older version answers 409
 * `version_conflict` with `current_version` ("Writes that never lose data").
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Transaction } from '../../db/types.ts';
import { deleteProductAndItsNotices } from '../../flows/delete-product.ts';
import { requirePlan } from '../../lib/context.ts';
import { badRequest } from '../../lib/errors.ts';
import {
  cacheKey,
  deleteByIdRoute,
  errorResponses,
  sendCached,
  versionConflictBody,
  versionedWriteResponse,
} from '../../lib/http.ts';
import { commonQuery } from '../../lib/params.ts';
import { staffCaller, staffRoute } from '../staff/index.ts';
import { categoryState, productState } from './audit-state.ts';
import { productMediaRoutes } from './media-routes.ts';
import { spreadsheetRoutes } from './spreadsheet-routes.ts';
import {
  categoryInput,
  categoryListQuery,
  categoryListResponse,
  categoryPatch,
  categoryReplacement,
  filtersQuery,
  filtersResponse,
  idOrSlugParams,
  numericIdParams,
  productInput,
  productListQuery,
  productListResponse,
  productPatch,
  productReplacement,
  productResponse,
  scanParams,
  scanResponse,
  variantCreate,
  variantDeleteBody,
  variantDeleteQuery,
  variantParams,
  variantPatch,
} from './schemas.ts';
import {
  addVariant,
  createCategory,
  createProduct,
  deleteCategory,
  getCategory,
  getProduct,
  guideFilters,
  listCategories,
  listProducts,
  patchCategory,
  patchProduct,
  patchVariant,
  productFacets,
  removeVariant,
  replaceCategory,
  replaceProduct,
  scanProduct,
} from './service.ts';

const readErrors = errorResponses(400, 404);
/** The refusals of a product or category write: 409 is a duplicate (`conflict`) or a stale version (`version_conflict`). */
const productWriteErrors = { ...errorResponses(400, 401, 403, 404), 409: versionConflictBody };

/** Who may write the catalogue. */
const access = staffRoute('catalogue:write');

/** The schema entries every staff write shares: the access, the tags, the common query and the summary. */
const staffWrite = (summary: string) => ({ ...access.schema, tags, summary, querystring: commonQuery });

/**
 * Runs a catalogue write in a transaction with its audit record: `action` is `product.…` or `category.…`, and the
 * entity's state is compared before and after (audit-state.ts).
 */
function audited<T>(
  request: FastifyRequest,
  action: string,
  id: number | undefined,
  write: (tx: Transaction) => Promise<T>,
): Promise<T> {
  const entity = action.startsWith('product.') ? 'product' : 'category';
  const state = entity === 'product' ? productState : categoryState;
  return staffCaller(request).audit.change(request.server.db, { action, entity, id, state }, write);
}

const tags = ['catalogue'];

export const catalogueRoutes: FastifyPluginAsync = async (plugin) => {
  categoryReadRoutes(plugin);
  categoryWriteRoutes(plugin);
  categoryDeleteRoute(plugin);
  productReadRoutes(plugin);
  productWriteRoutes(plugin);
  productDeleteRoute(plugin);
  variantWriteRoutes(plugin);
  facetRoutes(plugin);
  spreadsheetRoutes(plugin);
  // A product's pictures and documents: the only catalogue calls that read multipart bodies (their own scope).
  await plugin.register(productMediaRoutes);
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
      ...access,
      schema: {
        ...staffWrite('Create a category (at version 1)'),
        body: categoryInput,
        response: { 201: versionedWriteResponse, ...productWriteErrors },
      },
    },
    async (request, reply) => {
      const { site } = await request.shop.context;
      const written = await audited(request, 'category.create', undefined, (tx) =>
        createCategory(tx, site.id, request.body),
      );
      await app.contentChanged();
      return reply.status(201).send({ data: written });
    },
  );

  app.put(
    '/category',
    {
      ...access,
      schema: {
        ...staffWrite(
          'Replace a category (body has id): every field required (a 400 names the missing ones); with ' +
            '`version`, 409 `version_conflict` when another write came first',
        ),
        body: categoryReplacement,
        response: { 200: versionedWriteResponse, ...productWriteErrors },
      },
    },
    async (request) => {
      const { site } = await request.shop.context;
      const written = await audited(request, 'category.replace', request.body.id, (tx) =>
        replaceCategory(tx, site.id, request.body),
      );
      await app.contentChanged();
      return { data: written };
    },
  );

  app.patch(
    '/category/:id',
    {
      ...access,
      schema: {
        ...staffWrite(
          'Change the named fields of a category, from its `version` (required; 409 `version_conflict` when stale)',
        ),
        params: numericIdParams,
        body: categoryPatch,
        response: { 200: versionedWriteResponse, ...productWriteErrors },
      },
    },
    async (request) => {
      const { site } = await request.shop.context;
      const { id } = request.params;
      const written = await audited(request, 'category.update', id, (tx) =>
        patchCategory(tx, site.id, id, request.body),
      );
      await app.contentChanged();
      return { data: written };
    },
  );
}

/** `DELETE /category`: an empty category. */
function categoryDeleteRoute(plugin: FastifyInstance) {
  deleteByIdRoute(plugin, {
    path: '/category',
    tags,
    summary: 'Delete an empty category (id in the body or the query)',
    access,
    remove: (request, siteId, id) =>
      audited(request, 'category.delete', id, (tx) => deleteCategory(tx, siteId, id)),
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

/** Create, replace, patch and delete a product. */
function productWriteRoutes(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/product',
    {
      ...access,
      schema: {
        ...staffWrite('Create a product with its packs, prices, plans and characteristics (at version 1)'),
        body: productInput,
        response: { 201: versionedWriteResponse, ...productWriteErrors },
      },
    },
    async (request, reply) => {
      const { site } = await request.shop.context;
      const written = await audited(request, 'product.create', undefined, (tx) =>
        createProduct(tx, site.id, request.body),
      );
      await app.contentChanged();
      return reply.status(201).send({ data: written });
    },
  );

  app.put(
    '/product',
    {
      ...access,
      schema: {
        ...staffWrite(
          'Replace a product: every field required (a 400 names the missing ones); with `version`, 409 ' +
            '`version_conflict` when another write came first',
        ),
        body: productReplacement,
        response: { 200: versionedWriteResponse, ...productWriteErrors },
      },
    },
    async (request) => {
      const { site } = await request.shop.context;
      const written = await audited(request, 'product.replace', request.body.id, (tx) =>
        replaceProduct(tx, site.id, request.body, app.clock.now()),
      );
      await app.contentChanged();
      return { data: written };
    },
  );

  app.patch(
    '/product/:id',
    {
      ...access,
      schema: {
        ...staffWrite(
          'Change the named fields of a product, from its `version` (required; 409 `version_conflict` when ' +
            'stale); characteristics merge by code, null removes one; packs have their own calls',
        ),
        params: numericIdParams,
        body: productPatch,
        response: { 200: versionedWriteResponse, ...productWriteErrors },
      },
    },
    async (request) => {
      const { site } = await request.shop.context;
      const { id } = request.params;
      const written = await audited(request, 'product.update', id, (tx) =>
        patchProduct(tx, site.id, id, request.body, app.clock.now()),
      );
      await app.contentChanged();
      return { data: written };
    },
  );
}

/** `DELETE /product`: the product and the notices that name it (a flow). */
function productDeleteRoute(plugin: FastifyInstance) {
  deleteByIdRoute(plugin, {
    path: '/product',
    tags,
    summary: 'Delete a product (id in the body or the query)',
    access,
    remove: (request, siteId, id) =>
      audited(request, 'product.delete', id, (tx) => deleteProductAndItsNotices(tx, siteId, id)),
    changesContent: true,
    moreErrors: [409],
  });
}

/** Add, change and remove one pack of a product (with its prices per plan); the other packs stay as they are. */
function variantWriteRoutes(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/product/:id/variants/:reference',
    {
      ...access,
      schema: {
        ...staffWrite("Add a pack to a product, priced in each of the product's plans, from its `version`"),
        params: variantParams,
        body: variantCreate,
        response: { 201: versionedWriteResponse, ...productWriteErrors },
      },
    },
    async (request, reply) => {
      const { site } = await request.shop.context;
      const { id, reference } = request.params;
      const written = await audited(request, 'product.add_pack', id, (tx) =>
        addVariant(tx, site.id, id, { ...request.body, reference }, app.clock.now()),
      );
      await app.contentChanged();
      return reply.status(201).send({ data: written });
    },
  );

  app.patch(
    '/product/:id/variants/:reference',
    {
      ...access,
      schema: {
        ...staffWrite(
          "Change a pack's named fields, and its prices in the plans named (others kept), from the product's `version`",
        ),
        params: variantParams,
        body: variantPatch,
        response: { 200: versionedWriteResponse, ...productWriteErrors },
      },
    },
    async (request) => {
      const { site } = await request.shop.context;
      const { id, reference } = request.params;
      const written = await audited(request, 'product.update_pack', id, (tx) =>
        patchVariant(tx, site.id, id, reference, request.body, app.clock.now()),
      );
      await app.contentChanged();
      return { data: written };
    },
  );

  app.delete(
    '/product/:id/variants/:reference',
    {
      ...access,
      schema: {
        ...staffWrite(
          "Remove a pack (the product keeps at least one: else 409), from the product's `version` (body or query)",
        ),
        querystring: variantDeleteQuery,
        params: variantParams,
        body: variantDeleteBody,
        response: { 200: versionedWriteResponse, ...productWriteErrors },
      },
    },
    async (request) => {
      const { site } = await request.shop.context;
      const { id, reference } = request.params;
      const version = request.body?.version ?? request.query.version;
      if (version === undefined) {
        throw badRequest('version is required (in the body or the query)', [
          { field: 'version', message: 'Required' },
        ]);
      }
      const written = await audited(request, 'product.remove_pack', id, (tx) =>
        removeVariant(tx, site.id, id, reference, version, app.clock.now()),
      );
      await app.contentChanged();
      return { data: written };
    },
  );
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
