/**
 * The calls whose work is a flow: a module's routes may not call a flow (flows sit above modules), so the app
 * registers these beside the modules' routes, under the same paths and tags as the module they belong with.
 */
import type { FastifyPluginAsync } from 'fastify';
import { deleteByIdRoute } from '../lib/http.ts';
import { deleteProductAndItsNotices } from './delete-product.ts';

export const flowRoutes: FastifyPluginAsync = async (plugin) => {
  deleteByIdRoute(plugin, {
    path: '/product',
    tags: ['catalogue'],
    summary: 'Delete a product (id in the body or the query)',
    remove: (siteId, id) => deleteProductAndItsNotices(plugin.db, siteId, id),
    changesContent: true,
    moreErrors: [409],
  });
};
