/** Every API module, registered under /api/v1 by the app factory. Each module is a Fastify plugin. */
import type { FastifyPluginAsync } from 'fastify';
import { healthRoutes } from './health/routes.ts';

export const apiModules: FastifyPluginAsync[] = [healthRoutes];
