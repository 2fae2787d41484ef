/** `GET /redirect`: the old URLs the back-office knows (spec §2), for the build's `_redirects` table. */
import { z } from 'zod';
import type { ApiClient } from './client.ts';
import { listEnvelope } from './shared.ts';

export interface OldUrlRedirect {
  from: string;
  to: string;
  status?: number;
}

const redirectListSchema = listEnvelope(
  z.object({ from: z.string(), to: z.string(), status: z.number().int().optional() }),
);

/** Every old-URL redirect (not plan-specific). */
export async function listRedirects(api: ApiClient): Promise<OldUrlRedirect[]> {
  const { data } = await api.get('/redirect', redirectListSchema, { withoutPlan: true });
  return data.items;
}
