/**
 * Training sessions and registrations (spec §9): 3 to 5 participants per registration, registration closes
 * 15 days before the course, and a session cannot take more participants than it has places.
 */
import { TRAINING } from '@plasterwick/shop-rules/constants';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { submissions, trainingSessions } from '../../db/schema.ts';
import { ApiError, notFound } from '../../lib/errors.ts';
import { insertSubmission } from '../forms/service.ts';
import type { TrainingSessionItem, trainingRegistrationBody } from './schemas.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Registrations are stored as form submissions of this kind. */
const KIND = 'training-registration';

const pluralRules = new Intl.PluralRules('en-GB');

/** The sentence for `count` in its English plural form (CLDR `one` / `other`, as i18next's `_one` / `_other`). */
function plural(count: number, forms: { one: string; other: string }): string {
  return (pluralRules.select(count) === 'one' ? forms.one : forms.other).replaceAll(
    '{{count}}',
    String(count),
  );
}

/** Why a registration does not fit: "Only 1 place is left…", "Only 3 places are left…", or none left. */
export function notEnoughPlacesMessage(placesLeft: number): string {
  if (placesLeft <= 0) return 'No places are left on this session';
  return plural(placesLeft, {
    one: 'Only {{count}} place is left on this session',
    other: 'Only {{count}} places are left on this session',
  });
}

/** The participants field's message when a registration has more participants than places left. */
export function atMostParticipantsMessage(placesLeft: number): string {
  return plural(Math.max(0, placesLeft), {
    one: 'At most {{count}} participant',
    other: 'At most {{count}} participants',
  });
}

/** Registration is open while the course starts at least 15 days from now. */
export const registrationOpen = (startsOn: Date, now = new Date()) =>
  startsOn.getTime() - now.getTime() >= TRAINING.closesDaysBefore * DAY_MS;

// Participants already registered per session. The outer column is written out in full: Drizzle would render it
// unqualified, and inside this subquery "id" would then mean the submission's id.
const registered = sql<number>`coalesce((select sum(jsonb_array_length(${submissions.data} -> 'participants'))
  from ${submissions} where ${submissions.kind} = ${KIND}
  and (${submissions.data} ->> 'session_id')::int = "training_session"."id"), 0)::int`;

/** The site's sessions (or the one with `id`), earliest first, with places left. */
async function sessions(db: Database, siteId: number, id?: number): Promise<TrainingSessionItem[]> {
  const rows = await db
    .select({ session: trainingSessions, registered })
    .from(trainingSessions)
    .where(
      and(eq(trainingSessions.siteId, siteId), id === undefined ? undefined : eq(trainingSessions.id, id)),
    )
    .orderBy(asc(trainingSessions.startsOn));
  return rows.map(({ session: s, registered: taken }) => ({
    id: s.id,
    title: s.title,
    location: s.location,
    starts_on: s.startsOn.toISOString(),
    places_left: Math.max(0, s.places - Number(taken)),
    min_participants: s.minParticipants,
    max_participants: s.maxParticipants,
    registration_open: registrationOpen(s.startsOn),
  }));
}

/** The site's sessions, earliest first; only those still to come unless `upcoming` is false. */
export async function listSessions(db: Database, siteId: number, upcoming: boolean) {
  const now = Date.now();
  return (await sessions(db, siteId)).filter((s) => !upcoming || Date.parse(s.starts_on) >= now);
}

/** Registers the participants on their session if it is open and has the places; returns the registration id. */
export async function register(
  db: Database,
  siteId: number,
  body: z.infer<typeof trainingRegistrationBody>,
): Promise<number> {
  const [session] = await sessions(db, siteId, body.session_id);
  if (!session) throw notFound(`Training session ${body.session_id}`);
  if (!session.registration_open) {
    throw new ApiError(
      400,
      'registration_closed',
      `Registration for this session closed ${TRAINING.closesDaysBefore} days before the course`,
      { errors: [{ field: 'body.session_id', message: 'Registration closed' }] },
    );
  }
  if (body.participants.length > session.places_left) {
    throw new ApiError(400, 'not_enough_places', notEnoughPlacesMessage(session.places_left), {
      errors: [{ field: 'body.participants', message: atMostParticipantsMessage(session.places_left) }],
    });
  }
  return insertSubmission(db, siteId, KIND, body);
}
