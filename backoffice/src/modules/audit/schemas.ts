/** Query and answer of `GET /staff/audit` (docs/api-contract.md "Staff accounts"). */
import { z } from 'zod';
import { ACTOR_TYPES, OUTCOMES } from './tables.ts';

const id = z.coerce.number().int().positive().max(2_147_483_647);

export const auditListQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(25),
  sort: z.enum(['id', 'at', 'action', 'entity']).default('at'),
  order: z.enum(['ASC', 'DESC']).default('DESC'),
  /** Events of this person (as the actor). */
  person: id.optional(),
  entity: z.string().min(1).max(100).optional(),
  entity_id: z.string().min(1).max(100).optional(),
  action: z.string().min(1).max(100).optional(),
  /** From this instant (inclusive) … */
  from: z.coerce.date().optional(),
  /** … to this one (exclusive). */
  to: z.coerce.date().optional(),
  /** `csv`: the whole filtered list as a CSV file instead of a page. */
  format: z.enum(['json', 'csv']).default('json'),
});
export type AuditListQuery = z.infer<typeof auditListQuery>;

export const auditEventSchema = z.object({
  id: z.number().int(),
  at: z.iso.datetime({ offset: true }),
  actor_type: z.enum(ACTOR_TYPES),
  actor_id: z.number().int().nullable(),
  actor_name: z.string().nullable(),
  role: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  changes: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })).nullable(),
  outcome: z.enum(OUTCOMES),
  request_id: z.string().nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
});

export const auditListResponse = z.object({
  data: z.object({ items: z.array(auditEventSchema), total: z.number().int() }),
});
