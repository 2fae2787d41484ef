/** How the console words a discount's value and uses. */
import { pounds } from '../money.ts';
import type { StaffDiscount } from './discount-form.ts';

/** "12 % off", "£5.00 off", "Free pack PW-1121-50". */
export function valueLabel(discount: StaffDiscount): string {
  if (discount.kind === 'percentage') return `${discount.percent ?? 0} % off`;
  if (discount.kind === 'fixed_amount') return `${pounds(discount.amount_pence ?? 0)} off`;
  return `Free pack ${discount.free_variant_reference ?? ''}`;
}

/** "3 of 100", or "3" without a limit. */
export function usesLabel(discount: StaffDiscount): string {
  return discount.usage_limit === null
    ? String(discount.used)
    : `${discount.used} of ${discount.usage_limit}`;
}
