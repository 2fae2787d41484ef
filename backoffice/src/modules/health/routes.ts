/** Readiness: answers 200 once the database answers a query. */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthResponse } from './schemas.ts';
import { checkDatabase } from './service.ts';

export const healthRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness check',
        response: { 200: healthResponse },
      },
    },
    async () => {
      await checkDatabase(app.db);
      return { status: 'ok' as const, database: 'up' };
    },
  );
};
