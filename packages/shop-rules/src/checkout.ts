/**
 * Request bodies of the basket and checkout calls (api-contract.md "Cart", "Checkout and orders"), as zod schemas
 * both sides check: the back-office validates each request with them, the storefront's basket and checkout forms
 * can validate with the same schemas and messages. Every body is a strict object: the browser sends references
 * and quantities only, so a `price`, `price_with_tax` or `total` field (or any other unknown one) is refused, never
 * silently used. Browser-safe.
 */
import { z } from 'zod';
import { CART_QUANTITY } from './constants.ts';
import { email, fullPostcode, named, optional, phone, required } from './forms.ts';
import { FULL_POSTCODE_PATTERN } from './postcode.ts';
import { MESSAGES } from './validation.ts';

/** The spec's checkout messages (§5 "choose delivery method" …); the wording is ours. */
export const CHECKOUT_MESSAGES = {
  deliveryMethod: 'Please choose a delivery method',
  deliveryAddress: 'Please choose a delivery address',
  acceptSalesConditions: 'You must accept the sales conditions',
  paymentMethod: 'Please choose a payment method',
  billingAddress: 'Please enter the billing address',
  stockist: 'Please choose a stockist',
  country: 'Please choose a country',
  deliveryCountry: 'We deliver to UK addresses only',
  cardToken: 'Please enter your card details',
  poNumber: 'Please enter your purchase order (PO) number: your account requires one to pay on account',
  quantityMax: `Please enter a value of ${CART_QUANTITY.max} or less.`,
  code: 'Please enter a code',
} as const;

/** Lines a basket may hold, and items one call may add. */
export const CART_MAX_LINES = 100;
export const CART_ITEMS_PER_CALL = 50;

/** The countries offered for a billing address (spec §3, `GET /country`); delivery is UK only. */
export const BILLING_COUNTRIES = ['fr', 'be', 'nl', 'uk', 'ch', 'es', 'pl', 'tn', 'ae', 'lb', 'ma'] as const;
export type BillingCountry = (typeof BILLING_COUNTRIES)[number];
export const DELIVERY_COUNTRY = 'uk';

/** Database ids are PostgreSQL integers. */
const id = z.number().int().positive().max(2_147_483_647);

/**
 * A strict object: an unknown field is a 400 naming it. Prices above all: the shop works them out, the browser
 * never sends one.
 */
