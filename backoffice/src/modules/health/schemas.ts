/** The health answers. */
import { z } from 'zod';

/** `GET /api/v1/health`, as tools have always read it. */
export const healthResponse = z.object({ status: z.literal('ok'), database: z.string() });

/** `GET /health/live` and `GET /health/ready` when they pass. */
export const probeResponse = z.object({ status: z.literal('ok') });
