/**
 * Discount codes: whether a basket may use one (a refusal has the contract's status and a message for the shopper,
 * amounts in the spec's price format). The use itself is taken at completion by a conditional update (uses.ts),
 * so a code with a usage limit can never be used more often than that.
 */
import type { DiscountRefusal } from '@plasterwick/shop-rules/discounts';
import { formatPrice } from '@plasterwick/shop-rules/price-format';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/types.ts';
import { DomainError } from '../../lib/errors.ts';
import { discounts, type DiscountRow } from './tables.ts';

export type { DiscountRefusal };

/** The refusal of a code the site does not have, or has deactivated. */
export const NOT_VALID = 'This code is not valid';

/** A code as the basket looks it up and staff store it: trimmed, upper case. */
export const normaliseCode = (code: string) => code.trim().toUpperCase();

const AUDIENCE_CUSTOMERS = { pro: 'trade', part: 'DIY' } as const;

/**
 * Why a basket cannot use `discount` now, or null when it can. `subtotal` is the basket's paid lines in the basis
 * of its plan (inc VAT for DIY, ex VAT for trade), the basis of the code's minimum.
 */
export function discountRefusal(
  discount: DiscountRow,
  basket: { audience: 'pro' | 'part'; subtotal: number; now: Date },
): { status: DiscountRefusal; message: string } | null {
  const { audience, subtotal, now } = basket;
  // A deactivated code is refused as any unknown code is: the shopper need not know it existed.
  if (!discount.active) return { status: 'discount_not_found', message: NOT_VALID };
  if (discount.startsAt && now < discount.startsAt) {
    return { status: 'discount_expired', message: 'This code cannot be used yet' };
  }
  if (discount.endsAt && now >= discount.endsAt) {
    return { status: 'discount_expired', message: 'This code has expired' };
  }
  if (discount.audience && discount.audience !== audience) {
    return {
      status: 'discount_not_for_audience',
      message: `This code is for ${AUDIENCE_CUSTOMERS[discount.audience]} customers only`,
    };
  }
  if (discount.usageLimit !== null && discount.used >= discount.usageLimit) {
    return {
      status: 'discount_exhausted',
      message: 'This code has already been used the maximum number of times',
    };
  }
  if (discount.minSubtotalPence !== null && subtotal < discount.minSubtotalPence) {
    return {
      status: 'discount_minimum_not_met',
      message: `Spend ${formatPrice(discount.minSubtotalPence - subtotal)} more to use this code`,
    };
  }
  return null;
}

/** The refusal as an error about the code the shopper typed. */
export const discountError = (refusal: { status: DiscountRefusal; message: string }) =>
  new DomainError(refusal.status, refusal.message, { fields: [{ field: 'code', message: refusal.message }] });

/** A code of the site, matched in upper case. */
export async function findDiscountByCode(
  db: Executor,
  siteId: number,
  code: string,
): Promise<DiscountRow | undefined> {
  const [row] = await db
    .select()
    .from(discounts)
    .where(and(eq(discounts.siteId, siteId), eq(discounts.code, normaliseCode(code))));
  return row;
}

export async function findDiscount(db: Executor, id: number): Promise<DiscountRow | undefined> {
  const [row] = await db.select().from(discounts).where(eq(discounts.id, id));
  return row;
}
