/**
 * The audit trail (issue 22): one append-only table, written in the same transaction as each staff or token write,
 * and for refusals, sign-ins and downloads of personal data. A trigger (custom migration `audit_append_only`)
 * refuses UPDATE, DELETE and TRUNCATE on it, on PGlite as on PostgreSQL. Actors are named by id and name, without
 * a foreign key: the record outlives the people and tokens it names. Re-exported by db/schema.ts.
 */
import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** `job`: a background job acting on its own (the `content-schedule` job publishing at its time). */
export const ACTOR_TYPES = ['person', 'token', 'api-key', 'cli', 'anonymous', 'job'] as const;
export const OUTCOMES = ['ok', 'refused', 'failed'] as const;

/** The fields a change touched: `{ field: { before, after } }`, personal data and secrets masked. */
export type AuditChanges = Record<string, { before: unknown; after: unknown }>;

export const auditEvents = pgTable(
  'audit_event',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    actorType: text('actor_type', { enum: ACTOR_TYPES }).notNull(),
    /** The person's or the token's id; null for the API key, the command line and anonymous callers. */
    actorId: integer('actor_id'),
    actorName: text('actor_name'),
    role: text('role'),
    /** What was done, as `entity.verb` (`product.update`, `session.sign_in`) or the permission refused. */
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    changes: jsonb('changes').$type<AuditChanges>(),
    outcome: text('outcome', { enum: OUTCOMES }).notNull(),
    requestId: text('request_id'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('audit_event_at').on(t.at),
    index('audit_event_actor').on(t.actorType, t.actorId, t.at),
    index('audit_event_entity').on(t.entity, t.entityId),
    check(
      'audit_event_actor_type_check',
      sql`${t.actorType} in ('person', 'token', 'api-key', 'cli', 'anonymous', 'job')`,
    ),
    check('audit_event_outcome_check', sql`${t.outcome} in ('ok', 'refused', 'failed')`),
  ],
);
