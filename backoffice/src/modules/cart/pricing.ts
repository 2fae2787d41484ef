/**
 * The one function that prices a basket (api-contract.md principle 1): the basket view, the shipping estimate and
 * the order all take its result. Pure: no database, no clock. Money is integer pence in the plan's basis (DIY
 * shelf prices inc VAT, trade ex VAT), VAT worked out once per line with the one rounding rule, so
 * `ex + vat = inc` holds for every line and every total; a discount never exceeds the subtotal and no total is
 * ever negative.
 */
import {
  basisOf,
  discountWithin,
  lineInBasis,
  percentOf,
  subtractAmounts,
  sumAmounts,
  ZERO,
  type Amounts,
} from '@plasterwick/shop-rules/money';

export interface PricingPlan {
  id: number;
  target: 'pro' | 'part';
  vatRateBp: number;
  pricesIncludeVat: boolean;
  currencyCode: string;
}

/** A basket line with what the catalogue says about its pack now. */
export interface LineInput {
  /** The cart line's id; a free line's is `free-{CODE}`. */
  id: number | string;
  productId: number;
  productSlug: string;
  name: string;
  variantId: number;
  variantReference: string;
  variantLabel: string;
  image: string | null;
  quantity: number;
  /** The pack's price in the plan's basis. */
  unitPrice: number;
  /** Shipping weight of one pack. */
  unitGrams: number;
}

/** A discount the basket may use (its eligibility was checked: `discounts.ts`). */
export type DiscountInput =
  | {
      type: 'cart_discount';
      code: string;
      description: string;
      unit: 'percent' | 'pence';
      value: number;
    }
  | { type: 'free_product'; code: string; description: string; line: Omit<LineInput, 'id' | 'quantity'> };

export interface CarrierInput {
  code: string;
  label: string;
  description: string;
  nextDay: boolean;
  /** The delivery is free when the discounted subtotal (plan basis) reaches this. */
  freeOver: number | null;
  remoteSurcharge: number;
  /** Ascending weight bands; beyond the last, the carrier cannot take the parcel. */
  bands: { upToGrams: number; price: number }[];
}

/** Where a parcel goes: mainland UK (or unknown: the estimate), remote (surcharge), or somewhere we do not deliver. */
export type Destination = 'mainland' | 'remote' | 'not_served';

/** What the shopper chose at the delivery step. */
export type DeliveryChoice = { method: 'delivery'; carrierCode: string } | { method: 'collect' } | null;

export interface PricedLine extends LineInput {
  free: boolean;
  /** One pack in both bases (informative: a line's VAT is worked out on the line, not per pack). */
  unit: { ex: number; inc: number };
  amounts: Amounts;
}

export interface ShippingCost {
  code: string;
  label: string;
  description: string;
  nextDay: boolean;
  free: boolean;
  amounts: Amounts;
}

export interface PricedCart {
  plan: PricingPlan;
  lines: PricedLine[];
  /** Sum of the packs' quantities (the basket badge). */
  quantity: number;
  /** Lines before any discount. */
  subtotal: Amounts;
  discount: Amounts;
  /** The discount applied, if any. */
  applied: DiscountInput | null;
  /** `subtotal − discount`. */
  discounted: Amounts;
  weightGrams: number;
  /** Home delivery offers for this basket and destination, cheapest first. */
  shippingCosts: ShippingCost[];
  /** The cheapest home delivery (the spec's shipping estimate); null when none can take the basket. */
  estimate: Amounts | null;
  /** The chosen delivery's cost (collect: zero); null until a valid one is chosen. */
  shipping: Amounts | null;
  /** `discounted + shipping` (shipping counted as zero until chosen): what the order will cost. */
  total: Amounts;
}

export interface PricingInput {
  plan: PricingPlan;
  lines: LineInput[];
  discount: DiscountInput | null;
  carriers: CarrierInput[];
  destination: Destination;
  delivery: DeliveryChoice;
}

const addAmounts = (a: Amounts, b: Amounts): Amounts => sumAmounts([a, b]);

