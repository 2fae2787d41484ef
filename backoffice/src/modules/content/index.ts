/**
 * The content module's public surface: what other modules, flows, the seed and the data migrations use. Its
 * routes stay out (modules/index.ts registers them).
 */
export { audienceSchema, resources } from './resources.ts';
export type { MenuItem, ResourceName } from './resources.ts';
export {
  deleteNoticesOfProduct,
  findEntry,
  loadLookup,
  noticesOfProduct,
  setProductSheet,
} from './service.ts';
export type { ProductNotice, ProductSheetFile } from './service.ts';
export { fireDueSchedules } from './schedule.ts';
export { historyOf, recordRevision, revisionSnapshot } from './revisions.ts';
export {
  entryViewSchema,
  restoreBody,
  staffEntryParams,
  writeErrors as lifecycleWriteErrors,
} from './staff-schemas.ts';
export type { HistoryItem, RevisionRecord } from './revisions.ts';
