import { describe, expect, it } from 'vitest';
import { formatPrice } from '../../lib/format.ts';
import { lineAmounts, lineTotalText } from './line-price.ts';

const text = (key: string, values: Record<string, string | number>) =>
  `${key}|${Object.entries(values)
    .map(([name, value]) => `${name}=${value}`)
    .join(',')}`;

describe('the price of a quantity of one pack', () => {
  it('trade: ex VAT times the quantity, VAT on the line total (rounded half up)', () => {
    expect(lineAmounts('pro', { quantity: 3, exVat: 1999, incVat: 2399, vatRate: 20 })).toEqual({
      ex: 5997,
      vat: 1199,
      inc: 7196,
    });
  });

  it('DIY: the shelf price inc VAT times the quantity, the VAT inside it', () => {
    const amounts = lineAmounts('part', { quantity: 2, exVat: 833, incVat: 999, vatRate: 20 });
    expect(amounts.inc).toBe(1998);
    expect(amounts.ex + amounts.vat).toBe(amounts.inc);
  });

  it('says it as the audience reads it, in the spec format', () => {
    const pack = {
      quantity: 2,
      pack: '5 kg tub',
      exVat: 1250,
      incVat: 1500,
      vatRate: 20,
      format: formatPrice,
      text,
    };
    expect(lineTotalText('pro', pack)).toBe(
      'add.line_total_pro|quantity=2,pack=5 kg tub,price=25 £,inc=30 £',
    );
    expect(lineTotalText('part', { ...pack, quantity: 3, incVat: 1250 })).toBe(
      'add.line_total_part|quantity=3,pack=5 kg tub,price=37,50 £',
    );
  });
});
