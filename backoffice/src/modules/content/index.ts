/** The public surface of the content module: what routes register and what other modules and flows may use. */
export { audienceSchema, resources } from './resources.ts';
export { deleteNoticesOfProduct, findEntry, loadLookup } from './service.ts';
