/** The training calls: sessions as listed, and the registration body (shared with the storefront's form). */
import { z } from 'zod';
import { commonQuery } from '../../lib/params.ts';

export { trainingRegistrationBody } from '@plasterwick/shop-rules/forms';

export const trainingSessionItem = z.object({
  id: z.number().int(),
  title: z.string(),
  location: z.string(),
  starts_on: z.string(),
  places_left: z.number().int(),
  min_participants: z.number().int(),
  max_participants: z.number().int(),
  registration_open: z.boolean(),
});
export type TrainingSessionItem = z.infer<typeof trainingSessionItem>;

export const sessionListQuery = commonQuery.extend({ upcoming: z.enum(['0', '1']).default('1') });
export const sessionListResponse = z.object({
  data: z.object({ items: z.array(trainingSessionItem), total: z.number().int() }),
});
