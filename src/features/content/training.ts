/** What the training page shows of each course: the date registration closes (spec §9) and upcoming sessions. */
import { DAY_MS } from '@plasterwick/shop-rules/time';
import { TRAINING } from '../../lib/config.ts';

/** The CMS page that presents the training courses; it lists the upcoming sessions under its own text. */
export const TRAINING_PAGE_SLUG = 'training';

/** Registration closes TRAINING.closesDaysBefore days before the course day (ISO date-time in, ISO out). */
export function registrationClosesOn(startsOn: string): string {
  return new Date(Date.parse(startsOn) - TRAINING.closesDaysBefore * DAY_MS).toISOString();
}

/** Sessions that have not started at `now`, in the given order. */
export function upcomingSessions<T extends { startsOn: string }>(sessions: readonly T[], now: Date): T[] {
  return sessions.filter((session) => Date.parse(session.startsOn) > now.getTime());
}
