/**
 * The store locator's public surface: what other modules and flows use. Its routes stay out (modules/index.ts
 * registers them).
 */
export { findStockist, stockistOpeningHours } from './stockists.ts';
