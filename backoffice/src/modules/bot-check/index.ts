/**
 * The bot check's public surface: what other modules' form routes and flows use. Its route stays out
 * (modules/index.ts registers it).
 */
export { verifyBotCheck } from './service.ts';
export { sweepExpiredSolutions } from './adapter.ts';
