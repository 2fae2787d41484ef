import { describe, expect, it } from 'vitest';
import {
  canMoveFulfilment,
  FULFILMENT_STATUSES,
  fulfilmentMovesFrom,
  trackingNumberSchema,
  trackingUrl,
} from './fulfilment.ts';

describe('fulfilment machine', () => {
  it('moves a delivery order unfulfilled → dispatched → delivered, and cancels it only before dispatch', () => {
    expect(fulfilmentMovesFrom('delivery', 'unfulfilled')).toEqual(['dispatched', 'cancelled']);
    expect(canMoveFulfilment('delivery', 'dispatched', 'delivered')).toBe(true);
    expect(canMoveFulfilment('delivery', 'dispatched', 'cancelled')).toBe(false);
    expect(canMoveFulfilment('delivery', 'unfulfilled', 'ready_for_collection')).toBe(false);
  });

  it('moves a collection order unfulfilled → ready_for_collection → collected, cancellable until collected', () => {
    expect(canMoveFulfilment('collect', 'unfulfilled', 'ready_for_collection')).toBe(true);
    expect(canMoveFulfilment('collect', 'ready_for_collection', 'collected')).toBe(true);
    expect(canMoveFulfilment('collect', 'ready_for_collection', 'cancelled')).toBe(true);
    expect(canMoveFulfilment('collect', 'collected', 'cancelled')).toBe(false);
    expect(canMoveFulfilment('collect', 'unfulfilled', 'dispatched')).toBe(false);
  });

  it('ends in collected, delivered and cancelled', () => {
    for (const method of ['delivery', 'collect'] as const) {
      for (const end of ['collected', 'delivered', 'cancelled'] as const) {
        expect(fulfilmentMovesFrom(method, end)).toEqual([]);
      }
      for (const from of FULFILMENT_STATUSES)
        expect(canMoveFulfilment(method, from, 'unfulfilled')).toBe(false);
    }
  });
});

describe('tracking numbers', () => {
  it('drops spaces and dashes and upper-cases, and refuses anything but 6 to 40 letters and digits', () => {
    expect(trackingNumberSchema.parse('ab 123-456 gb')).toBe('AB123456GB');
    expect(trackingNumberSchema.safeParse('12345').success).toBe(false);
    expect(trackingNumberSchema.safeParse('AB12345<script>').success).toBe(false);
  });

  it("links to the carrier's tracking page with the number encoded", () => {
    expect(trackingUrl('royal_mail', 'AB123456789GB')).toBe(
      'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB',
    );
    expect(trackingUrl('dpd', '15501234567890')).toBe('https://track.dpd.co.uk/parcels/15501234567890');
  });
});
