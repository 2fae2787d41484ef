/**
 * The cart's part in checkout, completion, payment and order again: the writes other modules' steps need, so the
 * cart module stays the only writer of carts and their lines.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { CART_TOKEN_DAYS } from '@plasterwick/shop-rules/constants';
import type { Executor } from '../../db/types.ts';
import { DAY_MS } from '@plasterwick/shop-rules/time';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { BasketOwner } from './customer-cart.ts';
import { lineName, type CartDeps, type Pricing } from './packs.ts';
import type { BillingView, DeliveryView } from './schemas.ts';
import { carts, cartLines, type CartRow } from './tables.ts';
import { viewCart, type CartView } from './view.ts';

/** Puts a code on the cart, or takes it off (`null`). */
export async function setDiscount(
  tx: Executor,
  cartId: number,
  discountId: number | null,
  now: Date,
): Promise<CartRow> {
  const [row] = await tx
    .update(carts)
    .set({ discountId, updatedAt: now })
    .where(eq(carts.id, cartId))
    .returning();
  return row as CartRow;
}

/** Stores the checkout steps' choices (delivery, billing) on the cart. */
export async function saveCheckoutSteps(
  tx: Executor,
  cartId: number,
  steps: { delivery: DeliveryView | null; billing: BillingView | null },
  now: Date,
): Promise<CartRow> {
  const [row] = await tx
    .update(carts)
    .set({ delivery: steps.delivery, billing: steps.billing, updatedAt: now })
    .where(eq(carts.id, cartId))
    .returning();
  return row as CartRow;
}

/** The basket is done with (its order is paid or placed on account): its token no longer opens it. */
export async function closeCart(tx: Executor, cartId: number, now: Date): Promise<void> {
  await tx.update(carts).set({ completedAt: now, updatedAt: now }).where(eq(carts.id, cartId));
}

/**
 * A new basket for the customer holding `lines` (order again): the customer's open basket, if any, stops being
 * theirs (it is kept for its token's life, opened by nothing), so the new one is the customer's only open basket.
 */
export async function replaceCustomerBasket(
  tx: Executor,
  deps: CartDeps,
  basket: { siteId: number; owner: BasketOwner; pricing: Pricing; lines: Map<string, number> },
): Promise<{ token: string; view: CartView }> {
  const { owner, pricing } = basket;
  const now = deps.clock.now();
  await tx
    .update(carts)
    .set({ customerId: null, tokenHash: hashToken(newToken()), updatedAt: now })
    .where(and(eq(carts.customerId, owner.customerId), isNull(carts.completedAt)));
  const expiresAt = new Date(now.getTime() + CART_TOKEN_DAYS * DAY_MS);
  const token = owner.tokenFor(expiresAt);
  const [cart] = (await tx
    .insert(carts)
    .values({
      siteId: basket.siteId,
      tokenHash: hashToken(token),
      tokenExpiresAt: expiresAt,
      planId: pricing.plan.id,
      customerId: owner.customerId,
      createdAt: now,
      updatedAt: now,
    })
    .returning()) as [CartRow];
  await tx.insert(cartLines).values(
    [...basket.lines].map(([reference, quantity]) => ({
      cartId: cart.id,
      variantReference: reference,
      name: lineName(pricing.packs.get(reference)!),
      quantity,
    })),
  );
  return { token, view: await viewCart(tx, deps, cart, pricing) };
}
