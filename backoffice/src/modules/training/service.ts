/**
 * Training sessions and registrations (spec §9): 3 to 5 participants per registration, registration closes
 * 15 days before the course, and a session cannot take more participants than it has places.
 */
import { TRAINING } from '@plasterwick/shop-rules/constants';
import { participantsMessages, type TrainingRegistrationBody } from '@plasterwick/shop-rules/forms';
import { DAY_MS } from '@plasterwick/shop-rules/time';
import { MESSAGES } from '@plasterwick/shop-rules/validation';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { MailConfig } from '../../config.ts';
import type { Database } from '../../db/types.ts';
import { trainingSessions } from '../../db/schema.ts';
import { fieldError } from '../../lib/errors.ts';
import { insertSubmission } from '../forms/index.ts';
import { queueFormMails } from '../mail/index.ts';
import type { TrainingSessionItem } from './schemas.ts';

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

/** Registration is open while the course starts at least 15 days after `now`. */
export const registrationOpen = (startsOn: Date, now: Date) =>
  startsOn.getTime() - now.getTime() >= TRAINING.closesDaysBefore * DAY_MS;

/** The site's sessions (or the one with `id`), earliest first, with places left and whether open at `now`. */
async function sessions(
  db: Database,
  siteId: number,
  now: Date,
  id?: number,
): Promise<TrainingSessionItem[]> {
  const rows = await db
    .select()
    .from(trainingSessions)
    .where(
      and(eq(trainingSessions.siteId, siteId), id === undefined ? undefined : eq(trainingSessions.id, id)),
    )
    .orderBy(asc(trainingSessions.startsOn));
  return rows.map((s) => ({
    id: s.id,
    title: s.title,
    location: s.location,
    starts_on: s.startsOn.toISOString(),
    places_left: Math.max(0, s.places - s.placesTaken),
    min_participants: s.minParticipants,
    max_participants: s.maxParticipants,
    registration_open: registrationOpen(s.startsOn, now),
  }));
}

/** The site's sessions, earliest first; only those still to come at `now` unless `upcoming` is false. */
export async function listSessions(db: Database, siteId: number, upcoming: boolean, now: Date) {
  return (await sessions(db, siteId, now)).filter(
    (s) => !upcoming || Date.parse(s.starts_on) >= now.getTime(),
  );
}

const sessionField = 'session_id';
const participantsField = 'participants';

/**
 * Registers the participants on their session if it is open and has the places, stores the registration and
 * queues its e-mails, all in one transaction; returns the registration id. The places are taken by a conditional
 * update (`places_taken + n <= places`), so concurrent registrations can never overbook a session: the one that
 * would is refused with the places actually left.
 */
export async function register(
  db: Database,
  mail: MailConfig,
  siteId: number,
  body: Omit<TrainingRegistrationBody, 'bot_check' | 'website'>,
  now: Date,
): Promise<number> {
  const [session] = await sessions(db, siteId, now, body.session_id);
  if (!session) {
    throw fieldError(
      'not_found',
      sessionField,
      `Training session ${body.session_id} not found`,
      MESSAGES.trainingSession,
    );
  }
  if (!session.registration_open) {
    throw fieldError(
      'registration_closed',
      sessionField,
      `Registration for this session closed ${TRAINING.closesDaysBefore} days before the course`,
      'Registration for this session is closed',
    );
  }
  const count = body.participants.length;
  if (count < session.min_participants || count > session.max_participants) {
    throw fieldError(
      'invalid_request',
      participantsField,
      `This session takes ${session.min_participants} to ${session.max_participants} participants per registration`,
      count < session.min_participants ? participantsMessages.min : participantsMessages.max,
    );
  }
  return db.transaction(async (tx) => {
    const taken = await tx
      .update(trainingSessions)
      .set({ placesTaken: sql`${trainingSessions.placesTaken} + ${count}` })
      .where(
        and(
          eq(trainingSessions.id, session.id),
          eq(trainingSessions.siteId, siteId),
          sql`${trainingSessions.placesTaken} + ${count} <= ${trainingSessions.places}`,
        ),
      )
      .returning({ placesLeft: sql<number>`${trainingSessions.places} - ${trainingSessions.placesTaken}` });
    if (taken.length === 0) {
      const [current] = await sessions(tx, siteId, now, session.id);
      const placesLeft = current?.places_left ?? 0;
      throw fieldError(
        'not_enough_places',
        participantsField,
        notEnoughPlacesMessage(placesLeft),
        atMostParticipantsMessage(placesLeft),
      );
    }
    const id = await insertSubmission(tx, siteId, KIND, body, now);
    await queueFormMails(tx, mail, KIND, body, {
      session: { title: session.title, location: session.location, starts_on: session.starts_on },
    });
    return id;
  });
}
