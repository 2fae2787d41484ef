/**
 * Staff writes of training sessions (dates, places, location), each from the session's version: a stale write is
 * a 409 `version_conflict`, and places never go below the participants already registered (a conditional update,
 * so a registration racing the change cannot slip under it).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/types.ts';
import { trainingSessions } from '../../db/schema.ts';
import { fieldError, notFound, versionConflict } from '../../lib/errors.ts';
import type { Snapshot } from '../audit/index.ts';
import type { StaffTrainingSession, TrainingSessionCreate, TrainingSessionPatch } from './staff-schemas.ts';

type SessionRow = typeof trainingSessions.$inferSelect;

function toSession(row: SessionRow): StaffTrainingSession {
  return {
    id: row.id,
    version: row.version,
    title: row.title,
    location: row.location,
    starts_on: row.startsOn.toISOString(),
    places: row.places,
    places_taken: row.placesTaken,
    min_participants: row.minParticipants,
    max_participants: row.maxParticipants,
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function findTrainingSession(db: Executor, siteId: number, id: number) {
  const [row] = await db
    .select()
    .from(trainingSessions)
    .where(and(eq(trainingSessions.siteId, siteId), eq(trainingSessions.id, id)));
  if (!row) throw notFound(`Training session ${id}`);
  return toSession(row);
}

export async function createTrainingSession(
  db: Executor,
  siteId: number,
  body: TrainingSessionCreate,
  now: Date,
): Promise<StaffTrainingSession> {
  const [row] = await db
    .insert(trainingSessions)
    .values({
      siteId,
      title: body.title,
      location: body.location,
      startsOn: new Date(body.starts_on),
      places: body.places,
      minParticipants: body.min_participants,
      maxParticipants: body.max_participants,
      updatedAt: now,
    })
    .returning();
  return toSession(row!);
}

export function placesBelowTakenError(taken: number) {
  return fieldError(
    'places_below_registrations',
    'places',
    `Places cannot go below the ${taken} participants already registered`,
    `At least ${taken} (the participants already registered)`,
  );
}

export async function patchTrainingSession(
  db: Executor,
  siteId: number,
  id: number,
  patch: TrainingSessionPatch,
  now: Date,
): Promise<StaffTrainingSession> {
  const { version, ...fields } = patch;
  const existing = await findTrainingSession(db, siteId, id);
  const min = fields.min_participants ?? existing.min_participants;
  const max = fields.max_participants ?? existing.max_participants;
  if (min > max) {
    throw fieldError(
      'invalid_request',
      fields.min_participants === undefined ? 'max_participants' : 'min_participants',
      'The least participants per registration cannot be more than the most',
      'The least participants cannot be more than the most',
    );
  }
  const [row] = await db
    .update(trainingSessions)
    .set({
      ...(fields.title === undefined ? {} : { title: fields.title }),
      ...(fields.location === undefined ? {} : { location: fields.location }),
      ...(fields.starts_on === undefined ? {} : { startsOn: new Date(fields.starts_on) }),
      ...(fields.places === undefined ? {} : { places: fields.places }),
      ...(fields.min_participants === undefined ? {} : { minParticipants: fields.min_participants }),
      ...(fields.max_participants === undefined ? {} : { maxParticipants: fields.max_participants }),
      version: sql`${trainingSessions.version} + 1`,
      updatedAt: now,
    })
    .where(
      and(
        eq(trainingSessions.siteId, siteId),
        eq(trainingSessions.id, id),
        eq(trainingSessions.version, version),
        fields.places === undefined ? undefined : sql`${trainingSessions.placesTaken} <= ${fields.places}`,
      ),
    )
    .returning();
  if (row) return toSession(row);
  const stored = await findTrainingSession(db, siteId, id);
  if (stored.version !== version) throw versionConflict(`Training session ${id}`, version, stored.version);
  throw placesBelowTakenError(stored.places_taken);
}

/** A session as the audit trail records it, before and after a write. */
export async function trainingSessionState(db: Executor, id: number | string): Promise<Snapshot | null> {
  const [row] = await db
    .select()
    .from(trainingSessions)
    .where(eq(trainingSessions.id, Number(id)))
    .for('update');
  if (!row) return null;
  return {
    title: row.title,
    location: row.location,
    starts_on: row.startsOn.toISOString(),
    places: row.places,
    min_participants: row.minParticipants,
    max_participants: row.maxParticipants,
  };
}
