/** The public surface of the checkout module: what routes register and what other modules and flows may use. */
export { confirmationUrl } from './service.ts';
