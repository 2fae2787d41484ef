/** Every API module, registered under /api/v1 by the app factory. Each module is a Fastify plugin. */
import type { FastifyPluginAsync } from 'fastify';
import { addressRoutes } from './addresses/routes.ts';
import { auditRoutes } from './audit/routes.ts';
import { botCheckRoutes } from './bot-check/routes.ts';
import { cartRoutes } from './cart/routes.ts';
import { checkoutRoutes } from './checkout/routes.ts';
import { catalogueRoutes } from './catalogue/routes.ts';
import { staffProductRoutes } from './catalogue/staff-product-routes.ts';
import { staffCategoryRoutes } from './catalogue/staff-category-routes.ts';
import { contentRoutes } from './content/routes.ts';
import { customerRoutes } from './customers/routes.ts';
import { staffDiscountRoutes } from './discounts/staff-routes.ts';
import { documentRoutes } from './documents/routes.ts';
import { formRoutes } from './forms/routes.ts';
import { healthRoutes } from './health/routes.ts';
import { mediaRoutes } from './media/routes.ts';
import { orderRoutes } from './orders/routes.ts';
import { paymentRoutes } from './payments/routes.ts';
import { redirectRoutes } from './redirect/routes.ts';
import { staffRedirectRoutes } from './redirect/staff-routes.ts';
import { staffContentRoutes } from './content/staff-routes.ts';
import { searchRoutes } from './search/routes.ts';
import { siteRoutes } from './site/routes.ts';
import { staffRoutes } from './staff/routes.ts';
import { storeLocatorRoutes } from './store-locator/routes.ts';
import { tradeRoutes } from './trade/routes.ts';
import { trainingRoutes } from './training/routes.ts';
import { urlRoutes } from './url/routes.ts';
import { wishlistRoutes } from './wishlist/routes.ts';

export const apiModules: FastifyPluginAsync[] = [
  healthRoutes,
  siteRoutes,
  contentRoutes,
  mediaRoutes,
  redirectRoutes,
  storeLocatorRoutes,
  botCheckRoutes,
  formRoutes,
  trainingRoutes,
  catalogueRoutes,
  searchRoutes,
  urlRoutes,
  cartRoutes,
  checkoutRoutes,
  orderRoutes,
  documentRoutes,
  addressRoutes,
  wishlistRoutes,
  tradeRoutes,
  customerRoutes,
  paymentRoutes,
  staffRoutes,
  auditRoutes,
  staffDiscountRoutes,
  staffProductRoutes,
  staffRedirectRoutes,
  staffCategoryRoutes,
  staffContentRoutes,
];
