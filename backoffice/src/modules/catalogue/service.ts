/**
 * The catalogue's service: every read and write the routes and other modules call, one file per entity below
 * (categories.ts, products.ts for product reads, product-writes.ts), on top of the per-plan read model
 * (read-model.ts). Only these files query the catalogue tables.
 */
export {
  categoryAncestors,
  createCategory,
  deleteCategory,
  getCategory,
  listCategories,
  patchCategory,
  replaceCategory,
} from './categories.ts';
export { createProduct, deleteProduct, patchProduct, replaceProduct } from './product-writes.ts';
export { addVariant, patchVariant, removeVariant } from './variant-writes.ts';
export { getProduct, guideFilters, listProducts, productFacets, scanProduct } from './products.ts';
export {
  currentPacks,
  loadPlanCatalogue,
  productPlanIds,
  syncCategoryPlans,
  type PlanCatalogue,
} from './read-model.ts';
