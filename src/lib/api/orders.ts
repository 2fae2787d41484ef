/**
 * `GET /orders/{number}` (api-contract.md "Checkout and orders"): one order, for its owner's session or for the
 * guest who holds the access token of completion (`X-Order-Token`, valid 2 hours). Anything else is a 404, never a
 * 403. Amounts are integer pence; the answer is parsed leniently and mapped to the storefront's `Order`.
 */
import { FULFILMENT_STATUSES, type FulfilmentStatus } from '@plasterwick/shop-rules/fulfilment';
import { z } from 'zod';
import { addressSchema, type Address } from './address.ts';
import type { ApiClient, RequestOptions } from './client.ts';

export interface OrderAmount {
  inc: number;
  vat: number;
  ex: number;
}

export interface OrderLine {
  reference: string;
  name: string;
  pack?: string;
  quantity: number;
  /** Line total inc VAT and ex VAT, pence. */
  total: number;
  totalExVat?: number;
  free: boolean;
}

/** A document of the order the customer can open: its VAT invoice and credit notes (PDF, same session). */
export interface OrderDocument {
  kind: 'invoice' | 'credit_note';
  /** Null for an invoice not issued yet (its number is given when it is first opened). */
  number: string | null;
  url: string;
}

export interface Order {
  number: string;
  status: string;
  placedAt?: string;
  email?: string;
  lines: OrderLine[];
  /** The lines before the discount. */
  amount: OrderAmount;
  /** Taken off by the code, inc VAT. */
  discount: number;
  discountLabel?: string;
  shipping: OrderAmount | null;
  total: OrderAmount;
  delivery:
    | { method: 'delivery'; address: Address; carrierLabel?: string }
    | {
        method: 'collect';
        stockist: { name: string; address: string; town: string; postcode: string; phone?: string };
      }
    | null;
  billingAddress?: Address;
  /** How it is paid: `card`, or `on_account` for a trade account (then a due date, and a PO number if given). */
  paymentMethod?: string;
  /** The payment's own state (`paid`, `pending`, `unpaid` …) when the back-office gives it. */
  paymentStatus?: string;
  paymentDueAt?: string;
  poNumber?: string;
  /** Where the order is beside its payment (being prepared, dispatched…); absent when the back-office does not say. */
  fulfilment?: FulfilmentStatus;
  /** Once dispatched: the parcel and the carrier's page that tracks it. */
  tracking?: OrderTracking;
  documents: OrderDocument[];
}

export interface OrderTracking {
  carrierName: string;
  number: string;
  url: string;
}

/** A fulfilment state this storefront knows, else nothing (a later state is not shown rather than refused). */
export const fulfilmentSchema = z
  .enum(FULFILMENT_STATUSES)
  .optional()
  .catch(() => undefined);

/** Only a web link is ever put in an `href`. */
const trackingSchema = z
  .object({
    carrier_name: z.string(),
    number: z.string(),
    url: z.url({ protocol: /^https?$/ }),
  })
  .nullish()
  .catch(() => undefined);

const pence = z.number().int();
const amountSchema = z.object({ ttc: pence, tax: pence, ht: pence });
const toAmount = (amount: z.infer<typeof amountSchema>): OrderAmount => ({
  inc: amount.ttc,
  vat: amount.tax,
  ex: amount.ht,
});

const lineSchema = z.object({
  variant_reference: z.string().nullish(),
  reference: z.string().nullish(),
  name: z.string(),
  variant_label: z.string().nullish(),
  quantity: z.number().int(),
  total_with_tax: pence,
  total_without_tax: pence.nullish(),
  free: z.boolean().nullish(),
});

const deliverySchema = z
  .object({
    method: z.enum(['delivery', 'collect']),
    address: addressSchema.nullish(),
    carrier_label: z.string().nullish(),
    stockist: z
      .object({
        name: z.string(),
        address: z.string(),
        town: z.string(),
        postcode: z.string(),
        phone: z.string().nullish(),
      })
      .nullish(),
  })
  .nullish();

