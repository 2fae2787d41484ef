/** Training sessions (`GET /training-session`), mapped to the storefront's shape. */
import { z } from 'zod';
import type { ApiClient } from './client.ts';
import { listEnvelope } from './shared.ts';

const sessionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  location: z.string(),
  starts_on: z.string(),
  places_left: z.number().int(),
  min_participants: z.number().int(),
  max_participants: z.number().int(),
  registration_open: z.boolean(),
});

export interface TrainingSession {
  id: number;
  title: string;
  location: string;
  /** ISO date-time of the course day. */
  startsOn: string;
  placesLeft: number;
  minParticipants: number;
  maxParticipants: number;
  registrationOpen: boolean;
}

/** Every session the back-office lists, soonest first. */
export async function listTrainingSessions(api: ApiClient): Promise<TrainingSession[]> {
  // The route is not paged: it answers every upcoming session.
  const { data } = await api.get('/training-session', listEnvelope(sessionSchema), { withoutPlan: true });
  return data.items
    .map((item) => ({
      id: item.id,
      title: item.title,
      location: item.location,
      startsOn: item.starts_on,
      placesLeft: item.places_left,
      minParticipants: item.min_participants,
      maxParticipants: item.max_participants,
      registrationOpen: item.registration_open,
    }))
    .sort((a, b) => a.startsOn.localeCompare(b.startsOn));
}
