/** The public surface of the health module: its routes (the app factory registers the root probes itself). */
export { healthProbeRoutes, healthRoutes } from './routes.ts';
