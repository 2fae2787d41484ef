/** The public surface of the cart module: the basket, its priced view and its part in checkout and orders. */
export { cartAnswer } from './answer.ts';
export { closeCart, replaceCustomerBasket, saveCheckoutSteps, setDiscount } from './completion.ts';
export {
  basketOwner,
  customerCartTokenResolver,
  mergeGuestBasket,
  type BasketOwner,
} from './customer-cart.ts';
export { pricingFor, pricingReadAgain, type CartDeps, type Pricing } from './packs.ts';
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
export { cartForCompletion, cartNotFound, planOfCall, withOpenCart } from './service.ts';
export { checkedPostcode, destinationOf } from './shipping.ts';
export type { CartRow } from './tables.ts';
export { resolvedBilling, viewCart, type CartView } from './view.ts';
export { lockGuestBasket } from './customer-cart.ts';
export type { BasketToken } from './customer-cart.ts';
export { sweepExpiredCarts } from './sweep.ts';
export type { CartsToKeep } from './sweep.ts';
export { deleteCustomerCarts } from './personal-data.ts';
