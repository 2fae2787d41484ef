/**
 * The basket's pure logic: the client cart state of spec §3, the token validity and the "cart update from server"
 * of spec §4. No zod here: the shared page script reads the stored cart for the header badge and must stay small,
 * so stored values are checked with the site's guards (quantities: `quantity.ts`; the old basket: `legacy-basket.ts`).
 */
import { DAY_MS } from '@plasterwick/shop-rules/time';
import { CART_TOKEN_DAYS, AUDIENCES, type Audience } from '../../lib/config.ts';
import type { CartAnswer, CartLine } from '../../lib/api/cart.ts';
import {
  arrayOf,
  isNumber,
  isPositiveInt,
  isString,
  objectOf,
  oneOf,
  optional,
  parseJson,
  type Guard,
} from '../site/guards.ts';

/** The cart state of spec §3, persisted in the browser. Amounts in integer pence. */
export interface CartState {
  /** The server cart's lines. */
  products: CartLine[];
  /** The lines before the discount, inc VAT and ex VAT. */
  subtotal: number;
  subtotalExTax: number;
  /** Total inc VAT once the discount is taken off (delivery not included). */
  total: number;
  /** The same ex VAT, and the VAT in it (`totalExTax + tax = total`). */
  totalExTax: number;
  tax: number;
  /** Shipping estimate inc VAT (the cheapest home delivery), null when unknown. */
  shipping: number | null;
  token: string | null;
  /** When the token stops being valid, ms since the epoch. */
  tokenValidUntil: number | null;
  /** What the applied discounts say ("10 % off your first order", "A free filling knife"). */
  discountLabels: string[];
  /** What the discount takes off, inc VAT and ex VAT. */
  discountAmount: number;
  discountAmountExTax: number;
  /** The code's value in its unit (10 with `percent`, pence with `pence`). */
  discountValue: number | null;
  discountUnit: string | null;
  discountCode: string | null;
  /** Assisted-service code: opaque, kept as given (spec §3). */
  asmCode: string | null;
  /** The audience the cart was last priced in; another audience's page re-prices it. */
  audience: Audience | null;
}

export const EMPTY_CART: CartState = Object.freeze({
  products: [],
  subtotal: 0,
  subtotalExTax: 0,
  total: 0,
  totalExTax: 0,
  tax: 0,
  shipping: null,
  token: null,
  tokenValidUntil: null,
  discountLabels: [],
  discountAmount: 0,
  discountAmountExTax: 0,
  discountValue: null,
  discountUnit: null,
  discountCode: null,
  asmCode: null,
  audience: null,
}) as CartState;

const TOKEN_LIFETIME_MS = CART_TOKEN_DAYS * DAY_MS;

function nullable<T>(guard: Guard<T>): Guard<T | null> {
  return (value): value is T | null => value === null || guard(value);
}
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';

const isLine = objectOf({
  id: isString,
  productId: optional(isNumber),
  reference: isString,
  name: isString,
  pack: optional(isString),
  slug: optional(isString),
  quantity: isPositiveInt,
  unitPrice: isNumber,
  total: isNumber,
  unitPriceExVat: optional(isNumber),
  totalExVat: optional(isNumber),
  free: isBoolean,
  image: optional(isString),
});

const isCartState = objectOf({
  products: arrayOf(isLine),
  subtotal: isNumber,
  subtotalExTax: isNumber,
  total: isNumber,
  totalExTax: isNumber,
  tax: isNumber,
  shipping: nullable(isNumber),
  token: nullable(isString),
  tokenValidUntil: nullable(isNumber),
  discountLabels: arrayOf(isString),
  discountAmount: isNumber,
  discountAmountExTax: isNumber,
  discountValue: nullable(isNumber),
  discountUnit: nullable(isString),
  discountCode: nullable(isString),
  asmCode: nullable(isString),
  audience: nullable(oneOf(AUDIENCES)),
});

/** Stored JSON → cart state; anything unreadable (hand-edited, an older shape) is an empty cart. */
export function decodeCartState(raw: string | null | undefined): CartState {
  return (parseJson(raw, isCartState) as CartState | undefined) ?? EMPTY_CART;
}

/** Spec §4: the token counts as valid only if it exists and has not expired. */
export function isTokenValid(state: CartState, now: number): boolean {
  return Boolean(state.token) && state.tokenValidUntil !== null && now < state.tokenValidUntil;
}

/** The token's end: the back-office's `token_expires_at`, else 3 days from now (spec §9, set when received). */
export function tokenEnd(expiresAt: string | undefined, now: number): number {
  const parsed = expiresAt ? Date.parse(expiresAt) : Number.NaN;
  return Number.isFinite(parsed) ? parsed : now + TOKEN_LIFETIME_MS;
}

/**
 * Spec §4 "cart update from server": a non-empty list sets the products, totals, discounts and shipping estimate
 * (and the token when the answer brings a new one); an empty or absent list resets the whole cart.
 */
export function cartFromServer(
  state: CartState,
  answer: CartAnswer,
  audience: Audience | null,
  now: number,
): CartState {
  const { cart } = answer;
  if (cart.lines.length === 0) return EMPTY_CART;
  const { cart: discount, freeProduct } = cart.discounts;
  // A new token starts its 3 days now; later answers repeat the end the server keeps (it is never extended).
  const ends = answer.tokenExpiresAt ?? cart.tokenExpiresAt;
  const token = answer.token ?? state.token;
  const tokenValidUntil = answer.token
    ? tokenEnd(ends, now)
    : ends && Number.isFinite(Date.parse(ends))
      ? Date.parse(ends)
      : state.tokenValidUntil;
  return {
    products: cart.lines.map((line) => ({ ...line })),
    subtotal: cart.amount.inc,
    subtotalExTax: cart.amount.ex,
    total: cart.discounted.inc,
    totalExTax: cart.discounted.ex,
    tax: cart.discounted.vat,
    shipping: cart.shippingEstimate,
    token,
    tokenValidUntil,
    discountLabels: [discount?.description, freeProduct?.description].filter((label): label is string =>
      Boolean(label),
    ),
    discountAmount: cart.discount.inc,
    discountAmountExTax: cart.discount.ex,
    discountValue: discount ? discount.amount : null,
    discountUnit: discount ? discount.unit : null,
    discountCode: discount?.code ?? freeProduct?.code ?? null,
    asmCode: state.asmCode,
    audience: cart.audience ?? audience,
  };
}

/** The header badge: the sum of the quantities. */
export function itemCount(state: Pick<CartState, 'products'>): number {
  return state.products.reduce((count, line) => count + line.quantity, 0);
}

/** A stored cart whose token has expired is gone on the server too (spec §4): it is dropped. */
export function isStale(state: CartState, now: number): boolean {
  return (state.products.length > 0 || state.token !== null) && !isTokenValid(state, now);
}
