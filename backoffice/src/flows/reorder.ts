/**
 * Order again (spec §4): a new basket for the customer with the lines of one of their orders. The lines whose pack
 * is still sold in the plan of the call at a price above 0 are added; the others are reported as skipped.
 */
import { CART_QUANTITY } from '@plasterwick/shop-rules/constants';
import type { RequestContext } from '../lib/context.ts';
import { DomainError } from '../lib/errors.ts';
import {
  basketOwner,
  planOfCall,
  pricingFor,
  replaceCustomerBasket,
  type CartDeps,
  type CartView,
  type Pricing,
} from '../modules/cart/index.ts';
import { customerOrder, type OrderLineRow } from '../modules/orders/index.ts';

export interface SkippedLine {
  variant_reference: string;
  name: string;
  reason: 'free' | 'unavailable';
}

export interface Reorder {
  token: string;
  view: CartView;
  skipped: SkippedLine[];
}

/** The quantity of each pack still sold at a price (capped at a line's maximum), and the lines left out. */
function sortLines(lines: OrderLineRow[], pricing: Pricing) {
  const quantities = new Map<string, number>();
  const skipped: SkippedLine[] = [];
  for (const line of lines) {
    const pack = pricing.packs.get(line.variantReference);
    const name = `${line.name}, ${line.variantLabel}`;
    if (line.free || (pack && pack.price <= 0)) {
      skipped.push({ variant_reference: line.variantReference, name, reason: 'free' });
    } else if (!pack) {
      skipped.push({ variant_reference: line.variantReference, name, reason: 'unavailable' });
    } else {
      const quantity = (quantities.get(pack.reference) ?? 0) + line.quantity;
      quantities.set(pack.reference, Math.min(quantity, CART_QUANTITY.max));
    }
  }
  return { quantities, skipped };
}

export async function reorder(
  deps: CartDeps & { basketSecret: string },
  context: RequestContext,
  customerId: number,
  number: string,
  lineIds: number[] | undefined,
): Promise<Reorder> {
  const siteId = context.site.id;
  const { order, lines } = await customerOrder(deps.db, { siteId, customerId, number, lineIds });
  const pricing = await pricingFor(deps, planOfCall(context, order));
  const { quantities, skipped } = sortLines(lines, pricing);
  if (quantities.size === 0) {
    throw new DomainError(
      'nothing_to_reorder',
      'None of these products can be ordered again: they are no longer sold, or were free',
      { details: { skipped } },
    );
  }
  const owner = basketOwner(deps.basketSecret, customerId);
  const basket = await deps.db.transaction((tx) =>
    replaceCustomerBasket(tx, deps, { siteId, owner, pricing, lines: quantities }),
  );
  return { ...basket, skipped };
}
