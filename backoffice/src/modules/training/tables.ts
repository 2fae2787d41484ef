/**
 * Training sessions.
 * Re-exported by db/schema.ts, the one list drizzle-kit and the rest of the code read.
 */
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { sites } from '../site/tables.ts';

/** Training sessions customers can register for. */
export const trainingSessions = pgTable(
  'training_session',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    title: text('title').notNull(),
    location: text('location').notNull(),
    startsOn: timestamp('starts_on', { withTimezone: true }).notNull(),
    places: integer('places').notNull(),
    /**
     * Participants registered so far, raised by a conditional update in the registration's transaction; the
     * CHECK is the last wall against overbooking when registrations race.
     */
    placesTaken: integer('places_taken').notNull().default(0),
    minParticipants: integer('min_participants').notNull(),
    maxParticipants: integer('max_participants').notNull(),
    /** Moves on with every staff write: a write naming an older one is refused (409 `version_conflict`). */
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('training_session_places_check', sql`${t.placesTaken} >= 0 and ${t.placesTaken} <= ${t.places}`),
  ],
);
