/** The public surface of the search module: what routes register and what other modules and flows may use. */
export { matchProductIds } from './service.ts';
