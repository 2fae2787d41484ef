/**
 * Staff people: the `Person` answer, the list an owner reads, and the change of a person's role or status from
 * its version. There is always an active owner: a change that would leave none is a 409 `last_owner`, decided
 * under a lock of the active owners' rows so two owners demoting each other cannot both succeed. A change of role
 * or status ends the person's sessions.
 */
import { and, asc, count, desc, eq, ilike, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/types.ts';
import { DomainError, notFound, versionConflict } from '../../lib/errors.ts';
import type { Snapshot } from '../audit/index.ts';
import type { Role } from './roles.ts';
import type { PeopleListQuery, Person, PersonPatch } from './schemas.ts';
import { endSessionsOf, type PersonRow } from './sessions.ts';
import { staffPeople } from './tables.ts';

export const normalEmail = (email: string) => email.trim().toLowerCase();

export function personOf(row: PersonRow): Person {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    active: row.active,
    enrolled: row.enrolledAt !== null,
    last_sign_in_at: row.lastSignInAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    version: row.version,
  };
}

/** What the audit trail compares before and after a change of a person: the address and name masked. */
export const PERSON_MASKED = ['email', 'name'] as const;

export async function personState(db: Executor, id: number | string): Promise<Snapshot | null> {
  // No lock: every change of a person names its version, so a state read before another change commits belongs
  // to a write that then fails as stale.
  const [row] = await db
    .select()
    .from(staffPeople)
    .where(eq(staffPeople.id, Number(id)));
  if (!row) return null;
  const { email, name, role, active } = row;
  return { email, name, role, active, enrolled: row.enrolledAt !== null };
}

export async function findPerson(db: Executor, id: number): Promise<PersonRow> {
  const [row] = await db.select().from(staffPeople).where(eq(staffPeople.id, id));
  if (!row) throw notFound(`Staff person ${id}`);
  return row;
}

export async function findPersonByEmail(db: Executor, email: string): Promise<PersonRow | undefined> {
  const [row] = await db
    .select()
    .from(staffPeople)
    .where(eq(staffPeople.email, normalEmail(email)));
  return row;
}

export async function anyStaff(db: Executor): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(staffPeople);
  return (row?.n ?? 0) > 0;
}

const sortColumns = {
  id: staffPeople.id,
  name: staffPeople.name,
  email: staffPeople.email,
  role: staffPeople.role,
  created_at: staffPeople.createdAt,
  last_sign_in_at: staffPeople.lastSignInAt,
} as const;

/** `GET /staff/people`: a page of people, filtered by role, status or a part of the address or name. */
export async function listPeople(db: Database, query: PeopleListQuery) {
  // The words typed are matched literally: LIKE's wildcards in them are escaped.
  const pattern = `%${(query.q ?? '').replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const where = and(
    query.role === undefined ? undefined : eq(staffPeople.role, query.role),
    query.active === undefined ? undefined : eq(staffPeople.active, query.active),
    query.email === undefined ? undefined : eq(staffPeople.email, normalEmail(query.email)),
    query.q === undefined
      ? undefined
      : sql`(${ilike(staffPeople.email, pattern)} or ${ilike(staffPeople.name, pattern)})`,
  );
  const [total] = await db.select({ n: count() }).from(staffPeople).where(where);
  const direction = query.order === 'DESC' ? desc : asc;
  const rows = await db
    .select()
    .from(staffPeople)
    .where(where)
    .orderBy(direction(sortColumns[query.sort]), direction(staffPeople.id))
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage);
  return { items: rows.map(personOf), total: total?.n ?? 0 };
}

const lastOwner = () =>
  new DomainError('last_owner', 'The shop needs an active owner: make someone else owner first', {
    conflict: true,
  });

/** Active owners, locked for the rest of the transaction. */
async function lockActiveOwners(tx: Executor) {
  return tx
    .select({ id: staffPeople.id })
    .from(staffPeople)
    .where(and(eq(staffPeople.role, 'owner'), eq(staffPeople.active, true)))
    .for('update');
}

/**
 * `PATCH /staff/people/{id}`: sets the role and/or status from `version`; a stale version is a 409 naming the
 * stored one, a change leaving no active owner a 409 `last_owner`. Ends the person's sessions when something
 * changed.
 */
export async function patchPerson(
  tx: Executor,
  id: number,
  patch: PersonPatch,
  now: Date,
): Promise<PersonRow> {
  await lockActiveOwners(tx);
  const stored = await findPerson(tx, id);
  const [row] = await tx
    .update(staffPeople)
    .set({
      ...(patch.role === undefined ? {} : { role: patch.role as Role }),
      ...(patch.active === undefined ? {} : { active: patch.active }),
      version: sql`${staffPeople.version} + 1`,
      updatedAt: now,
    })
    .where(and(eq(staffPeople.id, id), eq(staffPeople.version, patch.version)))
    .returning();
  if (!row) throw versionConflict(`Staff person ${id}`, patch.version, stored.version);
  if ((await lockActiveOwners(tx)).length === 0) throw lastOwner();
  if (row.role !== stored.role || row.active !== stored.active) await endSessionsOf(tx, id);
  return row;
}

/** Marks a person signed in now. */
export async function markSignedIn(tx: Executor, id: number, now: Date): Promise<void> {
  await tx.update(staffPeople).set({ lastSignInAt: now }).where(eq(staffPeople.id, id));
}
