/**
 * The priced view of a cart: the cart brought in line with the plan it is priced in and with the catalogue (lines
 * no longer sold there removed and named, a code that stopped applying taken off with its reason), then priced by
 * the one pricing function (pricing.ts).
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/types.ts';
import { discountRefusal, findDiscount, type DiscountRefusal, type DiscountRow } from '../discounts/index.ts';
import {
  lineInput,
  pricingPlanOf,
  toDiscountInput,
  type CartDeps,
  type Pack,
  type Pricing,
} from './packs.ts';
import {
  priceCart,
  subtotalOf,
  type DeliveryChoice,
  type Destination,
  type DiscountInput,
  type LineInput,
  type PricedCart,
} from './pricing.ts';
import type { BillingView, DeliveryView } from './schemas.ts';
import { destinationOf } from './shipping.ts';
import { cartLines, carts, type CartRow } from './tables.ts';

export interface CartView {
  cart: CartRow;
  priced: PricedCart;
  discount: DiscountRow | null;
  /** The refusal of a code this view took off the cart (it stopped applying), if any. */
  removedDiscount: { code: string; status: DiscountRefusal | 'gift_unavailable' } | null;
  notice: string | null;
}

const AUDIENCE_NAMES = { pro: 'trade', part: 'DIY' } as const;

function listNames(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** Removes the lines whose pack is not sold in the plan; returns the others and a notice naming the removed. */
async function keepLinesSold(
  tx: Executor,
  cart: CartRow,
  pricing: Pricing,
): Promise<{ kept: LineInput[]; notice: string | null }> {
  const { plan, packs } = pricing;
  const lines = await tx
    .select()
    .from(cartLines)
    .where(eq(cartLines.cartId, cart.id))
    .orderBy(asc(cartLines.id));
  const gone = lines.filter((line) => !packs.has(line.variantReference));
  let notice: string | null = null;
  if (gone.length) {
    await tx.delete(cartLines).where(
      inArray(
        cartLines.id,
        gone.map((line) => line.id),
      ),
    );
    const names = listNames(gone.map((line) => line.name));
    notice =
      cart.planId !== plan.id
        ? `Not sold to ${AUDIENCE_NAMES[plan.target]} customers, so removed from your basket: ${names}.`
        : `No longer available, so removed from your basket: ${names}.`;
  }
  const kept = lines
    .filter((line) => packs.has(line.variantReference))
    .map((line) => lineInput(packs.get(line.variantReference)!, line.id, line.quantity));
  return { kept, notice };
}

interface CheckedDiscount {
  discount: DiscountRow | null;
  input: DiscountInput | null;
  removed: CartView['removedDiscount'];
  notice: string | null;
}

/** The cart's code if it still applies to these lines now; else why it was taken off. */
async function checkDiscount(
  tx: Executor,
  deps: CartDeps,
  cart: CartRow,
  kept: LineInput[],
  packs: Map<string, Pack>,
  plan: Pricing['plan'],
): Promise<CheckedDiscount> {
  const discount = cart.discountId === null ? null : ((await findDiscount(tx, cart.discountId)) ?? null);
  if (!discount) return { discount: null, input: null, removed: null, notice: null };
  const pricingPlan = pricingPlanOf(plan);
  const subtotal = subtotalOf(kept, pricingPlan);
  const refusal =
    discountRefusal(discount, {
      audience: plan.target,
      subtotal: pricingPlan.pricesIncludeVat ? subtotal.inc : subtotal.ex,
      now: deps.clock.now(),
    }) ?? (kept.length === 0 ? { message: 'Your basket is empty' } : null);
  const input = refusal ? null : toDiscountInput(discount, packs);
  if (input) return { discount, input, removed: null, notice: null };
  return {
    discount: null,
    input: null,
    removed: {
      code: discount.code,
      status: refusal && 'status' in refusal ? refusal.status : 'gift_unavailable',
    },
    notice: `The code ${discount.code} no longer applies and was removed: ${refusal?.message ?? 'its gift is no longer available'}.`,
  };
}

function deliveryChoiceOf(delivery: DeliveryView | null): DeliveryChoice {
  if (delivery?.method === 'delivery') return { method: 'delivery', carrierCode: delivery.carrier_code };
  if (delivery?.method === 'collect') return { method: 'collect' };
  return null;
}

/**
 * The cart priced in `pricing.plan`, after bringing it in line with that plan and the catalogue: lines no longer
 * sold there are removed (named in the notice), the plan is recorded, and a code that stopped applying is taken
 * off (with its reason). `destination` overrides the delivery address's for an estimate to a postcode.
 */
export async function viewCart(
  tx: Executor,
  deps: CartDeps,
  cart: CartRow,
  pricing: Pricing,
  options: { destination?: Destination } = {},
): Promise<CartView> {
  const { plan, packs } = pricing;
  const { kept, notice: linesNotice } = await keepLinesSold(tx, cart, pricing);
  const checked = await checkDiscount(tx, deps, cart, kept, packs, plan);
  let row = cart;
  if (cart.planId !== plan.id || (cart.discountId !== null && checked.discount === null)) {
    [row] = (await tx
      .update(carts)
      .set({ planId: plan.id, discountId: checked.discount?.id ?? null, updatedAt: deps.clock.now() })
      .where(eq(carts.id, cart.id))
      .returning()) as [CartRow];
  }
  const delivery = row.delivery as DeliveryView | null;
  const priced = priceCart({
    plan: pricingPlanOf(plan),
    lines: kept,
    discount: checked.input,
    carriers: pricing.carriers,
    destination:
      options.destination ??
      (delivery?.method === 'delivery' ? destinationOf(delivery.address.postcode) : 'mainland'),
    delivery: deliveryChoiceOf(delivery),
  });
  const notices = [linesNotice, checked.notice].filter((notice) => notice !== null);
  return {
    cart: row,
    priced,
    discount: checked.discount,
    removedDiscount: checked.removed,
    notice: notices.length ? notices.join(' ') : null,
  };
}

/** The billing step as it applies: "same as delivery" carries the delivery address (null when there is none). */
export function resolvedBilling(
  delivery: DeliveryView | null,
  billing: BillingView | null,
): BillingView | null {
  if (!billing) return null;
  if (!billing.same_as_delivery) return billing;
  return {
    same_as_delivery: true,
    address: delivery?.method === 'delivery' ? (delivery.address as BillingView['address']) : null,
  };
}
