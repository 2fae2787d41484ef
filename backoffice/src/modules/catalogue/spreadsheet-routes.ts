/**
 * The catalogue spreadsheet calls (issue 25; docs/api-contract.md "Staff: the catalogue spreadsheet"): the CSV
 * export, and the import sent as a `text/csv` body, first as a dry run (nothing written; the answer has the
 * catalogue's token), then applied with that token in one audited transaction followed by one rebuild.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, versionConflictBody } from '../../lib/http.ts';
import { commonQuery } from '../../lib/params.ts';
import { staffCaller, staffRoute } from '../staff/index.ts';
import { applyImport, dryRunImport, exportCatalogue, type ImportReport } from './spreadsheet.ts';

const tags = ['staff'];
/** A file of the whole catalogue is about 1 MB at SEED_SCALE=100: room for ten times that. */
const IMPORT_BODY_LIMIT = 16 * 1024 * 1024;

const importQuery = commonQuery.extend({
  dry_run: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true')
    .describe('true (the default): check and report only; false: write, with the token of the dry run'),
  token: z.string().max(100).optional().describe("The dry run's token (required when dry_run=false)"),
});

export const importReportSchema = z.object({
  token: z.string().describe("The catalogue's token: the apply names it, and is refused (409) once it moved"),
  rows: z.number().int(),
  packs_created: z.number().int(),
  packs_changed: z.number().int(),
  prices_changed: z.number().int(),
  products_changed: z.number().int(),
  changes: z.array(
    z.object({
      line: z.number().int(),
      action: z.enum(['create', 'update']),
      product_reference: z.string(),
      pack_reference: z.string(),
      fields: z.array(z.object({ column: z.string(), old: z.string().nullable(), new: z.string() })),
    }),
  ),
  errors: z.array(z.object({ line: z.number().int(), column: z.string().nullable(), message: z.string() })),
});

export function spreadsheetRoutes(plugin: FastifyInstance) {
  exportRoute(plugin);
  // The file comes as the body itself, read as text (only on this route).
  plugin.register(async (scope) => importRoute(scope));
}

function exportRoute(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const access = staffRoute('catalogue:write');

  app.get(
    '/staff/catalogue/export.csv',
    {
      ...access,
      schema: {
        ...access.schema,
        tags,
        summary:
          'Every pack of every product as CSV, one row per pack with its prices per plan in pounds (trade ex ' +
          "VAT, DIY inc VAT, as stored); formula-like cells quoted with '",
        querystring: commonQuery,
        produces: ['text/csv'],
        response: { 200: z.string().describe('CSV'), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { site } = await request.shop.context;
      const day = app.clock.now().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="catalogue-${day}.csv"`)
        .send(await exportCatalogue(app.db, site.id));
    },
  );
}

function importRoute(scope: FastifyInstance) {
  const access = staffRoute('catalogue:write');
  scope.addContentTypeParser(
    'text/csv',
    { parseAs: 'string', bodyLimit: IMPORT_BODY_LIMIT },
    (_r, body, done) => done(null, body),
  );
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/staff/catalogue/import',
    {
      ...access,
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        ...access.schema,
        tags,
        summary:
          "Import a CSV of the export's columns (body `text/csv`). dry_run=true: what would be created and " +
          'changed, field by field, and every error with its line and column; nothing written. dry_run=false ' +
          "with the dry run's token: checked again and written in one transaction (400 if the file has errors, " +
          '409 `version_conflict` if the catalogue changed since), audited, then one rebuild',
        querystring: importQuery,
        consumes: ['text/csv'],
        body: z.string().max(IMPORT_BODY_LIMIT).describe('The CSV file'),
        response: {
          200: z.object({ data: importReportSchema }),
          ...errorResponses(400, 401, 403, 413),
          409: versionConflictBody,
        },
      },
    },
    async (request, reply) => {
      const { site } = await request.shop.context;
      const { dry_run: dryRun, token } = request.query;
      if (dryRun) return { data: await dryRunImport(app.db, site.id, request.body) };
      if (!token) {
        return reply.status(400).send({
          status: 'invalid_request',
          message: "Give the dry run's token: an import is applied after its dry run",
          errors: [{ field: 'querystring.token', message: 'Required' }],
        });
      }
      const staff = staffCaller(request);
      const report: ImportReport = await app.db.transaction(async (tx) => {
        const done = await applyImport(tx, site.id, request.body, token, app.clock.now());
        await staff.audit.record(tx, {
          action: 'catalogue.import',
          entity: 'catalogue',
          entityId: site.id,
          changes: {
            rows: { before: null, after: done.rows },
            packs_created: { before: null, after: done.packs_created },
            packs_changed: { before: null, after: done.packs_changed },
            prices_changed: { before: null, after: done.prices_changed },
            products_changed: { before: null, after: done.products_changed },
          },
        });
        return done;
      });
      if (report.products_changed) await app.contentChanged();
      return { data: report };
    },
  );
}
