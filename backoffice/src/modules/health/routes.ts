/**
 * Health (issue 27). At the root, for load balancers and orchestrators: `GET /health/live` (the process answers;
 * no database call) and `GET /health/ready` (modules/health/service.ts). Under the API, `GET /api/v1/health`
 * as tools have always called it: ready, with the database named. Not ready is a 503 whose message says why.
 * They answer any address (a load balancer's is not known in advance) and tell nothing about the shop.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiError } from '../../lib/errors.ts';
import { errorBody } from '../../lib/http.ts';
import { healthResponse, probeResponse } from './schemas.ts';
import { readiness } from './service.ts';
import { searchIndexReady } from '../search/index.ts';

const tags = ['system'];

/** Resolves when this back-office may take traffic; a 503 saying why otherwise. */
async function requireReady(app: FastifyInstance): Promise<void> {
  const answer = await readiness(app.db, app.isDraining());
  if (!answer.ready) throw new ApiError(503, 'service_unavailable', answer.reason);
  // Search answers from memory (issue 29): a back-office takes traffic once its first index is built.
  if (!searchIndexReady(app))
    throw new ApiError(503, 'service_unavailable', 'The search index is being built');
}

/** Registered under /api/v1 with the other modules. */
export const healthRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/health',
    {
      schema: {
        tags,
        summary: 'Readiness check (as `/health/ready`, with the database named)',
        response: { 200: healthResponse, 503: errorBody },
      },
    },
    async () => {
      await requireReady(app);
      return { status: 'ok' as const, database: 'up' };
    },
  );
};

/** Registered at the root, where load balancers probe. */
export const healthProbeRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/health/live',
    {
      schema: {
        tags,
        summary: 'Liveness: the process answers (no database call)',
        response: { 200: probeResponse },
      },
    },
    async () => ({ status: 'ok' as const }),
  );
  app.get(
    '/health/ready',
    {
      schema: {
        tags,
        summary:
          'Readiness: not shutting down, the database answers, every migration of this release is applied and ' +
          'the search index is built; 503 with the reason otherwise',
        response: { 200: probeResponse, 503: errorBody },
      },
    },
    async () => {
      await requireReady(app);
      return { status: 'ok' as const };
    },
  );
};
