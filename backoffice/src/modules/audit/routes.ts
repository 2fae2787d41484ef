/** `GET /staff/audit` (owner): the audit trail, paged and filtered, or the filtered list as CSV (an export, itself recorded). */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/http.ts';
import { staffCaller, staffRoute } from '../staff/index.ts';
import { auditListQuery, auditListResponse } from './schemas.ts';
import { auditCsv, listAuditEvents, type AuditEventRow } from './service.ts';

const itemOf = (row: AuditEventRow) => ({
  id: row.id,
  at: row.at.toISOString(),
  actor_type: row.actorType,
  actor_id: row.actorId,
  actor_name: row.actorName,
  role: row.role,
  action: row.action,
  entity: row.entity,
  entity_id: row.entityId,
  changes: row.changes,
  outcome: row.outcome,
  request_id: row.requestId,
  ip: row.ip,
  user_agent: row.userAgent,
});

export const auditRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const access = staffRoute('audit:read');

  app.get(
    '/staff/audit',
    {
      ...access,
      schema: {
        ...access.schema,
        tags: ['staff'],
        summary:
          'The audit trail, newest first: filters person, entity, entity_id, action, from, to; format=csv ' +
          'answers the whole filtered list as a CSV file',
        querystring: auditListQuery,
        produces: ['application/json', 'text/csv'],
        response: {
          200: auditListResponse.or(z.string().describe('CSV, with format=csv')),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      if (request.query.format === 'csv') {
        const csv = await auditCsv(app.db, request.query);
        await staffCaller(request).audit.record(app.db, { action: 'audit.export', entity: 'audit_event' });
        const day = app.clock.now().toISOString().slice(0, 10);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="audit-${day}.csv"`)
          .send(csv);
      }
      const { items, total } = await listAuditEvents(app.db, request.query);
      return { data: { items: items.map(itemOf), total } };
    },
  );
};
