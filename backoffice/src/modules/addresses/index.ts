/** The public surface of the addresses module: what routes register and what other modules and flows may use. */
export { findAddress, saveCheckoutAddress } from './service.ts';
export type { AddressRow } from './service.ts';