function priceLine(line: LineInput, plan: PricingPlan, free: boolean): PricedLine {
  const unitPrice = free ? 0 : line.unitPrice;
  const one = lineInBasis(unitPrice, 1, plan.pricesIncludeVat, plan.vatRateBp);
  return {
    ...line,
    unitPrice,
    free,
    unit: { ex: one.ex, inc: one.inc },
    amounts: lineInBasis(unitPrice, line.quantity, plan.pricesIncludeVat, plan.vatRateBp),
  };
}

/** The subtotal of paid lines in the plan's basis: what a discount's minimum is compared with. */
export function subtotalOf(lines: LineInput[], plan: PricingPlan): Amounts {
  return sumAmounts(lines.map((line) => priceLine(line, plan, false).amounts));
}

/** A carrier's price for a parcel, or undefined when it cannot take it there. */
function carrierCost(
  carrier: CarrierInput,
  weightGrams: number,
  discountedBasis: number,
  destination: Destination,
  plan: PricingPlan,
): ShippingCost | undefined {
  if (destination === 'not_served') return undefined;
  const band = carrier.bands.find((b) => weightGrams <= b.upToGrams);
  if (!band) return undefined;
  const free = carrier.freeOver !== null && discountedBasis >= carrier.freeOver;
  const price = free ? 0 : band.price + (destination === 'remote' ? carrier.remoteSurcharge : 0);
  return {
    code: carrier.code,
    label: carrier.label,
    description: carrier.description,
    nextDay: carrier.nextDay,
    free,
    amounts: lineInBasis(price, 1, plan.pricesIncludeVat, plan.vatRateBp),
  };
}

/** Prices a basket: lines, discount, delivery offers, the chosen delivery and the total. */
export function priceCart(input: PricingInput): PricedCart {
  const { plan } = input;
  const paid = input.lines.map((line) => priceLine(line, plan, false));
  const subtotal = sumAmounts(paid.map((line) => line.amounts));

  let discount: Amounts = ZERO;
  const lines = [...paid];
  if (input.discount?.type === 'cart_discount') {
    const basis = basisOf(subtotal, plan.pricesIncludeVat);
    const pence =
      input.discount.unit === 'percent' ? percentOf(basis, input.discount.value) : input.discount.value;
    discount = discountWithin(subtotal, pence, plan.pricesIncludeVat, plan.vatRateBp);
  } else if (input.discount?.type === 'free_product') {
    lines.push(
      priceLine({ ...input.discount.line, id: `free-${input.discount.code}`, quantity: 1 }, plan, true),
    );
  }
  const discounted = subtractAmounts(subtotal, discount);

  const weightGrams = lines.reduce((sum, line) => sum + line.unitGrams * line.quantity, 0);
  const discountedBasis = basisOf(discounted, plan.pricesIncludeVat);
  const shippingCosts = lines.length
    ? input.carriers
        .flatMap((carrier) => {
          const cost = carrierCost(carrier, weightGrams, discountedBasis, input.destination, plan);
          return cost ? [cost] : [];
        })
        .toSorted((a, b) => a.amounts.inc - b.amounts.inc)
    : [];
  const estimate = shippingCosts[0]?.amounts ?? null;

  let shipping: Amounts | null = null;
  if (input.delivery?.method === 'collect') shipping = ZERO;
  else if (input.delivery?.method === 'delivery') {
    const code = input.delivery.carrierCode;
    shipping = shippingCosts.find((cost) => cost.code === code)?.amounts ?? null;
  }

  return {
    plan,
    lines,
    quantity: lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotal,
    discount,
    applied: input.discount,
    discounted,
    weightGrams,
    shippingCosts,
    estimate,
    shipping,
    total: addAmounts(discounted, shipping ?? ZERO),
  };
}

/**
 * Shipping weight of one pack from its net content: kilograms and grams as they are, litres and millilitres of
 * paste at 1.6 kg a litre, a tool or other unit at 0.5 kg; plus 5 % for the packaging.
 */
export function packGrams(quantity: number, unit: string): number {
  const grams =
    unit === 'kg'
      ? quantity * 1000
      : unit === 'g'
        ? quantity
        : unit === 'l'
          ? quantity * 1600
          : unit === 'ml'
            ? quantity * 1.6
            : quantity * 500;
  return Math.ceil(grams * 1.05);
}
