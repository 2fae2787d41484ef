/**
 * The basket (api-contract.md "Cart"): carts opened by a hashed 32-byte token valid 3 days from when it was set,
 * lines of packs, one discount code, the checkout steps' choices. Every change runs in a transaction holding the
 * cart row's lock, and every answer is priced by the one pricing function (view.ts) in the plan of the call: a
 * call in the other audience keeps the lines sold there (re-priced) and removes the others, naming them. The
 * cart module is the only writer of carts and their lines: checkout, completion and reorder call completion.ts,
 * the housekeeping job sweep.ts.
 */
import { CART_MAX_LINES } from '@plasterwick/shop-rules/checkout';
import { CART_QUANTITY, CART_TOKEN_DAYS } from '@plasterwick/shop-rules/constants';
import { DAY_MS } from '@plasterwick/shop-rules/time';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/types.ts';
import type { RequestContext, SalesPlan } from '../../lib/context.ts';
import { DomainError, notFound } from '../../lib/errors.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { discountError, discountRefusal, findDiscountByCode, NOT_VALID } from '../discounts/index.ts';
import { customerBasket, type BasketOwner } from './customer-cart.ts';
import {
  lineName,
  packsOfItems,
  pricingFor,
  pricingPlanOf,
  quantityTooLarge,
  toDiscountInput,
  type CartDeps,
  type ItemInput,
  type Pricing,
  type WantedPack,
} from './packs.ts';
import { destinationOf } from './shipping.ts';
import { cartLines, carts, type CartRow } from './tables.ts';
import { setDiscount } from './completion.ts';
import { viewCart, type CartView } from './view.ts';

declare module '../../lib/context.ts' {
  interface ShopValues {
    /** The cart token of the request (`X-Cart-Token`, or `cart_token` in the query or body); null when none. */
    cartToken: string | null;
  }
}

export const cartNotFound = () =>
  new DomainError('cart_not_found', 'This basket does not exist or has expired: start a new one');

// ---- finding a cart -----------------------------------------------------------------------------------------

/**
 * The cart of a token, not expired, locked for the rest of the transaction when asked. `open` leaves out a
 * completed cart (every basket call); completion takes one too (a paid cart still finds its order until its token
 * expires).
 */
async function cartOfToken(
  db: Executor,
  siteId: number,
  token: string,
  now: Date,
  options: { lock: boolean; open: boolean },
): Promise<CartRow | undefined> {
  const query = db
    .select()
    .from(carts)
    .where(
      and(
        eq(carts.tokenHash, hashToken(token)),
        eq(carts.siteId, siteId),
        gt(carts.tokenExpiresAt, now),
        options.open ? isNull(carts.completedAt) : undefined,
      ),
    );
  const [row] = await (options.lock ? query.for('update') : query);
  return row;
}

/** The open cart of a token (not completed, not expired). */
const openCart = (db: Executor, siteId: number, token: string, now: Date, lock: boolean) =>
  cartOfToken(db, siteId, token, now, { lock, open: true });

/** The cart of a token for completion, open or completed. */
export const cartForCompletion = (db: Executor, siteId: number, token: string, now: Date, lock: boolean) =>
  cartOfToken(db, siteId, token, now, { lock, open: false });

/** The plan a cart call prices in: the plan of the call, else the one the cart was last priced in. */
export function planOfCall(context: RequestContext, cart: Pick<CartRow, 'planId'>): SalesPlan {
  const plan = context.plan ?? context.plans.find((p) => p.id === cart.planId);
  if (!plan) throw cartNotFound();
  return plan;
}

/**
 * Runs `change` on the open cart of `token` in a transaction holding its row lock; 404 `cart_not_found` when the
 * token opens no cart. Catalogue and carriers are read before the transaction.
 */
export async function withOpenCart<T>(
  deps: CartDeps,
  context: RequestContext,
  token: string | null,
  change: (tx: Executor, cart: CartRow, pricing: Pricing) => Promise<T>,
): Promise<T> {
  if (!token) throw cartNotFound();
  const found = await openCart(deps.db, context.site.id, token, deps.clock.now(), false);
  if (!found) throw cartNotFound();
  const pricing = await pricingFor(deps, planOfCall(context, found));
  return deps.db.transaction(async (tx) => {
    const cart = await openCart(tx, context.site.id, token, deps.clock.now(), true);
    if (!cart) throw cartNotFound();
    return change(tx, cart, pricing);
  });
}

