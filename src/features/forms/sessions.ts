/**
 * The courses of the training registration: which can be booked (open for registration and with room for a team),
 * how an option reads ("3 March 2026, Preston training centre: Filling… (7 places left)") and which one
 * `?session={id}` asks for. Pure; `live-sessions.ts` fetches the list.
 */
import { LOCALE, TRAINING } from '../../lib/config.ts';

/** A course as the form uses it (the back-office's `training-session` item). */
export interface CourseSession {
  id: number;
  title: string;
  location: string;
  /** ISO date-time of the course day. */
  startsOn: string;
  placesLeft: number;
  minParticipants: number;
  registrationOpen: boolean;
}

export type Availability = 'open' | 'full' | 'closed';

/** Closed (inside the cut-off of spec §9), full (fewer places than the smallest team), or open. */
export function availability(session: CourseSession): Availability {
  if (!session.registrationOpen) return 'closed';
  const smallestTeam = Math.max(TRAINING.minParticipants, session.minParticipants);
  return session.placesLeft < smallestTeam ? 'full' : 'open';
}

const dateFormat = new Intl.DateTimeFormat(LOCALE, {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/London',
});

/** "3 March 2026" (the training page's format); '' for an invalid date. */
export function courseDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

/** The session id `?session=` names (a positive integer), else `undefined`. */
export function sessionFromQuery(search: string): number | undefined {
  const value = new URLSearchParams(search).get('session')?.trim() ?? '';
  if (!/^\d{1,10}$/.test(value)) return undefined;
  const id = Number(value);
  return id > 0 ? id : undefined;
}

/**
 * What the form does with `?session={id}`: preselect it when it can be booked; say why not when it is full or
 * closed (`problem`); nothing when it is unknown (not listed any more) or absent.
 */
export function preselectedSession(
  search: string,
  sessions: readonly CourseSession[],
): { id?: number; problem?: Exclude<Availability, 'open'> } {
  const id = sessionFromQuery(search);
  const session = sessions.find((candidate) => candidate.id === id);
  if (!session) return {};
  const state = availability(session);
  return state === 'open' ? { id: session.id } : { problem: state };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The items of a `GET /training-session` answer. Checked by hand, without zod: the register page refreshes the
 * places on load, before the form's code (and zod with it) is loaded on first focus. An item that does not match
 * is left out; an answer that does not match at all gives `undefined` (the page keeps the build's list).
 */
export function parseSessionList(answer: unknown): CourseSession[] | undefined {
  const items = isRecord(answer) && isRecord(answer.data) ? answer.data.items : undefined;
  if (!Array.isArray(items)) return undefined;
  return items.flatMap((item): CourseSession[] => {
    if (!isRecord(item)) return [];
    const { id, title, location, starts_on, places_left, min_participants, registration_open } = item;
    const valid =
      Number.isInteger(id) &&
      typeof title === 'string' &&
      typeof location === 'string' &&
      typeof starts_on === 'string' &&
      !Number.isNaN(Date.parse(starts_on)) &&
      Number.isInteger(places_left) &&
      Number.isInteger(min_participants) &&
      typeof registration_open === 'boolean';
    if (!valid) return [];
    return [
      {
        id: id as number,
        title,
        location,
        startsOn: starts_on,
        placesLeft: places_left as number,
        minParticipants: min_participants as number,
        registrationOpen: registration_open,
      },
    ];
  });
}

/** The strings an option needs (the `forms-island` reader fits). */
export type SessionText = (
  key: 'session.option' | 'session.places' | 'session.full' | 'session.closed',
  values?: Record<string, string | number>,
) => string;

/**
 * "3 March 2026, Preston training centre: Filling and surface preparation (7 places left)"; a full or closed course
 * says so instead of its places. `withPlaces` false (the build's list: places change) leaves the places out.
 */
export function optionLabel(session: CourseSession, text: SessionText, withPlaces = true): string {
  const base = text('session.option', {
    date: courseDate(session.startsOn),
    location: session.location,
    title: session.title,
  });
  const state = availability(session);
  const note =
    state === 'closed'
      ? text('session.closed')
      : !withPlaces
        ? undefined
        : state === 'full'
          ? text('session.full')
          : text('session.places', { count: session.placesLeft });
  return note ? `${base} (${note})` : base;
}
