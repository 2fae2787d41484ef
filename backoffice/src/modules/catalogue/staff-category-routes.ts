/**
 * The staff's category tree calls (issue 25; docs/api-contract.md "Staff: categories"): every category with its
 * version, and a move (new parent, new place among the siblings) in one transaction. Creating, renaming and
 * changing a slug use the catalogue's own calls (`POST /category`, `PATCH /category/{id}`). Both need
 * `catalogue:write`; the move is audited (entity `category`) and makes the storefront rebuild.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, versionConflictBody, versionedWriteResponse, writeVersion } from '../../lib/http.ts';
import { commonQuery } from '../../lib/params.ts';
import { staffCaller, staffRoute } from '../staff/index.ts';
import { categoryState } from './audit-state.ts';
import { listStaffCategories, moveCategory } from './category-moves.ts';

const tags = ['staff'];

const staffCategorySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  parent_id: z.number().int().nullable(),
  position: z.number().int(),
  version: z.number().int(),
});

const moveParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const moveBody = z.strictObject({
  version: writeVersion,
  parent_id: z
    .number()
    .int()
    .positive()
    .max(2_147_483_647)
    .nullable()
    .describe('The new parent; null: top level'),
  position: z
    .number()
    .int()
    .min(0)
    .max(100_000)
    .describe('Its place among the new siblings, from 0 (past the last: last)'),
});

export const staffCategoryRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const access = staffRoute('catalogue:write');

  app.get(
    '/staff/categories',
    {
      ...access,
      schema: {
        ...access.schema,
        tags,
        summary: 'Every category of the site with its version, parents first, each level in its order',
        querystring: commonQuery,
        response: {
          200: z.object({ data: z.object({ items: z.array(staffCategorySchema), total: z.number().int() }) }),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const { site } = await request.shop.context;
      const items = await listStaffCategories(app.db, site.id);
      return { data: { items, total: items.length } };
    },
  );

  app.post(
    '/staff/categories/:id/move',
    {
      ...access,
      schema: {
        ...access.schema,
        tags,
        summary:
          'Move a category under a new parent (or to the top level) at a place among its siblings, from its ' +
          '`version`: the siblings are numbered again in the same transaction. 409 when it would sit under ' +
          'itself or one of its subcategories, or on a stale version; 400 when the tree would have three levels',
        params: moveParams,
        querystring: commonQuery,
        body: moveBody,
        response: {
          200: versionedWriteResponse,
          ...errorResponses(400, 401, 403, 404),
          409: versionConflictBody,
        },
      },
    },
    async (request) => {
      const { site } = await request.shop.context;
      const { id } = request.params;
      const change = { action: 'category.move', entity: 'category', id, state: categoryState };
      const moved = await staffCaller(request).audit.change(app.db, change, (tx) =>
        moveCategory(tx, site.id, id, request.body),
      );
      await app.contentChanged();
      return { data: moved };
    },
  );
};
