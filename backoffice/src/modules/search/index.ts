/** The search module's public surface: what other modules and flows use (its routes: modules/index.ts). */
export { matchProductIds } from './service.ts';
