/** Training sessions dated from the seeding day: two inside the 15-day cut-off, the rest open. */
import { TRAINING } from '@plasterwick/shop-rules/constants';
import { DAY_MS } from '@plasterwick/shop-rules/time';
import type { Database } from '../../db/types.ts';
import { trainingSessions } from '../../db/schema.ts';
import { UK_SITE_ID } from './insert.ts';

const sessions = [
  { title: 'Filling and surface preparation', location: 'Preston training centre', inDays: 6, places: 10 },
  {
    title: 'Skimming on board and backing plaster',
    location: 'Preston training centre',
    inDays: 12,
    places: 10,
  },
  {
    title: 'Taped-joint finishing for dryliners',
    location: 'Preston training centre',
    inDays: 22,
    places: 12,
  },
  {
    title: 'Exterior repairs and render patching',
    location: 'Bristol merchant academy',
    inDays: 36,
    places: 10,
  },
  { title: 'Filling and surface preparation', location: 'Leeds merchant academy', inDays: 50, places: 15 },
  {
    title: 'Skimming on board and backing plaster',
    location: 'Preston training centre',
    inDays: 71,
    places: 10,
  },
  {
    title: 'Decorative finishes and fine filling',
    location: 'Glasgow merchant academy',
    inDays: 95,
    places: 12,
  },
];

/** Courses start at 9am, so "15 days before" does not depend on the hour the seed ran. */
export async function seedTraining(db: Database): Promise<void> {
  const today = new Date();
  today.setUTCHours(9, 0, 0, 0);
  await db.insert(trainingSessions).values(
    sessions.map((s) => ({
      siteId: UK_SITE_ID,
      title: s.title,
      location: s.location,
      startsOn: new Date(today.getTime() + s.inDays * DAY_MS),
      places: s.places,
      minParticipants: TRAINING.minParticipants,
      maxParticipants: TRAINING.maxParticipants,
    })),
  );
}
