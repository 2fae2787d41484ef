/**
 * The catalogue module's public surface: what other modules, flows and the seed use. Its routes stay out
 * (modules/index.ts registers them).
 */
export { categorySchema, productSchema } from './schemas.ts';
export {
  categoryAncestors,
  deleteProduct,
  getCategory,
  getProduct,
  loadPlanCatalogue,
  productPlanIds,
  syncCategoryPlans,
} from './service.ts';
export type { PlanCatalogue } from './service.ts';
