/** The public surface of the bot-check module: what routes register and what other modules and flows may use. */
export { verifyBotCheck } from './service.ts';
export { sweepExpiredSolutions } from './adapter.ts';
