/** The search module's public surface: what other modules, flows and the app use (its routes: modules/index.ts). */
export { matchProductIds } from './service.ts';
export { buildSearchIndexes, searchIndexReady, searchIndexesCurrent } from './indexes.ts';
