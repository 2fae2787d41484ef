/** The public surface of the customers module: what routes register and what other modules and flows may use. */
export { requireCustomer, sessionResolver } from './sessions.ts';
export type { CustomerRow } from './sessions.ts';
export { sweepAccountRows } from './sweep.ts';
