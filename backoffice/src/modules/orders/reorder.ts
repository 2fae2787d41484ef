/**
 * "Order again" (spec §4, commerce.md "Accounts"): the lines of one of the customer's orders, or the ones named,
 * go into a NEW basket, priced now in the plan of the call (else the order's). Only lines whose pack is still
 * sold there at a price above 0 are kept: a gift line (a `free_product` code's) or a pack now priced 0 is
 * skipped as `free`, a pack no longer sold as `unavailable`, and both are reported. The customer's previous open
 * basket is detached (no customer, a token nobody holds: it stays only for an order that may still wait for its
 * payment), so the unique open basket per customer holds, and the new one gets the customer's kind of token.
 */
import { CART_QUANTITY, CART_TOKEN_DAYS } from '@plasterwick/shop-rules/constants';
import { DAY_MS } from '@plasterwick/shop-rules/time';
import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { cartLines, carts, orderLines, orders } from '../../db/schema.ts';
import type { RequestContext } from '../../lib/context.ts';
import { ApiError, badRequest, notFound } from '../../lib/errors.ts';
import { basketOwner } from '../cart/index.ts';
import {
  cartNotFound,
  hashToken,
  pricingFor,
  viewCart,
  type CartDeps,
  type CartRow,
  type CartView,
} from '../cart/index.ts';

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

export async function reorder(
  deps: CartDeps & { apiKey: string },
  context: RequestContext,
  customerId: number,
  number: string,
  lineIds: number[] | undefined,
): Promise<Reorder> {
  const [order] = await deps.db
    .select()
    .from(orders)
    .where(
      and(eq(orders.number, number), eq(orders.siteId, context.site.id), eq(orders.customerId, customerId)),
    );
  // Another customer's order, or a guest's, looks like an unknown one.
  if (!order) throw notFound(`Order ${number}`);
  const lines = await deps.db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.position));
  const chosen = lineIds
    ? lineIds.map((id, index) => {
        const line = lines.find((candidate) => candidate.id === id);
        if (!line) {
          throw badRequest(`Line ${id} is not a line of order ${number}`, [
            { field: `body.line_ids.${index}`, message: 'Not a line of this order' },
          ]);
        }
        return line;
      })
    : lines;

  const plan = context.plan ?? context.plans.find((candidate) => candidate.id === order.planId);
  if (!plan) throw cartNotFound();
  const pricing = await pricingFor(deps, plan);
  const quantities = new Map<string, number>();
  const skipped: SkippedLine[] = [];
  for (const line of chosen) {
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
  if (quantities.size === 0) {
    throw new ApiError(
      409,
      'nothing_to_reorder',
      'None of these products can be ordered again: they are no longer sold, or were free',
      { extra: { skipped } },
    );
  }

  const owner = basketOwner(deps.apiKey, customerId);
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    await tx
      .update(carts)
      .set({ customerId: null, tokenHash: hashToken(randomBytes(32).toString('base64url')), updatedAt: now })
      .where(and(eq(carts.customerId, customerId), isNull(carts.completedAt)));
    const expiresAt = new Date(now.getTime() + CART_TOKEN_DAYS * DAY_MS);
    const token = owner.tokenFor(expiresAt);
    const [cart] = (await tx
      .insert(carts)
      .values({
        siteId: context.site.id,
        tokenHash: hashToken(token),
        tokenExpiresAt: expiresAt,
        planId: plan.id,
        customerId,
        createdAt: now,
        updatedAt: now,
      })
      .returning()) as [CartRow];
    await tx.insert(cartLines).values(
      [...quantities].map(([reference, quantity]) => {
        const pack = pricing.packs.get(reference)!;
        return {
          cartId: cart.id,
          variantReference: reference,
          name: `${pack.productName}, ${pack.label}`,
          quantity,
        };
      }),
    );
    return { token, view: await viewCart(tx, deps, cart, pricing), skipped };
  });
}