export function strict<T extends z.core.$ZodLooseShape>(shape: T) {
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.join(', ')}: ` +
          'send references and quantities only (prices are worked out by the shop)'
        : undefined,
  });
}

/** The cart token may travel in the body as `cart_token` (spec §7) instead of the `X-Cart-Token` header. */
const cartToken = { cart_token: z.string().max(100).optional() };

/** A basket quantity: a whole number from 1 to 999 (spec §5 min_value and its message). */
export const cartQuantity = () =>
  z
    .number({ error: MESSAGES.minValue })
    .int(MESSAGES.minValue)
    .min(CART_QUANTITY.min, MESSAGES.minValue)
    .max(CART_QUANTITY.max, CHECKOUT_MESSAGES.quantityMax);

/** One item to add (spec §3 add-to-cart item): a product, its pack (the first one of the plan when left out). */
export const cartItemInput = strict({
  element_id: id,
  element_type: z.literal('product').default('product'),
  variant_reference: z.string().trim().min(1).max(40).optional(),
  quantity: cartQuantity(),
});

/** `POST /cart/items`. */
export const addCartItemsBody = strict({
  items: z.array(cartItemInput).min(1).max(CART_ITEMS_PER_CALL),
  ...cartToken,
});

/** `PATCH /cart/items/{line_id}`. */
export const updateCartLineBody = strict({ quantity: cartQuantity(), ...cartToken });

/** `POST /cart/discount`: codes are matched without regard to case or surrounding spaces. */
export const applyDiscountBody = strict({
  code: z
    .string({ error: CHECKOUT_MESSAGES.code })
    .trim()
    .min(1, CHECKOUT_MESSAGES.code)
    .max(50)
    .transform((code) => code.toUpperCase()),
  ...cartToken,
});

/** Calls without other fields (`DELETE`s) may still carry the token in their body. */
export const cartTokenBody = strict({ ...cartToken });

// ---- checkout ---------------------------------------------------------------------------------------------

const person = {
  first_name: named(MESSAGES.firstName, 100),
  last_name: named(MESSAGES.lastName, 100),
};

export const addressLines = {
  ...person,
  company: optional(200),
  address: named(MESSAGES.address, 200),
  address_2: optional(200),
  town: named(MESSAGES.city, 100),
};

/** A delivery address: the UK only, with a full postcode (spec §5 UK postcode pattern). */
export const deliveryAddress = strict({
  ...addressLines,
  postcode: fullPostcode(),
  country: z
    .literal(DELIVERY_COUNTRY, { error: CHECKOUT_MESSAGES.deliveryCountry })
    .default(DELIVERY_COUNTRY),
});
export type DeliveryAddress = z.infer<typeof deliveryAddress>;

/** A billing address: one of the spec's 11 countries; a UK postcode is checked, others are taken as written. */
export const billingAddress = strict({
  ...addressLines,
  postcode: required(12),
  country: z.enum(BILLING_COUNTRIES, { error: CHECKOUT_MESSAGES.country }),
}).superRefine((address, context) => {
  if (address.country === 'uk' && !FULL_POSTCODE_PATTERN.test(address.postcode)) {
    context.addIssue({ code: 'custom', path: ['postcode'], message: MESSAGES.postcode });
  }
});
export type BillingAddress = z.infer<typeof billingAddress>;

/**
 * `PUT /checkout/delivery`: home delivery to an address (or a saved `address_id` of the logged-in customer; a typed
 * one joins the address book with `save_address: true`) with a carrier, or collection from one of our stockists
 * (the spec's relay point). A phone number either way.
 */
export const checkoutDeliveryBody = z
  .discriminatedUnion(
    'method',
    [
      strict({
        method: z.literal('delivery'),
        address: deliveryAddress.optional(),
        address_id: id.optional(),
        save_address: z.boolean().default(false),
        carrier_code: z
          .string({ error: CHECKOUT_MESSAGES.deliveryMethod })
          .trim()
          .min(1, CHECKOUT_MESSAGES.deliveryMethod)
          .max(40),
        phone: phone(),
        ...cartToken,
      }),
      strict({
        method: z.literal('collect'),
        stockist_id: z.number({ error: CHECKOUT_MESSAGES.stockist }).int().positive().max(2_147_483_647),
        ...person,
        phone: phone(),
        ...cartToken,
      }),
    ],
    { error: CHECKOUT_MESSAGES.deliveryMethod },
  )
  .superRefine((body, context) => {
    if (body.method === 'delivery' && !body.address && body.address_id === undefined) {
      context.addIssue({ code: 'custom', path: ['address'], message: CHECKOUT_MESSAGES.deliveryAddress });
    }
  });
export type CheckoutDeliveryBody = z.infer<typeof checkoutDeliveryBody>;

/**
 * `PUT /checkout/billing`: an address (or a saved `address_id` of the logged-in customer; a typed one joins the
 * address book with `save_address: true`), or the delivery address (`same_as_delivery: true`).
 */
export const checkoutBillingBody = strict({
  same_as_delivery: z.boolean().default(false),
  address: billingAddress.optional(),
  address_id: id.optional(),
  save_address: z.boolean().default(false),
  ...cartToken,
}).superRefine((body, context) => {
  if (!body.same_as_delivery && !body.address && body.address_id === undefined) {
    context.addIssue({ code: 'custom', path: ['address'], message: CHECKOUT_MESSAGES.billingAddress });
  }
});
export type CheckoutBillingBody = z.infer<typeof checkoutBillingBody>;

export const PAYMENT_METHODS = ['card', 'on_account'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * `POST /checkout/complete`: the total the shopper saw (`expected_total`, pence inc VAT, delivery included): a
 * different total is a 409 `price_changed`, never an order at a price nobody saw.
 */
export const checkoutCompleteBody = strict({
  payment_method: z.enum(PAYMENT_METHODS, { error: CHECKOUT_MESSAGES.paymentMethod }),
  card_token: z.string().trim().min(1, CHECKOUT_MESSAGES.cardToken).max(200).optional(),
  accept_terms: z.literal(true, { error: CHECKOUT_MESSAGES.acceptSalesConditions }),
  expected_total: z.number().int().min(0).max(1_000_000_000),
  email: email(),
  po_number: optional(50),
  ...cartToken,
});
export type CheckoutCompleteBody = z.infer<typeof checkoutCompleteBody>;