const orderBody = z.object({
  number: z.string(),
  status: z.string(),
  placed_at: z.string().nullish(),
  email: z.string().nullish(),
  list: z.array(lineSchema).nullish(),
  lines: z.array(lineSchema).nullish(),
  amount: amountSchema,
  discount_amount: amountSchema.nullish(),
  discount: z
    .object({ description: z.string().nullish(), amount_off: pence.nullish() })
    .passthrough()
    .nullish(),
  shipping: amountSchema.nullish(),
  grand_total: amountSchema.nullish(),
  total: amountSchema.nullish(),
  delivery: deliverySchema,
  billing: z.object({ same_as_delivery: z.boolean(), address: addressSchema.nullish() }).nullish(),
  payment_method: z.string().nullish(),
  payment: z.object({ method: z.string().nullish(), status: z.string().nullish() }).nullish(),
  payment_due_at: z.string().nullish(),
  po_number: z.string().nullish(),
  fulfilment_status: fulfilmentSchema,
  tracking: trackingSchema,
  documents: z
    .array(
      z.object({
        kind: z.enum(['invoice', 'credit_note']),
        number: z.string().nullish(),
        url: z.string(),
      }),
    )
    .nullish(),
});

function toOrder(order: z.infer<typeof orderBody>): Order {
  const shipping = order.shipping ? toAmount(order.shipping) : null;
  const amount = toAmount(order.amount);
  const total = order.grand_total ?? order.total;
  const discount = order.discount_amount?.ttc ?? order.discount?.amount_off ?? 0;
  const delivery = order.delivery;
  const paymentMethod = order.payment_method ?? order.payment?.method;
  return {
    number: order.number,
    status: order.status,
    ...(order.placed_at && { placedAt: order.placed_at }),
    ...(order.email && { email: order.email }),
    lines: (order.lines ?? order.list ?? []).map((line) => ({
      reference: line.variant_reference ?? line.reference ?? '',
      name: line.name,
      ...(line.variant_label && { pack: line.variant_label }),
      quantity: line.quantity,
      total: line.total_with_tax,
      ...(typeof line.total_without_tax === 'number' && { totalExVat: line.total_without_tax }),
      free: line.free ?? false,
    })),
    amount,
    discount,
    ...(order.discount?.description && { discountLabel: order.discount.description }),
    shipping,
    total: total
      ? toAmount(total)
      : { inc: amount.inc - discount + (shipping?.inc ?? 0), vat: amount.vat, ex: amount.ex },
    delivery:
      delivery?.method === 'delivery' && delivery.address
        ? {
            method: 'delivery',
            address: delivery.address,
            ...(delivery.carrier_label && { carrierLabel: delivery.carrier_label }),
          }
        : delivery?.method === 'collect' && delivery.stockist
          ? {
              method: 'collect',
              stockist: {
                name: delivery.stockist.name,
                address: delivery.stockist.address,
                town: delivery.stockist.town,
                postcode: delivery.stockist.postcode,
                ...(delivery.stockist.phone && { phone: delivery.stockist.phone }),
              },
            }
          : null,
    ...(order.billing?.address &&
      !order.billing.same_as_delivery && { billingAddress: order.billing.address }),
    ...(paymentMethod && { paymentMethod }),
    ...(order.payment?.status && { paymentStatus: order.payment.status }),
    ...(order.payment_due_at && { paymentDueAt: order.payment_due_at }),
    ...(order.po_number && { poNumber: order.po_number }),
    ...(order.fulfilment_status && { fulfilment: order.fulfilment_status }),
    ...(order.tracking && {
      tracking: {
        carrierName: order.tracking.carrier_name,
        number: order.tracking.number,
        url: order.tracking.url,
      },
    }),
    documents: (order.documents ?? []).map((document) => ({
      kind: document.kind,
      number: document.number ?? null,
      url: document.url,
    })),
  };
}

/** `{ order }` or `{ data }` around the order. */
export const orderAnswerSchema = z
  .union([z.object({ order: orderBody }), z.object({ data: orderBody })])
  .transform((answer) => toOrder('order' in answer ? answer.order : answer.data));

/** `GET /orders/{number}` with the guest access token (or, without one, the customer's session). */
export function getOrder(
  api: ApiClient,
  number: string,
  accessToken: string | undefined,
  options: RequestOptions = {},
): Promise<Order> {
  return api.get(`/orders/${encodeURIComponent(number)}`, orderAnswerSchema, {
    ...options,
    headers: { ...options.headers, ...(accessToken && { 'x-order-token': accessToken }) },
  });
}
