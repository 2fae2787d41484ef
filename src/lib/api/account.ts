/**
 * The account area's calls (docs/api-contract.md "Accounts"): the saved addresses (spec §7's five calls), my
 * orders (a page of them, one with the session), "order again", and the wishlist (read, replace or merge, send by
 * e-mail). They need the session cookie, which the browser sends itself (same origin); a missing session is a
 * 401 `unauthorized`, another customer's address or order a 404. Answers are parsed leniently and mapped to the
 * storefront's own types; amounts are integer pence.
 */
import { z } from 'zod';
import { postalAddressAnswer, toAddress } from './address.ts';
import { cartAnswerSchema, type CartAnswer } from './cart.ts';
import type { ApiClient, JsonBody, RequestOptions } from './client.ts';
import type { FulfilmentStatus } from '@plasterwick/shop-rules/fulfilment';
import { fulfilmentSchema, getOrder, type Order } from './orders.ts';

/** An address of the book: a postal address with the customer's label, a phone and the default flags. */
export const savedAddressSchema = postalAddressAnswer
  .extend({
    id: z.number().int(),
    label: z.string().nullish(),
    phone: z.string().nullish(),
    is_default_delivery: z.boolean().default(false),
    is_default_billing: z.boolean().default(false),
  })
  .transform((address) => ({
    id: address.id,
    ...(address.label && { label: address.label }),
    ...toAddress(address),
    ...(address.phone && { phone: address.phone }),
    isDefaultDelivery: address.is_default_delivery,
    isDefaultBilling: address.is_default_billing,
  }));
export type SavedAddress = z.output<typeof savedAddressSchema>;

const addressListSchema = z
  .object({ items: z.array(savedAddressSchema) })
  .transform((answer) => answer.items);

/** An answer without a body (204). */
const noContent = z.unknown().transform(() => undefined);

/** `GET /address`: the customer's address book, defaults first. */
export function listAddresses(api: ApiClient, options?: RequestOptions): Promise<SavedAddress[]> {
  return api.get('/address', addressListSchema, options);
}

/** `GET /address/{id}`: one of the customer's addresses (someone else's is a 404). */
export function getAddress(api: ApiClient, id: number, options?: RequestOptions): Promise<SavedAddress> {
  return api.get(`/address/${id}`, savedAddressSchema, options);
}

/** `POST /address` with `addressCreateBody`: 201 with the address; a new default takes over the flag. */
export function createAddress(
  api: ApiClient,
  body: JsonBody,
  options?: RequestOptions,
): Promise<SavedAddress> {
  return api.post('/address', body, savedAddressSchema, options);
}

/** `PUT /address` with `addressUpdateBody` (the id in the body, spec §7). */
export function updateAddress(
  api: ApiClient,
  body: JsonBody,
  options?: RequestOptions,
): Promise<SavedAddress> {
  return api.put('/address', body, savedAddressSchema, options);
}

/** `DELETE /address?id=`: 204. */
export function deleteAddress(api: ApiClient, id: number, options?: RequestOptions): Promise<void> {
  return api.delete('/address', noContent, { ...options, query: { ...options?.query, id } });
}

// ---- my orders ----------------------------------------------------------------------------------------------

export interface OrderSummary {
  number: string;
  status: string;
  placedAt: string;
  paymentMethod?: string;
  paymentDueAt?: string;
  poNumber?: string;
  /** What was charged, inc VAT, pence. */
  total: number;
  /** How many lines the order has. */
  lineCount: number;
  fulfilment?: FulfilmentStatus;
}

export interface OrderPage {
  items: OrderSummary[];
  total: number;
  page: number;
  perPage: number;
}

const pence = z.number().int();

