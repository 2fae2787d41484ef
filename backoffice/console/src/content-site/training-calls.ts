/** The training dates screen's calls: every session (public list), one with its version, create and change. */
import { unwrap, type Api } from '../api/client.ts';
import { SITE } from '../orders/site.ts';

export interface StaffTrainingSession {
  id: number;
  version: number;
  title: string;
  location: string;
  starts_on: string;
  places: number;
  places_taken: number;
  min_participants: number;
  max_participants: number;
  updated_at: string;
}

export interface TrainingSessionFields {
  title: string;
  location: string;
  starts_on: string;
  places: number;
}

/** Every session, past ones too, earliest first (id, title, place, start, places left). */
export async function listTrainingSessions(api: Api) {
  const { data } = await unwrap(
    api.GET('/api/v1/training-session', { params: { query: { ...SITE, upcoming: '0' } } }),
  );
  return data.items;
}

export async function oneTrainingSession(api: Api, id: number): Promise<StaffTrainingSession> {
  const { data } = await unwrap(
    api.GET('/api/v1/staff/training-sessions/{id}', { params: { path: { id }, query: SITE } }),
  );
  return data;
}

export async function createTrainingSession(
  api: Api,
  body: TrainingSessionFields,
): Promise<StaffTrainingSession> {
  return (await unwrap(api.POST('/api/v1/staff/training-sessions', { params: { query: SITE }, body }))).data;
}

export async function changeTrainingSession(
  api: Api,
  session: StaffTrainingSession,
  changes: Partial<TrainingSessionFields>,
): Promise<StaffTrainingSession> {
  const { data } = await unwrap(
    api.PATCH('/api/v1/staff/training-sessions/{id}', {
      params: { path: { id: session.id }, query: SITE },
      body: { ...changes, version: session.version },
    }),
  );
  return data;
}
