/** The public surface of the cart module: what routes register and what other modules and flows may use. */
export { basketOwner, customerCartTokenResolver, mergeGuestBasket } from './customer-cart.ts';
export type { PricedCart } from './pricing.ts';
export {
  amountSchema,
  billingView,
  cartQuery,
  cartResponse,
  cartSchema,
  deliveryView,
  shippingQuery,
} from './schemas.ts';
export type { BillingView, DeliveryView } from './schemas.ts';
export {
  cartAnswer,
  cartNotFound,
  hashToken,
  pricingFor,
  resolvedBilling,
  viewCart,
  withOpenCart,
} from './service.ts';
export type { CartDeps, CartRow, CartView } from './service.ts';
export { checkedPostcode, destinationOf } from './shipping.ts';
export { sweepExpiredCarts } from './sweep.ts';
export type { CartsToKeep } from './sweep.ts';
