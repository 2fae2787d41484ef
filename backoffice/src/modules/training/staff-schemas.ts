/** The staff calls of training sessions (`/staff/training-sessions…`, content:write): bodies and answers. */
import { TRAINING } from '@plasterwick/shop-rules/constants';
import { z } from 'zod';
import { writeVersion } from '../../lib/http.ts';
import { commonQuery } from '../../lib/params.ts';

const instant = z.iso.datetime({ offset: true });
const participants = z.number().int().min(1).max(50);

export const staffTrainingSession = z.object({
  id: z.number().int(),
  version: z.number().int(),
  title: z.string(),
  location: z.string(),
  starts_on: z.string(),
  places: z.number().int(),
  places_taken: z.number().int(),
  min_participants: z.number().int(),
  max_participants: z.number().int(),
  updated_at: z.string(),
});
export type StaffTrainingSession = z.infer<typeof staffTrainingSession>;

const fields = {
  title: z.string().trim().min(1).max(200),
  location: z.string().trim().min(1).max(300),
  starts_on: instant,
  places: z.number().int().min(0).max(1000),
  min_participants: participants,
  max_participants: participants,
};

const participantsInOrder = (body: { min_participants?: number; max_participants?: number }) =>
  body.min_participants === undefined ||
  body.max_participants === undefined ||
  body.min_participants <= body.max_participants;
const participantsMessage = {
  message: 'The least participants per registration cannot be more than the most',
  path: ['min_participants'],
};

export const trainingSessionCreate = z
  .object({
    ...fields,
    min_participants: participants.default(TRAINING.minParticipants),
    max_participants: participants.default(TRAINING.maxParticipants),
  })
  .strict()
  .refine(participantsInOrder, participantsMessage);
export type TrainingSessionCreate = z.infer<typeof trainingSessionCreate>;

/** The named fields change, from the session's `version`; places never go below the participants registered. */
export const trainingSessionPatch = z
  .object({ version: writeVersion, ...z.object(fields).partial().shape })
  .strict()
  .refine(participantsInOrder, participantsMessage);
export type TrainingSessionPatch = z.infer<typeof trainingSessionPatch>;

export const trainingSessionParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const staffTrainingQuery = commonQuery;
export const staffTrainingAnswer = z.object({ data: staffTrainingSession });
