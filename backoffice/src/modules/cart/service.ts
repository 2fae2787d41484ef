/**
 * The basket (commerce.md "Cart"): carts opened by a hashed 32-byte token valid 3 days from when it was set,
 * lines of packs, one discount code, the checkout steps' choices. Every change runs in a transaction holding the
 * cart row's lock, and every answer is priced by the one pricing function (pricing.ts) in the plan of the call: a
 * call in the other audience keeps the lines sold there (re-priced) and removes the others, naming them.
 */
import { createHash, randomBytes } from 'node:crypto';
import { CART_MAX_LINES } from '@plasterwick/shop-rules/checkout';
import { CART_QUANTITY, CART_TOKEN_DAYS } from '@plasterwick/shop-rules/constants';
import { and, asc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/types.ts';
import { cartLines, carts } from '../../db/schema.ts';
import type { ReadCache } from '../../lib/cache.ts';
import { DAY_MS, type Clock } from '../../lib/clock.ts';
import type { RequestContext, SalesPlan } from '../../lib/context.ts';
import { ApiError, badRequest, notFound, notInPlan } from '../../lib/errors.ts';
import { loadPlanCatalogue, productPlanIds, type PlanCatalogue } from '../catalogue/index.ts';
import type { Executor } from '../../db/types.ts';
import { customerBasket, type BasketOwner } from './customer-cart.ts';
import {
  discountError,
  discountRefusal,
  findDiscount,
  findDiscountByCode,
  type DiscountRefusal,
  type DiscountRow,
} from './discounts.ts';
import {
  packGrams,
  priceCart,
  subtotalOf,
  type DeliveryChoice,
  type Destination,
  type DiscountInput,
  type LineInput,
  type PricedCart,
  type PricingPlan,
} from './pricing.ts';
import type { BillingView, CartAnswerBody, DeliveryView } from './schemas.ts';
import { destinationOf, loadCarriers, type CarrierOfPlan } from './shipping.ts';

declare module '../../lib/context.ts' {
  interface ShopValues {
    /** The cart token of the request (`X-Cart-Token`, or `cart_token` in the query or body); null when none. */
    cartToken: string | null;
  }
}

/** What the cart calls need from the app. */
export interface CartDeps {
  db: Database;
  cache: ReadCache;
  clock: Clock;
}

export type CartRow = typeof carts.$inferSelect;
type LineRow = typeof cartLines.$inferSelect;

/** A pack of the plan's catalogue, as a basket line needs it. */
export interface Pack {
  productId: number;
  productSlug: string;
  productName: string;
  variantId: number;
  reference: string;
  label: string;
  image: string | null;
  /** Price in the plan's basis. */
  price: number;
  grams: number;
}

export const cartNotFound = () =>
  new ApiError(404, 'cart_not_found', 'This basket does not exist or has expired: start a new one');

/** Only the SHA-256 of a token is stored: a copy of the database opens no basket. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

export const pricingPlanOf = (plan: SalesPlan): PricingPlan => ({
  id: plan.id,
  target: plan.target,
  vatRateBp: plan.vatRateBp,
  pricesIncludeVat: plan.pricesIncludeVat,
  currencyCode: plan.currencyCode,
});

// ---- the plan's packs ---------------------------------------------------------------------------------------

const packsByCatalogue = new WeakMap<PlanCatalogue, Map<string, Pack>>();

/** Every pack sold in the plan, by reference (built once per cached catalogue). */
export async function packsOf(deps: CartDeps, plan: SalesPlan): Promise<Map<string, Pack>> {
  const catalogue = await loadPlanCatalogue(deps.db, deps.cache, plan);
  let packs = packsByCatalogue.get(catalogue);
  if (!packs) {
    packs = new Map();
    for (const product of catalogue.products) {
      const { summary } = product;
      for (const variant of summary.variants) {
        packs.set(variant.reference, {
          productId: summary.id,
          productSlug: summary.slug,
          productName: summary.name,
          variantId: variant.id,
          reference: variant.reference,
          label: variant.label,
          image: summary.cover?.url ?? null,
          price: plan.pricesIncludeVat ? variant.price.inc_vat : variant.price.ex_vat,
          grams: packGrams(variant.quantity, variant.unit),
        });
      }
    }
    packsByCatalogue.set(catalogue, packs);
  }
  return packs;
}

const lineInput = (pack: Pack, id: number | string, quantity: number): LineInput => ({
  id,
  productId: pack.productId,
  productSlug: pack.productSlug,
  name: pack.productName,
  variantId: pack.variantId,
  variantReference: pack.reference,
  variantLabel: pack.label,
  image: pack.image,
  quantity,
  unitPrice: pack.price,
  unitGrams: pack.grams,
});

// ---- finding a cart -----------------------------------------------------------------------------------------

/** The open cart of a token (not completed, not expired), optionally locked for the rest of the transaction. */
async function openCart(
  db: Executor,
  siteId: number,
  token: string,
  now: Date,
  lock: boolean,
): Promise<CartRow | undefined> {
  const query = db
    .select()
    .from(carts)
    .where(
      and(
        eq(carts.tokenHash, hashToken(token)),
        eq(carts.siteId, siteId),
        gt(carts.tokenExpiresAt, now),
        isNull(carts.completedAt),
      ),
    );
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

/** Everything a priced view needs besides the transaction, loaded before it (PGlite has one connection). */
export interface Pricing {
  plan: SalesPlan;
  packs: Map<string, Pack>;
  carriers: CarrierOfPlan[];
}

export async function pricingFor(deps: CartDeps, plan: SalesPlan): Promise<Pricing> {
  const [packs, carriers] = await Promise.all([
    packsOf(deps, plan),
    loadCarriers(deps.db, deps.cache, plan.id),
  ]);
  return { plan, packs, carriers };
}

/** The plan a cart call prices in: the plan of the call, else the one the cart was last priced in. */
function planOfCall(context: RequestContext, cart: CartRow): SalesPlan {
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

// ---- the priced view ----------------------------------------------------------------------------------------

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
  const pricingPlan = pricingPlanOf(plan);
  const notices: string[] = [];
  let row = cart;

  const lines: LineRow[] = await tx
    .select()
    .from(cartLines)
    .where(eq(cartLines.cartId, cart.id))
    .orderBy(asc(cartLines.id));
  const gone = lines.filter((line) => !packs.has(line.variantReference));
  if (gone.length) {
    await tx.delete(cartLines).where(
      inArray(
        cartLines.id,
        gone.map((line) => line.id),
      ),
    );
    const names = listNames(gone.map((line) => line.name));
    notices.push(
      cart.planId !== plan.id
        ? `Not sold to ${AUDIENCE_NAMES[plan.target]} customers, so removed from your basket: ${names}.`
        : `No longer available, so removed from your basket: ${names}.`,
    );
  }
  const kept = lines
    .filter((line) => packs.has(line.variantReference))
    .map((line) => lineInput(packs.get(line.variantReference)!, line.id, line.quantity));

  let discount = cart.discountId === null ? null : ((await findDiscount(tx, cart.discountId)) ?? null);
  let discountInput: DiscountInput | null = null;
  let removedDiscount: CartView['removedDiscount'] = null;
  if (discount) {
    const subtotal = subtotalOf(kept, pricingPlan);
    const refusal =
      discountRefusal(discount, {
        plan: pricingPlan,
        subtotal: pricingPlan.pricesIncludeVat ? subtotal.inc : subtotal.ex,
        now: deps.clock.now(),
      }) ?? (kept.length === 0 ? { message: 'Your basket is empty' } : null);
    discountInput = refusal ? null : toDiscountInput(discount, packs);
    if (!discountInput) {
      notices.push(
        `The code ${discount.code} no longer applies and was removed: ${refusal?.message ?? 'its gift is no longer available'}.`,
      );
      removedDiscount = {
        code: discount.code,
        status: refusal && 'status' in refusal ? refusal.status : 'gift_unavailable',
      };
      discount = null;
    }
  }

  const changed = cart.planId !== plan.id || (cart.discountId !== null && discount === null);
  if (changed) {
    [row] = (await tx
      .update(carts)
      .set({ planId: plan.id, discountId: discount?.id ?? null, updatedAt: deps.clock.now() })
      .where(eq(carts.id, cart.id))
      .returning()) as [CartRow];
  }

  const delivery = row.delivery as DeliveryView | null;
  const choice: DeliveryChoice =
    delivery?.method === 'delivery'
      ? { method: 'delivery', carrierCode: delivery.carrier_code }
      : delivery?.method === 'collect'
        ? { method: 'collect' }
        : null;
  const destination =
    options.destination ??
    (delivery?.method === 'delivery' ? destinationOf(delivery.address.postcode) : 'mainland');
  const priced = priceCart({
    plan: pricingPlan,
    lines: kept,
    discount: discountInput,
    carriers: pricing.carriers,
    destination,
    delivery: choice,
  });
  return { cart: row, priced, discount, removedDiscount, notice: notices.length ? notices.join(' ') : null };
}

/** What a code gives in this plan; null when a free pack is not sold in it. */
export function toDiscountInput(discount: DiscountRow, packs: Map<string, Pack>): DiscountInput | null {
  if (discount.type === 'cart_discount') {
    return {
      type: 'cart_discount',
      code: discount.code,
      description: discount.description,
      unit: discount.unit ?? 'percent',
      value: discount.value ?? 0,
    };
  }
  const pack = discount.freeVariantReference ? packs.get(discount.freeVariantReference) : undefined;
  if (!pack) return null;
  const { id: _id, quantity: _quantity, ...line } = lineInput(pack, 0, 1);
  return { type: 'free_product', code: discount.code, description: discount.description, line };
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

const three = (amounts: { ex: number; vat: number; inc: number }) => ({
  ttc: amounts.inc,
  tax: amounts.vat,
  ht: amounts.ex,
});

/** The API's cart (the spec's server cart and what the storefront shows beside it). */
export function cartAnswer(view: CartView): CartAnswerBody {
  const { priced, cart } = view;
  const applied = priced.applied;
  return {
    list: priced.lines.map((line) => ({
      id: line.id,
      element_id: line.productId,
      element_type: 'product' as const,
      variant_id: line.variantId,
      variant_reference: line.variantReference,
      name: line.name,
      variant_label: line.variantLabel,
      slug: line.productSlug,
      image: line.image,
      quantity: line.quantity,
      price_with_tax: line.unit.inc,
      total_with_tax: line.amounts.inc,
      price_without_tax: line.unit.ex,
      total_without_tax: line.amounts.ex,
      tax: line.amounts.vat,
      free: line.free,
    })),
    quantity: priced.quantity,
    amount: three(priced.subtotal),
    discount_amount: three(priced.discount),
    discounted_amount: priced.discounted.inc,
    discounts: {
      cart_discount:
        applied?.type === 'cart_discount'
          ? {
              description: applied.description,
              amount: applied.value,
              unit: applied.unit,
              code: applied.code,
              amount_off: priced.discount.inc,
            }
          : null,
      free_product:
        applied?.type === 'free_product' ? { description: applied.description, code: applied.code } : null,
    },
    shipping_estimate: priced.estimate?.inc ?? null,
    shipping: priced.shipping ? three(priced.shipping) : null,
    grand_total: three(priced.total),
    weight_grams: priced.weightGrams,
    plan_id: priced.plan.id,
    audience: priced.plan.target,
    prices_include_vat: priced.plan.pricesIncludeVat,
    vat_rate: priced.plan.vatRateBp / 100,
    currency: priced.plan.currencyCode,
    checkout: {
      delivery: (cart.delivery as DeliveryView | null) ?? null,
      billing: resolvedBilling(cart.delivery as DeliveryView | null, cart.billing as BillingView | null),
    },
    notice: view.notice,
    token_expires_at: cart.tokenExpiresAt.toISOString(),
  };
}

// ---- the calls ----------------------------------------------------------------------------------------------

export interface ItemInput {
  element_id: number;
  variant_reference?: string | undefined;
  quantity: number;
}

/** The packs of `items` in the plan, quantities summed per pack; the plan error or a 400 naming the item. */
async function packsOfItems(
  deps: CartDeps,
  siteId: number,
  plan: SalesPlan,
  items: ItemInput[],
): Promise<{ pack: Pack; quantity: number; index: number }[]> {
  const catalogue = await loadPlanCatalogue(deps.db, deps.cache, plan);
  const packs = await packsOf(deps, plan);
  const wanted = new Map<string, { pack: Pack; quantity: number; index: number }>();
  for (const [index, item] of items.entries()) {
    const product = catalogue.byId.get(item.element_id);
    if (!product) {
      const other = await productPlanIds(deps.db, siteId, String(item.element_id));
      if (other && other.planIds.length) throw notInPlan(`Product ${item.element_id}`, other.planIds);
      throw badRequest(`Product ${item.element_id} does not exist`, [
        { field: `body.items.${index}.element_id`, message: 'Unknown product' },
      ]);
    }
    const variant = item.variant_reference
      ? product.summary.variants.find((v) => v.reference === item.variant_reference)
      : product.summary.variants[0];
    const pack = variant && packs.get(variant.reference);
    if (!pack) {
      throw badRequest(`${product.name} has no pack ${item.variant_reference}`, [
        { field: `body.items.${index}.variant_reference`, message: 'Unknown pack for this product' },
      ]);
    }
    const earlier = wanted.get(pack.reference);
    wanted.set(pack.reference, { pack, quantity: (earlier?.quantity ?? 0) + item.quantity, index });
  }
  return [...wanted.values()];
}

const quantityTooLarge = (index: number) =>
  badRequest(`A basket line holds at most ${CART_QUANTITY.max} packs`, [
    {
      field: `body.items.${index}.quantity`,
      message: `Please enter a value of ${CART_QUANTITY.max} or less.`,
    },
  ]);

/**
 * `POST /cart/items`: adds to the open cart of `token`, or opens a new cart (valid 3 days from now) when the token
 * is missing, unknown or expired. Quantities add up per pack, to 999 at most. With an `owner` (a logged-in call
 * whose customer has no open basket) the new cart is the customer's, its token of the customer's kind; when a call
 * at the same time opened it first, the items go into that one.
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
    let cart = token ? await openCart(tx, context.site.id, token, now, true) : undefined;
    let created: string | null = null;
    if (!cart) {
      const tokenExpiresAt = new Date(now.getTime() + CART_TOKEN_DAYS * DAY_MS);
      created = owner ? owner.tokenFor(tokenExpiresAt) : newToken();
      [cart] = (await tx
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
        .returning()) as [CartRow | undefined];
      if (!cart && owner) {
        // `cart_customer_open`: the customer's basket was opened by a call at the same time.
        cart = await customerBasket(tx, owner.customerId, true);
        created = null;
      }
      if (!cart) throw new Error('the new basket was not stored');
    }
    const existing = await tx.select().from(cartLines).where(eq(cartLines.cartId, cart.id));
    const byReference = new Map(existing.map((line) => [line.variantReference, line]));
    const added = wanted.filter((item) => !byReference.has(item.pack.reference)).length;
    if (existing.length + added > CART_MAX_LINES) {
      throw badRequest(`A basket holds at most ${CART_MAX_LINES} different packs`, [
        { field: 'body.items', message: `At most ${CART_MAX_LINES} different packs` },
      ]);
    }
    for (const item of wanted) {
      const line = byReference.get(item.pack.reference);
      const quantity = (line?.quantity ?? 0) + item.quantity;
      if (quantity > CART_QUANTITY.max) throw quantityTooLarge(item.index);
      const name = `${item.pack.productName}, ${item.pack.label}`;
      if (line) await tx.update(cartLines).set({ quantity, name }).where(eq(cartLines.id, line.id));
      else
        await tx
          .insert(cartLines)
          .values({ cartId: cart.id, variantReference: item.pack.reference, name, quantity });
    }
    if (!created) {
      const current: CartRow = cart;
      [cart] = (await tx
        .update(carts)
        .set({ updatedAt: now })
        .where(eq(carts.id, current.id))
        .returning()) as [CartRow];
    }
    return { token: created, view: await viewCart(tx, deps, cart, pricing) };
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
    if (!discount) throw discountError({ status: 'discount_not_found', message: 'This code is not valid' });
    const current = await viewCart(tx, deps, cart, pricing);
    if (current.priced.lines.filter((line) => !line.free).length === 0) {
      throw discountError({
        status: 'discount_minimum_not_met',
        message: 'Add something to your basket to use this code',
      });
    }
    const subtotal = current.priced.subtotal;
    const refusal = discountRefusal(discount, {
      plan: pricingPlanOf(pricing.plan),
      subtotal: pricing.plan.pricesIncludeVat ? subtotal.inc : subtotal.ex,
      now: deps.clock.now(),
    });
    if (refusal) throw discountError(refusal);
    if (!toDiscountInput(discount, pricing.packs)) {
      throw discountError({
        status: 'discount_expired',
        message: 'The gift of this code is no longer available',
      });
    }
    const [row] = (await tx
      .update(carts)
      .set({ discountId: discount.id, updatedAt: deps.clock.now() })
      .where(eq(carts.id, cart.id))
      .returning()) as [CartRow];
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
  return withOpenCart(deps, context, token, async (tx, cart, pricing) => {
    const [row] = (await tx
      .update(carts)
      .set({ discountId: null, updatedAt: deps.clock.now() })
      .where(eq(carts.id, cart.id))
      .returning()) as [CartRow];
    return viewCart(tx, deps, row, pricing);
  });
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
