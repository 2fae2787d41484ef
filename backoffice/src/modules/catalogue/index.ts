/** The public surface of the catalogue module: what routes register and what other modules and flows may use. */
export { categorySchema, productSchema } from './schemas.ts';
export {
  categoryAncestors,
  deleteProduct,
  getCategory,
  getProduct,
  loadPlanCatalogue,
  productPlanIds,
} from './service.ts';
export type { PlanCatalogue } from './service.ts';
