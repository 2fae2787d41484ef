/**
 * Writing and reading the audit trail. Only this file inserts into `audit_event`; nothing updates or deletes it
 * (the table's trigger refuses both). `GET /staff/audit` pages and filters it, and exports it as CSV.
 */
import { stringify } from 'csv-stringify/sync';
import { and, asc, count, desc, eq, gt, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/types.ts';
import type { AuditListQuery } from './schemas.ts';
import { auditEvents } from './tables.ts';

export type AuditEventRow = typeof auditEvents.$inferSelect;

export async function insertAuditEvent(db: Executor, event: typeof auditEvents.$inferInsert): Promise<void> {
  await db.insert(auditEvents).values(event);
}

/** The most rows one CSV export holds: a narrower filter (dates) gives the rest. */
export const CSV_EXPORT_LIMIT = 50_000;

function filtersOf(query: AuditListQuery): SQL | undefined {
  return and(
    query.person === undefined
      ? undefined
      : and(eq(auditEvents.actorType, 'person'), eq(auditEvents.actorId, query.person)),
    query.entity === undefined ? undefined : eq(auditEvents.entity, query.entity),
    query.entity_id === undefined ? undefined : eq(auditEvents.entityId, query.entity_id),
    query.action === undefined ? undefined : eq(auditEvents.action, query.action),
    query.from === undefined ? undefined : gte(auditEvents.at, query.from),
    query.to === undefined ? undefined : lt(auditEvents.at, query.to),
  );
}

const sortColumns = {
  id: auditEvents.id,
  at: auditEvents.at,
  action: auditEvents.action,
  entity: auditEvents.entity,
} as const;

function orderOf(query: AuditListQuery) {
  const column = sortColumns[query.sort];
  const direction = query.order === 'ASC' ? asc : desc;
  // The id breaks ties (and follows insertion order), so pages never overlap.
  return [direction(column), direction(auditEvents.id)];
}

/** One page of the filtered events, newest first unless asked otherwise, with the total. */
export async function listAuditEvents(
  db: Database,
  query: AuditListQuery,
): Promise<{ items: AuditEventRow[]; total: number }> {
  const where = filtersOf(query);
  const [total] = await db.select({ n: count() }).from(auditEvents).where(where);
  const items = await db
    .select()
    .from(auditEvents)
    .where(where)
    .orderBy(...orderOf(query))
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage);
  return { items, total: total?.n ?? 0 };
}

const CSV_COLUMNS = [
  'id',
  'at',
  'actor_type',
  'actor_id',
  'actor_name',
  'role',
  'action',
  'entity',
  'entity_id',
  'changes',
  'outcome',
  'request_id',
  'ip',
  'user_agent',
] as const;

/** The filtered events (all pages, at most `CSV_EXPORT_LIMIT`) as CSV, with a header line. */
export async function auditCsv(db: Database, query: AuditListQuery): Promise<string> {
  const rows = await db
    .select()
    .from(auditEvents)
    .where(filtersOf(query))
    .orderBy(...orderOf(query))
    .limit(CSV_EXPORT_LIMIT);
  return stringify(
    rows.map((row) => [
      row.id,
      row.at.toISOString(),
      row.actorType,
      row.actorId,
      row.actorName,
      row.role,
      row.action,
      row.entity,
      row.entityId,
      row.changes === null ? '' : JSON.stringify(row.changes),
      row.outcome,
      row.requestId,
      row.ip,
      row.userAgent,
    ]),
    // A cell a spreadsheet would run as a formula (a user agent or a name can start with `=`) is quoted with `'`.
    {
      header: true,
      columns: [...CSV_COLUMNS],
      cast: { string: (value) => value.replace(/^[=+\-@\t\r]/, "'$&") },
    },
  );
}

/**
 * Entities whose writes are not content or catalogue (people, orders, customers, tokens, the builds themselves):
 * left out of `contentWritesBetween`.
 */
const NOT_CONTENT = '^(staff|customer|order|discount|application|trade|submission|audit|build|invoice|gdpr)';

/**
 * The successful content and catalogue writes recorded after `from` (exclusive; from the start when null) up to
 * `to` (inclusive): the newest `limit` of them, oldest first, and how many there were (what changed between two
 * builds).
 */
export async function contentWritesBetween(
  db: Executor,
  from: Date | null,
  to: Date,
  limit: number,
): Promise<{ items: AuditEventRow[]; total: number }> {
  const where = and(
    eq(auditEvents.outcome, 'ok'),
    from ? gt(auditEvents.at, from) : undefined,
    lte(auditEvents.at, to),
    sql`${auditEvents.actorType} <> 'anonymous'`,
    sql`${auditEvents.entity} !~ ${NOT_CONTENT}`,
    sql`${auditEvents.action} not like 'refused%'`,
  );
  const [total] = await db.select({ n: count() }).from(auditEvents).where(where);
  const items = await db.select().from(auditEvents).where(where).orderBy(desc(auditEvents.id)).limit(limit);
  return { items: items.reverse(), total: total?.n ?? 0 };
}
