/**
 * Fulfilment (issue 23): the second state of an order beside its payment status, shared by the back-office, which
 * enforces its machine, the storefront, which shows it to the customer, and the console. A delivery order goes
 * `unfulfilled → dispatched → delivered`; an order collected from a stockist `unfulfilled → ready_for_collection →
 * collected`; either may be cancelled until it has left (dispatched) or been collected.
 */
import { z } from 'zod';

export const FULFILMENT_STATUSES = [
  'unfulfilled',
  'ready_for_collection',
  'collected',
  'dispatched',
  'delivered',
  'cancelled',
] as const;
export type FulfilmentStatus = (typeof FULFILMENT_STATUSES)[number];

/** How the order reaches the customer (the delivery step of its checkout). */
export type FulfilmentMethod = 'delivery' | 'collect';

/** What each state may become, by method: anything else is refused. */
const MOVES: Record<FulfilmentMethod, Record<FulfilmentStatus, readonly FulfilmentStatus[]>> = {
  delivery: {
    unfulfilled: ['dispatched', 'cancelled'],
    dispatched: ['delivered'],
    delivered: [],
    ready_for_collection: [],
    collected: [],
    cancelled: [],
  },
  collect: {
    unfulfilled: ['ready_for_collection', 'cancelled'],
    ready_for_collection: ['collected', 'cancelled'],
    collected: [],
    dispatched: [],
    delivered: [],
    cancelled: [],
  },
};

/** The states an order of `method` in state `from` may move to. */
export function fulfilmentMovesFrom(
  method: FulfilmentMethod,
  from: FulfilmentStatus,
): readonly FulfilmentStatus[] {
  return MOVES[method][from];
}

/** Whether an order of `method` may move from `from` to `to`. */
export function canMoveFulfilment(
  method: FulfilmentMethod,
  from: FulfilmentStatus,
  to: FulfilmentStatus,
): boolean {
  return MOVES[method][from].includes(to);
}

/** The words customers and staff read for each state. */
export const FULFILMENT_LABELS: Record<FulfilmentStatus, string> = {
  unfulfilled: 'Being prepared',
  ready_for_collection: 'Ready to collect',
  collected: 'Collected',
  dispatched: 'Dispatched',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/** The parcel carriers an order can be dispatched with, and where their customers track a parcel. */
export const SHIPPING_CARRIERS = {
  royal_mail: {
    name: 'Royal Mail',
    trackingUrl: 'https://www.royalmail.com/track-your-item#/tracking-results/',
  },
  parcelforce: {
    name: 'Parcelforce Worldwide',
    trackingUrl: 'https://www.parcelforce.com/track-trace?trackNumber=',
  },
  dpd: { name: 'DPD', trackingUrl: 'https://track.dpd.co.uk/parcels/' },
  evri: { name: 'Evri', trackingUrl: 'https://www.evri.com/track/parcel/' },
  dhl: { name: 'DHL', trackingUrl: 'https://www.dhl.com/gb-en/home/tracking.html?tracking-id=' },
  ups: { name: 'UPS', trackingUrl: 'https://www.ups.com/track?loc=en_GB&tracknum=' },
} as const;
export type ShippingCarrier = keyof typeof SHIPPING_CARRIERS;
export const SHIPPING_CARRIER_CODES = Object.keys(SHIPPING_CARRIERS) as [
  ShippingCarrier,
  ...ShippingCarrier[],
];

/** A tracking number as carriers print them: 6 to 40 letters and digits (spaces and dashes are dropped). */
export const trackingNumberSchema = z
  .string()
  .transform((value) => value.replace(/[\s-]+/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{6,40}$/, 'A tracking number has 6 to 40 letters and digits'));

/** The carrier's page that tracks `trackingNumber`. */
export function trackingUrl(carrier: ShippingCarrier, trackingNumber: string): string {
  return `${SHIPPING_CARRIERS[carrier].trackingUrl}${encodeURIComponent(trackingNumber)}`;
}
