/**
 * The packs a basket can hold: every pack of the plan's catalogue with its price in the plan's basis, read from
 * the catalogue module's cached per-plan catalogue, and what a line or a code's free pack becomes for the pricing
 * function.
 */
import { CART_QUANTITY } from '@plasterwick/shop-rules/constants';
import { eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/types.ts';
import type { ReadCache } from '../../lib/cache.ts';
import type { Clock } from '../../lib/clock.ts';
import type { SalesPlan } from '../../lib/context.ts';
import { DomainError, notInPlan } from '../../lib/errors.ts';
import { currentPacks, loadPlanCatalogue, productPlanIds, type PlanCatalogue } from '../catalogue/index.ts';
import { findDiscount, type DiscountRow } from '../discounts/index.ts';
import { packGrams, type DiscountInput, type LineInput, type PricingPlan } from './pricing.ts';
import { loadCarriers, type CarrierOfPlan } from './shipping.ts';
import { cartLines, type CartRow } from './tables.ts';

/** What the cart calls need from the app. */
export interface CartDeps {
  db: Database;
  cache: ReadCache;
  clock: Clock;
}

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

export const pricingPlanOf = (plan: SalesPlan): PricingPlan => ({
  id: plan.id,
  target: plan.target,
  vatRateBp: plan.vatRateBp,
  pricesIncludeVat: plan.pricesIncludeVat,
  currencyCode: plan.currencyCode,
});

const packsByCatalogue = new WeakMap<PlanCatalogue, Map<string, Pack>>();

function packsOfCatalogue(catalogue: PlanCatalogue, plan: SalesPlan): Map<string, Pack> {
  const packs = new Map<string, Pack>();
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
  return packs;
}

/** Every pack sold in the plan, by reference (built once per cached catalogue). */
export async function packsOf(deps: CartDeps, plan: SalesPlan): Promise<Map<string, Pack>> {
  const catalogue = await loadPlanCatalogue(deps.db, deps.cache, plan);
  let packs = packsByCatalogue.get(catalogue);
  if (!packs) {
    packs = packsOfCatalogue(catalogue, plan);
    packsByCatalogue.set(catalogue, packs);
  }
  return packs;
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

/** The name a basket line keeps for its pack ("Easy Fill, 1 kg tub"), shown even once the pack is gone. */
export const lineName = (pack: Pack) => `${pack.productName}, ${pack.label}`;

export const lineInput = (pack: Pack, id: number | string, quantity: number): LineInput => ({
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

export interface ItemInput {
  element_id: number;
  variant_reference?: string | undefined;
  quantity: number;
}

export interface WantedPack {
  pack: Pack;
  quantity: number;
  /** The position of the (last) item that asked for it, to name it in an error. */
  index: number;
}

/** The packs of `items` in the plan, quantities summed per pack; the plan error or an error naming the item. */
export async function packsOfItems(
  deps: CartDeps,
  siteId: number,
  plan: SalesPlan,
  items: ItemInput[],
): Promise<WantedPack[]> {
  const catalogue = await loadPlanCatalogue(deps.db, deps.cache, plan);
  const packs = await packsOf(deps, plan);
  const wanted = new Map<string, WantedPack>();
  for (const [index, item] of items.entries()) {
    const product = catalogue.byId.get(item.element_id);
    if (!product) {
      const other = await productPlanIds(deps.db, siteId, String(item.element_id));
      if (other && other.planIds.length) throw notInPlan(`Product ${item.element_id}`, other.planIds);
      throw new DomainError('invalid_request', `Product ${item.element_id} does not exist`, {
        fields: [{ field: `items.${index}.element_id`, message: 'Unknown product' }],
      });
    }
    const variant = item.variant_reference
      ? product.summary.variants.find((v) => v.reference === item.variant_reference)
      : product.summary.variants[0];
    const pack = variant && packs.get(variant.reference);
    if (!pack) {
      throw new DomainError('invalid_request', `${product.name} has no pack ${item.variant_reference}`, {
        fields: [{ field: `items.${index}.variant_reference`, message: 'Unknown pack for this product' }],
      });
    }
    const earlier = wanted.get(pack.reference);
    wanted.set(pack.reference, { pack, quantity: (earlier?.quantity ?? 0) + item.quantity, index });
  }
  return [...wanted.values()];
}

export const quantityTooLarge = (index: number) =>
  new DomainError('invalid_request', `A basket line holds at most ${CART_QUANTITY.max} packs`, {
    fields: [
      { field: `items.${index}.quantity`, message: `Please enter a value of ${CART_QUANTITY.max} or less.` },
    ],
  });

/**
 * `pricing` with the packs the cart holds (its lines and its code's free pack) as the database has them now: priced
 * as stored, and left out when no longer sold in the plan. Called under the cart's lock at completion: `pricing`
 * comes from the cached catalogue, which on a back-office sharing the database with others may be a moment behind
 * a change made through another (a pack added there is read here too, its picture unknown until the cache catches up).
 */
export async function pricingReadAgain(tx: Executor, pricing: Pricing, cart: CartRow): Promise<Pricing> {
  const { plan, packs } = pricing;
  const lines = await tx
    .select({ reference: cartLines.variantReference })
    .from(cartLines)
    .where(eq(cartLines.cartId, cart.id));
  const discount = cart.discountId === null ? undefined : await findDiscount(tx, cart.discountId);
  const references = [
    ...new Set([...lines.map((line) => line.reference), discount?.freeVariantReference ?? null]),
  ].filter((reference) => reference !== null);
  const found = await currentPacks(tx, plan, references);
  const current = new Map(packs);
  for (const reference of references) {
    const pack = found.get(reference);
    if (!pack) {
      current.delete(reference);
      continue;
    }
    current.set(reference, {
      productId: pack.productId,
      productSlug: pack.productSlug,
      productName: pack.productName,
      variantId: pack.variantId,
      reference,
      label: pack.label,
      image: packs.get(reference)?.image ?? null,
      price: plan.pricesIncludeVat ? pack.price.inc_vat : pack.price.ex_vat,
      grams: packGrams(pack.quantity, pack.unit),
    });
  }
  return { ...pricing, packs: current };
}