// ---- the calls ----------------------------------------------------------------------------------------------

const tokenExpiryFrom = (now: Date) => new Date(now.getTime() + CART_TOKEN_DAYS * DAY_MS);

/**
 * The open cart of `token`, locked, or a new one (valid 3 days from now) with its token; with an `owner` (a
 * logged-in call whose customer has no open basket) the new cart is the customer's, its token of the customer's
 * kind, and when a call at the same time opened it first, that one is used.
 */
async function openOrCreateCart(
  tx: Executor,
  context: RequestContext,
  plan: SalesPlan,
  token: string | null,
  owner: BasketOwner | undefined,
  now: Date,
): Promise<{ cart: CartRow; created: string | null }> {
  const open = token ? await openCart(tx, context.site.id, token, now, true) : undefined;
  if (open) return { cart: open, created: null };
  const tokenExpiresAt = tokenExpiryFrom(now);
  const created = owner ? owner.tokenFor(tokenExpiresAt) : newToken();
  const [cart] = await tx
    .insert(carts)
    .values({
      siteId: context.site.id,
      tokenHash: hashToken(created),
      tokenExpiresAt,
      planId: plan.id,
      customerId: owner?.customerId ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (cart) return { cart, created };
  // `cart_customer_open`: the customer's basket was opened by a call at the same time.
  const theirs = owner ? await customerBasket(tx, owner.customerId, true) : undefined;
  if (!theirs) throw new Error('the new basket was not stored');
  return { cart: theirs, created: null };
}

/** Adds the wanted packs to the cart's lines: quantities add up per pack (999 at most), 50 packs at most. */
async function addWantedLines(tx: Executor, cartId: number, wanted: WantedPack[]): Promise<void> {
  const existing = await tx.select().from(cartLines).where(eq(cartLines.cartId, cartId));
  const byReference = new Map(existing.map((line) => [line.variantReference, line]));
  const added = wanted.filter((item) => !byReference.has(item.pack.reference)).length;
  if (existing.length + added > CART_MAX_LINES) {
    throw new DomainError('invalid_request', `A basket holds at most ${CART_MAX_LINES} different packs`, {
      fields: [{ field: 'items', message: `At most ${CART_MAX_LINES} different packs` }],
    });
  }
  for (const item of wanted) {
    const line = byReference.get(item.pack.reference);
    const quantity = (line?.quantity ?? 0) + item.quantity;
    if (quantity > CART_QUANTITY.max) throw quantityTooLarge(item.index);
    const name = lineName(item.pack);
    if (line) await tx.update(cartLines).set({ quantity, name }).where(eq(cartLines.id, line.id));
    else await tx.insert(cartLines).values({ cartId, variantReference: item.pack.reference, name, quantity });
  }
}

/**
 * `POST /cart/items`: adds to the open cart of `token`, or opens a new cart (valid 3 days from now) when the token
 * is missing, unknown or expired. Quantities add up per pack, to 999 at most. With an `owner` (a logged-in call
 * whose customer has no open basket) the new cart is the customer's.
 */
export async function addItems(
  deps: CartDeps,
  context: RequestContext,
  plan: SalesPlan,
  token: string | null,
  items: ItemInput[],
  owner?: BasketOwner,
): Promise<{ token: string | null; view: CartView }> {
  const wanted = await packsOfItems(deps, context.site.id, plan, items);
  const pricing = await pricingFor(deps, plan);
  const now = deps.clock.now();
  const result = await deps.db.transaction(async (tx) => {
    const { cart, created } = await openOrCreateCart(tx, context, plan, token, owner, now);
    await addWantedLines(tx, cart.id, wanted);
    const current = created ? cart : await touch(tx, deps, cart);
    return { token: created, view: await viewCart(tx, deps, current, pricing) };
  });
  return result;
}

/** `GET /cart`: the cart priced in the plan of the call. */
export function getCart(deps: CartDeps, context: RequestContext, token: string | null): Promise<CartView> {
  return withOpenCart(deps, context, token, (tx, cart, pricing) => viewCart(tx, deps, cart, pricing));
}

const lineNotFound = (lineId: number) => notFound(`Line ${lineId} of this basket`);

/** `PATCH /cart/items/{line_id}`: a new quantity (1–999) for a line. */
export function updateLine(
  deps: CartDeps,
  context: RequestContext,
  token: string | null,
  lineId: number,
  quantity: number,
): Promise<CartView> {
  return withOpenCart(deps, context, token, async (tx, cart, pricing) => {
    const updated = await tx
      .update(cartLines)
      .set({ quantity })
      .where(and(eq(cartLines.id, lineId), eq(cartLines.cartId, cart.id)))
      .returning({ id: cartLines.id });
    if (updated.length === 0) throw lineNotFound(lineId);
    return viewCart(tx, deps, await touch(tx, deps, cart), pricing);
  });
}

/** `DELETE /cart/items/{line_id}`. */
export function removeLine(
  deps: CartDeps,
  context: RequestContext,
  token: string | null,
  lineId: number,
): Promise<CartView> {
  return withOpenCart(deps, context, token, async (tx, cart, pricing) => {
    const removed = await tx
      .delete(cartLines)
      .where(and(eq(cartLines.id, lineId), eq(cartLines.cartId, cart.id)))
      .returning({ id: cartLines.id });
    if (removed.length === 0) throw lineNotFound(lineId);
    return viewCart(tx, deps, await touch(tx, deps, cart), pricing);
  });
}

async function touch(tx: Executor, deps: CartDeps, cart: CartRow): Promise<CartRow> {
  const [row] = await tx
    .update(carts)
    .set({ updatedAt: deps.clock.now() })
    .where(eq(carts.id, cart.id))
    .returning();
  return row as CartRow;
}

/**
 * `POST /cart/discount`: puts a code on the cart (replacing any other) when the cart may use it; a refusal is a
 * 400 with the contract's status and a message for the shopper.
 */
export function applyDiscount(
  deps: CartDeps,
  context: RequestContext,
  token: string | null,
  code: string,
): Promise<CartView> {
  return withOpenCart(deps, context, token, async (tx, cart, pricing) => {
    const discount = await findDiscountByCode(tx, context.site.id, code);
    if (!discount) throw discountError({ status: 'discount_not_found', message: NOT_VALID });
    const current = await viewCart(tx, deps, cart, pricing);
    if (current.priced.lines.filter((line) => !line.free).length === 0) {
      throw discountError({
        status: 'discount_minimum_not_met',
        message: 'Add something to your basket to use this code',
      });
    }
    const subtotal = current.priced.subtotal;
    const refusal = discountRefusal(discount, {
      audience: pricing.plan.target,
      subtotal: pricingPlanOf(pricing.plan).pricesIncludeVat ? subtotal.inc : subtotal.ex,
      now: deps.clock.now(),
    });
    if (refusal) throw discountError(refusal);
    if (!toDiscountInput(discount, pricing.packs)) {
      throw discountError({
        status: 'discount_expired',
        message: 'The gift of this code is no longer available',
      });
    }
    const row = await setDiscount(tx, cart.id, discount.id, deps.clock.now());
    const view = await viewCart(tx, deps, row, pricing);
    return { ...view, notice: current.notice };
  });
}

/** `DELETE /cart/discount`. */
export function removeDiscount(
  deps: CartDeps,
  context: RequestContext,
  token: string | null,
): Promise<CartView> {
  return withOpenCart(deps, context, token, async (tx, cart, pricing) =>
    viewCart(tx, deps, await setDiscount(tx, cart.id, null, deps.clock.now()), pricing),
  );
}

/** `GET /cart/shipping`: the home delivery offers for the cart, to `postcode` when given. */
export function shippingOf(
  deps: CartDeps,
  context: RequestContext,
  token: string | null,
  postcode: string | undefined,
): Promise<CartView> {
  return withOpenCart(deps, context, token, (tx, cart, pricing) =>
    viewCart(tx, deps, cart, pricing, postcode === undefined ? {} : { destination: destinationOf(postcode) }),
  );
}
