/** The builds module's public surface: its routes (registered by modules/index.ts) and the derived status. */
export { buildRoutes } from './routes.ts';
export { buildStatus } from './service.ts';