const orderSummarySchema = z
  .object({
    number: z.string(),
    status: z.string(),
    placed_at: z.string(),
    payment_method: z.string().nullish(),
    payment_due_at: z.string().nullish(),
    po_number: z.string().nullish(),
    grand_total: z.union([pence, z.object({ ttc: pence })]),
    lines: z.union([z.number().int(), z.array(z.unknown())]).nullish(),
    fulfilment_status: fulfilmentSchema,
  })
  .transform((order): OrderSummary => ({
    number: order.number,
    status: order.status,
    placedAt: order.placed_at,
    ...(order.payment_method && { paymentMethod: order.payment_method }),
    ...(order.payment_due_at && { paymentDueAt: order.payment_due_at }),
    ...(order.po_number && { poNumber: order.po_number }),
    total: typeof order.grand_total === 'number' ? order.grand_total : order.grand_total.ttc,
    lineCount: Array.isArray(order.lines) ? order.lines.length : (order.lines ?? 0),
    ...(order.fulfilment_status && { fulfilment: order.fulfilment_status }),
  }));

const orderPageSchema = z.object({
  items: z.array(orderSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
});

/** `GET /orders?page=&perPage=`: the customer's orders, newest first. */
export function listMyOrders(
  api: ApiClient,
  page: number,
  perPage: number,
  options?: RequestOptions,
): Promise<OrderPage> {
  return api.get('/orders', orderPageSchema, { ...options, query: { ...options?.query, page, perPage } });
}

/** `GET /orders/{number}` with the owner's session (no guest token). */
export function getMyOrder(api: ApiClient, number: string, options?: RequestOptions): Promise<Order> {
  return getOrder(api, number, undefined, options);
}

export interface Reorder {
  /** The new basket: its token and cart (what `applyServerCart` takes). */
  cart: CartAnswer;
  skipped: { reference: string; name: string; reason: 'free' | 'unavailable' }[];
}

const reorderSchema = z
  .object({
    token: z.string().min(1),
    token_expires_at: z.string().optional(),
    cart: z.unknown(),
    skipped: z
      .array(
        z.object({
          variant_reference: z.string(),
          name: z.string(),
          reason: z.enum(['free', 'unavailable']).catch('unavailable'),
        }),
      )
      .default([]),
  })
  .transform((answer, context): Reorder => {
    const cart = cartAnswerSchema.safeParse({
      token: answer.token,
      token_expires_at: answer.token_expires_at,
      cart: answer.cart,
    });
    if (!cart.success) {
      context.addIssue({ code: 'custom', message: z.prettifyError(cart.error) });
      return z.NEVER;
    }
    return {
      cart: cart.data,
      skipped: answer.skipped.map((line) => ({
        reference: line.variant_reference,
        name: line.name,
        reason: line.reason,
      })),
    };
  });

/** `POST /orders/{number}/reorder`: a new basket with the lines still sold at a price; the others are named. */
export function reorder(api: ApiClient, number: string, options?: RequestOptions): Promise<Reorder> {
  return api.post(`/orders/${encodeURIComponent(number)}/reorder`, {}, reorderSchema, options);
}

// ---- wishlist -----------------------------------------------------------------------------------------------

const wishlistSchema = z
  .object({ product_ids: z.array(z.number().int().positive()) })
  .transform((answer) => answer.product_ids);

/** `GET /wishlist`: the product ids of the account's wishlist. */
export function getWishlist(api: ApiClient, options?: RequestOptions): Promise<number[]> {
  return api.get('/wishlist', wishlistSchema, options);
}

/** `PUT /wishlist`: `replace` the list, or `merge` the device's favourites into it (the union). */
export function putWishlist(
  api: ApiClient,
  productIds: readonly number[],
  mode: 'replace' | 'merge',
  options?: RequestOptions,
): Promise<number[]> {
  return api.put('/wishlist', { product_ids: [...productIds], mode }, wishlistSchema, options);
}

/** `POST /wishlist/send` with `wishlistSendBody` (to me, or `to` a colleague; a note; the bot check): 202. */
export function sendWishlist(api: ApiClient, body: JsonBody, options?: RequestOptions): Promise<void> {
  return api.post('/wishlist/send', body, noContent, options);
}
