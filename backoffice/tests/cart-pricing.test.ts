/**
 * The one pricing function (modules/cart/pricing.ts): VAT tables for both audiences, and properties over random
 * baskets: `ex + vat = inc` for every line and total, no total below zero, a discount never above the subtotal.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  packGrams,
  priceCart,
  type CarrierInput,
  type DiscountInput,
  type LineInput,
  type PricingPlan,
} from '../src/modules/cart/pricing.ts';

const diy: PricingPlan = {
  id: 2,
  target: 'part',
  vatRateBp: 2000,
  pricesIncludeVat: true,
  currencyCode: 'GBP',
};
const trade: PricingPlan = {
  id: 1,
  target: 'pro',
  vatRateBp: 2000,
  pricesIncludeVat: false,
  currencyCode: 'GBP',
};

const line = (id: number, unitPrice: number, quantity: number, unitGrams = 1000): LineInput => ({
  id,
  productId: id,
  productSlug: `p-${id}`,
  name: `Product ${id}`,
  variantId: id,
  variantReference: `PW-${id}`,
  variantLabel: 'pack',
  image: null,
  quantity,
  unitPrice,
  unitGrams,
});

const standard: CarrierInput = {
  code: 'standard',
  label: 'Standard',
  description: '',
  nextDay: false,
  freeOver: 4000,
  remoteSurcharge: 500,
  bands: [
    { upToGrams: 2000, price: 395 },
    { upToGrams: 10_000, price: 495 },
  ],
};

const price = (plan: PricingPlan, lines: LineInput[], discount: DiscountInput | null = null) =>
  priceCart({ plan, lines, discount, carriers: [standard], destination: 'mainland', delivery: null });

describe('VAT tables', () => {
  // [unit price, quantity] → [ex, vat, inc] of the line.
  it.each([
    [999, 1, 832, 167, 999],
    [999, 3, 2497, 500, 2997],
    [551, 3, 1377, 276, 1653],
    [1, 1, 1, 0, 1],
    [5, 1, 4, 1, 5],
    [6, 1, 5, 1, 6],
    [0, 10, 0, 0, 0],
    [12_345, 999, 10_277_212, 2_055_443, 12_332_655],
  ])('DIY shelf price %i × %i: ex %i + VAT %i = inc %i', (unit, quantity, ex, vat, inc) => {
    const { lines } = price(diy, [line(1, unit, quantity)]);
    expect(lines[0]!.amounts).toEqual({ ex, vat, inc });
  });

  it.each([
    [399, 3, 1197, 239, 1436],
    [1249, 7, 8743, 1749, 10_492],
    [2, 1, 2, 0, 2],
    [3, 1, 3, 1, 4],
    [0, 5, 0, 0, 0],
    [12_345, 999, 12_332_655, 2_466_531, 14_799_186],
  ])('trade price %i × %i: ex %i + VAT %i = inc %i', (unit, quantity, ex, vat, inc) => {
    const { lines } = price(trade, [line(1, unit, quantity)]);
    expect(lines[0]!.amounts).toEqual({ ex, vat, inc });
  });

  it('sums lines per basis, and takes a percentage of the subtotal in the plan basis once', () => {
    const result = price(diy, [line(1, 551, 3), line(2, 1727, 1)], {
      type: 'cart_discount',
      code: 'WELCOME10',
      description: '',
      unit: 'percent',
      value: 10,
    });
    expect(result.subtotal).toEqual({ ex: 1377 + 1439, vat: 276 + 288, inc: 1653 + 1727 });
    expect(result.discount.inc).toBe(338);
    expect(result.discount).toEqual({ ex: 282, vat: 56, inc: 338 });
    expect(result.discounted).toEqual({ ex: 2816 - 282, vat: 564 - 56, inc: 3380 - 338 });
    expect(result.estimate).toEqual({ ex: 412, vat: 83, inc: 495 });
  });

  it('weighs packs with their packaging', () => {
    expect(packGrams(1, 'kg')).toBe(1050);
    expect(packGrams(500, 'g')).toBe(525);
    expect(packGrams(0.31, 'l')).toBe(521);
    expect(packGrams(310, 'ml')).toBe(521);
    expect(packGrams(1, 'unit')).toBe(525);
  });
});

const arbitraryLine = fc.record({
  unitPrice: fc.integer({ min: 0, max: 200_000 }),
  quantity: fc.integer({ min: 1, max: 999 }),
  unitGrams: fc.integer({ min: 1, max: 30_000 }),
});

const arbitraryDiscount: fc.Arbitrary<DiscountInput | null> = fc.oneof(
  fc.constant(null),
  fc.integer({ min: 1, max: 100 }).map((value): DiscountInput => ({
    type: 'cart_discount',
    code: 'P',
    description: '',
    unit: 'percent',
    value,
  })),
  fc.integer({ min: 1, max: 50_000_000 }).map((value): DiscountInput => ({
    type: 'cart_discount',
    code: 'A',
    description: '',
    unit: 'pence',
    value,
  })),
  fc.constant<DiscountInput>({
    type: 'free_product',
    code: 'F',
    description: '',
    line: (({ id: _id, quantity: _quantity, ...rest }) => rest)(line(99, 623, 1, 525)),
  }),
);

describe('any basket (property)', () => {
  it('keeps ex + vat = inc per line and per total, totals ≥ 0, the discount within the subtotal', () => {
    fc.assert(
      fc.property(
        fc.array(arbitraryLine, { minLength: 0, maxLength: 12 }),
        fc.boolean(),
        fc.constantFrom(0, 500, 2000),
        arbitraryDiscount,
        fc.constantFrom('mainland', 'remote', 'not_served') as fc.Arbitrary<
          'mainland' | 'remote' | 'not_served'
        >,
        fc.constantFrom(
          null,
          { method: 'collect' as const },
          { method: 'delivery' as const, carrierCode: 'standard' },
        ),
        (raw, includesVat, vatRateBp, discount, destination, delivery) => {
          const plan = { ...(includesVat ? diy : trade), vatRateBp };
          const lines = raw.map((l, i) => line(i + 1, l.unitPrice, l.quantity, l.unitGrams));
          const result = priceCart({ plan, lines, discount, carriers: [standard], destination, delivery });
          const totals = [result.subtotal, result.discount, result.discounted, result.total];
          if (result.shipping) totals.push(result.shipping);
          if (result.estimate) totals.push(result.estimate);
          for (const amounts of [...result.lines.map((l) => l.amounts), ...totals]) {
            expect(amounts.ex + amounts.vat).toBe(amounts.inc);
            expect(amounts.ex).toBeGreaterThanOrEqual(0);
            expect(amounts.vat).toBeGreaterThanOrEqual(0);
          }
          expect(result.discount.inc).toBeLessThanOrEqual(result.subtotal.inc);
          expect(result.discount.ex).toBeLessThanOrEqual(result.subtotal.ex);
          expect(result.discount.vat).toBeLessThanOrEqual(result.subtotal.vat);
          expect(result.total.inc).toBe(result.discounted.inc + (result.shipping?.inc ?? 0));
          expect(result.subtotal.inc).toBe(result.lines.reduce((sum, l) => sum + l.amounts.inc, 0));
          if (delivery?.method === 'collect') expect(result.shipping).toEqual({ ex: 0, vat: 0, inc: 0 });
          if (destination === 'not_served') expect(result.shippingCosts).toEqual([]);
        },
      ),
      { numRuns: 1500 },
    );
  });
});
