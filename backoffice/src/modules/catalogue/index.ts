/**
 * The catalogue module's public surface: what other modules, flows and the seed use. Its routes stay out
 * (modules/index.ts registers them).
 */
export { categorySchema, productSchema } from './schemas.ts';
export {
  categoryAncestors,
  currentPacks,
  deleteProduct,
  getCategory,
  getProduct,
  loadPlanCatalogue,
  productPlanIds,
  syncCategoryPlans,
} from './service.ts';
export type { PlanCatalogue } from './service.ts';
export { safetyDataSheet } from './documents/safety-data-sheet.ts';
export { sheetProductFromDb } from './documents/sheet-data.ts';
export { technicalDataSheet } from './documents/technical-data-sheet.ts';
export { preparePicture } from './picture-files.ts';
export { addPicture, productPictures, type ProductPicture } from './product-pictures.ts';
