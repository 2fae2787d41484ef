/** The public surface of the forms module: what routes register and what other modules and flows may use. */
export { decoyId, insertSubmission } from './service.ts';
