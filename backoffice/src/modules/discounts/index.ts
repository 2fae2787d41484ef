/** The public surface of the discounts module: whether a basket may use a code, and the bookkeeping of its uses. */
export {
  discountError,
  discountRefusal,
  findDiscount,
  findDiscountByCode,
  normaliseCode,
  NOT_VALID,
  type DiscountRefusal,
} from './rules.ts';
export type { DiscountRow } from './tables.ts';
export { recordDiscountUse, releaseDiscountUse, takeDiscountUse, useHolderOf, usedBefore } from './uses.ts';
export { forgetDiscountUses } from './personal-data.ts';
