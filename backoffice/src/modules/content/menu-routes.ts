/**
 * A menu's items one by one (docs/api-contract.md, "Writes that never lose data"): each call names the menu's
 * `version`, moves it on and answers the whole menu; the rest of the tree stays as it was.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../lib/errors.ts';
import { commonQuery } from '../../lib/params.ts';
import { addMenuItem, patchMenuItem, removeMenuItem } from './menu-items.ts';
import { resources, type MenuItem } from './resources.ts';
import {
  entryParams,
  entryWriteErrors,
  menuItemCreate,
  menuItemDeleteBody,
  menuItemDeleteQuery,
  menuItemParams,
  menuItemPatch,
} from './schemas.ts';
import { changeMenuItems } from './service.ts';
import { contentAccess, itemOf, writeContextOf } from './staff-access.ts';
import { commitEntryWrite } from './write-service.ts';

const tags = ['content'];
const answer = z.object({ data: resources.menu.item });
const staffWrite = (summary: string) => ({
  ...contentAccess.schema,
  tags,
  summary,
  querystring: commonQuery,
});

/**
 * Changes the menu's items from its `version` (`how`, menu-items.ts), recorded as `verb` in the audit trail and
 * the history; the write service moves the content version (a menu is live on save).
 */
async function changeItems(
  app: FastifyInstance,
  request: FastifyRequest,
  { id, version, verb }: { id: number; version: number; verb: string },
  how: (items: MenuItem[]) => MenuItem[],
) {
  const { site } = await request.shop.context;
  const context = writeContextOf(request);
  const row = await commitEntryWrite(context, { resource: 'menu', verb, id, siteId: site.id }, async (tx) => {
    await changeMenuItems(tx, app.cache, site.id, id, version, how, context.now);
    return id;
  });
  return itemOf(app, 'menu', site.id, row);
}

export function menuItemRoutes(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const change = (
    request: FastifyRequest,
    which: { id: number; version: number; verb: string },
    how: (items: MenuItem[]) => MenuItem[],
  ) => changeItems(plugin, request, which, how);

  app.post(
    '/menu/:id/items',
    {
      ...contentAccess,
      schema: {
        ...staffWrite(
          "Add an item to a menu under `parent_item_id` (else at the top), at `position` (else last), from the menu's `version`",
        ),
        params: entryParams,
        body: menuItemCreate,
        response: { 201: answer, ...entryWriteErrors },
      },
    },
    async (request, reply) => {
      const { version, parent_item_id, position, ...item } = request.body;
      const place = { parent_item_id, position };
      const which = { id: request.params.id, version, verb: 'add_item' };
      const menu = await change(request, which, (items) => addMenuItem(items, item, place));
      return reply.status(201).send({ data: menu });
    },
  );

  app.patch(
    '/menu/:id/items/:item_id',
    {
      ...contentAccess,
      schema: {
        ...staffWrite(
          "Change a menu item's named fields from the menu's `version`; its children and the other items stay",
        ),
        params: menuItemParams,
        body: menuItemPatch,
        response: { 200: answer, ...entryWriteErrors },
      },
    },
    async (request) => {
      const { version, ...changes } = request.body;
      const { id, item_id } = request.params;
      const which = { id, version, verb: 'update_item' };
      const menu = await change(request, which, (items) => patchMenuItem(items, item_id, changes));
      return { data: menu };
    },
  );

  app.delete(
    '/menu/:id/items/:item_id',
    {
      ...contentAccess,
      schema: {
        ...staffWrite("Remove a menu item and its children, from the menu's `version` (body or query)"),
        params: menuItemParams,
        querystring: menuItemDeleteQuery,
        body: menuItemDeleteBody,
        response: { 200: answer, ...entryWriteErrors },
      },
    },
    async (request) => {
      const version = request.body?.version ?? request.query.version;
      if (version === undefined) {
        throw badRequest('version is required (in the body or the query)', [
          { field: 'version', message: 'Required' },
        ]);
      }
      const { id, item_id } = request.params;
      const which = { id, version, verb: 'remove_item' };
      return { data: await change(request, which, (items) => removeMenuItem(items, item_id)) };
    },
  );
}
