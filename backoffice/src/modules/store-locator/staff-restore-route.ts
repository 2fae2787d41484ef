/**
 * `POST /staff/content/stockist/{id}/restore` (issue 26; docs/api-contract.md "Staff: content lifecycle"): an old
 * version of a stockist from its history (`GET /staff/content/stockist/{id}/history`, the content module) is
 * written live as a new version, through the stockist's own patch, from its current `version`.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  entryViewSchema,
  lifecycleWriteErrors,
  restoreBody,
  revisionSnapshot,
  staffEntryParams,
} from '../content/index.ts';
import { commonQuery } from '../../lib/params.ts';
import { staffRoute } from '../staff/index.ts';
import { audited } from './audited.ts';
import { stockistRecord, stockistPatch } from './schemas.ts';
import { patchStockist } from './stockists.ts';

const access = staffRoute('stockists:write');

export function stockistRestoreRoute(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/staff/content/stockist/:id/restore',
    {
      ...access,
      schema: {
        ...access.schema,
        tags: ['staff'],
        summary: 'Restore an old version of a stockist (live, as a new version), from its `version`',
        params: staffEntryParams,
        querystring: commonQuery,
        body: restoreBody,
        response: { 200: z.object({ data: entryViewSchema(stockistRecord) }), ...lifecycleWriteErrors },
      },
    },
    async (request) => {
      const { site } = await request.shop.context;
      const { id } = request.params;
      const { version, from_version } = request.body;
      const stockist = await audited(request, 'restore', id, async (tx) => {
        const snapshot = await revisionSnapshot(tx, site.id, 'stockist', id, from_version);
        // The snapshot's fields that a patch takes (the stockist as it was saved).
        const patch = stockistPatch.parse({ ...pickPatchable(snapshot), version });
        return patchStockist(tx, site.id, id, patch);
      });
      await app.contentChanged();
      const at = app.clock.now().toISOString();
      return {
        data: {
          id,
          resource: 'stockist',
          status: 'published' as const,
          has_draft: false,
          publish_at: null,
          unpublish_at: null,
          version: stockist.version,
          updated_at: at,
          item: stockist,
          live: stockist,
        },
      };
    },
  );
}

const PATCHABLE = [
  'name',
  'type',
  'address',
  'town',
  'postcode',
  'latitude',
  'longitude',
  'phone',
  'opening_hours',
  'audiences',
];

function pickPatchable(snapshot: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(snapshot).filter(([key]) => PATCHABLE.includes(key)));
}
