/** The public surface of the store-locator module: what routes register and what other modules and flows may use. */
export { findStockist } from './stockists.ts';
