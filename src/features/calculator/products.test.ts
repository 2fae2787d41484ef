import { describe, expect, it } from 'vitest';
import type { ProductSummary, Variant } from '../../lib/api/types.ts';
import { calculatorProducts, hasConsumption } from './products.ts';

const price = { exVat: 1000, incVat: 1200, vatRate: 20, currency: 'GBP' };
const variant = (reference: string, quantity: number, unit: string): Variant => ({
  id: quantity,
  reference,
  label: `${quantity} ${unit}`,
  gtin: '00000000000000',
  quantity,
  unit,
  price,
});
const product = (
  id: number,
  name: string,
  characteristics: ProductSummary['characteristics'],
  variants: Variant[],
) => ({ id, name, slug: name.toLowerCase(), characteristics, variants }) as unknown as ProductSummary;

describe('calculatorProducts', () => {
  it('keeps products with a consumption rate and their packs sold by weight', () => {
    const list = calculatorProducts([
      product(
        2,
        'Skim',
        [
          { code: 'consumption', label: 'Consumption', value: '0.9', values: ['0.9'], number: 0.9 },
          { code: 'max_thickness', label: 'Max', value: '3 mm', values: ['3'] },
        ],
        [variant('S-25', 25, 'kg'), variant('S-C', 310, 'ml')],
      ),
      product(1, 'Cartridge', [], [variant('C-1', 1, 'kg')]),
      product(
        3,
        'Bond',
        [{ code: 'consumption', label: 'C', value: '1.2', values: ['1.2'], number: 1.2 }],
        [variant('B-2.5', 2.5, 'kg')],
      ),
    ]);
    expect(list.map((p) => p.name)).toEqual(['Bond', 'Skim']);
    expect(list[1]).toMatchObject({
      consumption: 0.9,
      maxThickness: 3,
      packs: [{ reference: 'S-25', grams: 25_000, exVat: 1000, incVat: 1200 }],
    });
    expect(list[0]?.packs[0]?.grams).toBe(2_500);
  });

  it('tells a product page whether to link to the calculator', () => {
    expect(hasConsumption(product(1, 'Tool', [], []))).toBe(false);
  });
});
