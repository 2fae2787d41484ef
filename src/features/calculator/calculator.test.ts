import { describe, expect, it } from 'vitest';
import {
  calculate,
  describeMix,
  emptyInput,
  formatQuantity,
  isTooThick,
  MAX_AREA_M2,
  type CalculatorProduct,
} from './calculator.ts';
import { formatDecimal } from '../../lib/format.ts';

const product: CalculatorProduct = {
  id: 7,
  name: 'Plasterwick Multi-Finish',
  slug: 'plasterwick-multi-finish',
  consumption: 0.8,
  maxThickness: 5,
  packs: [
    { reference: 'MF-25', label: '25 kg bag', grams: 25_000, exVat: 2_600, incVat: 3_120 },
    { reference: 'MF-5', label: '5 kg bag', grams: 5_000, exVat: 1_120, incVat: 1_344 },
  ],
};

describe('calculate', () => {
  it('asks for every field with the spec messages', () => {
    const { errors } = calculate(emptyInput(), [product]);
    expect(errors).toEqual({
      product: 'Field required: Product',
      area: 'Field required: Surface area (m²)',
      thickness: 'Field required: Thickness (mm)',
    });
  });

  it('takes any positive decimal for the dimensions, with a point or a comma (issue 30)', () => {
    const { result } = calculate({ ...emptyInput('7'), area: '0,5', thickness: '0.5' }, [product]);
    expect(result?.areaM2).toBe(0.5);
    expect(result?.thicknessMm).toBe(0.5);
    // 0,5 m² × 0,5 mm × 0,8 kg/m²/mm = 0,2 kg, plus 10 % wastage.
    expect(result?.quantity.requiredGrams).toBe(220);
    expect(result?.mix?.packCount).toBe(1);
  });

  it('refuses zero and values beyond the maxima', () => {
    const { errors } = calculate({ ...emptyInput('7'), area: '0', thickness: '100,5' }, [product]);
    expect(errors).toEqual({
      area: 'Please enter a number greater than 0.',
      thickness: 'Please enter a number no larger than 100.',
    });
    expect(calculate({ ...emptyInput('7'), area: '10000,01', thickness: '1' }, [product]).errors).toEqual({
      area: `Please enter a number no larger than ${formatDecimal(MAX_AREA_M2)}.`,
    });
    expect(
      calculate({ ...emptyInput('7'), area: '10000', thickness: '100' }, [product]).result,
    ).toBeDefined();
  });

  it('takes a small wall and refuses a wall of zero', () => {
    const walls = (width: string, height: string) => ({
      ...emptyInput('7'),
      mode: 'walls' as const,
      walls: [{ width, height }],
      thickness: '1',
    });
    expect(calculate(walls('0,8', '0,5'), [product]).result?.areaM2).toBe(0.4);
    expect(calculate(walls('0', '2'), [product]).errors).toEqual({
      'wall-0-width': 'Please enter a number greater than 0.',
    });
    expect(calculate(walls('101', '2'), [product]).errors).toEqual({
      'wall-0-width': 'Please enter a number no larger than 100.',
    });
  });

  it('works out kilograms with wastage and the cheapest packs, in words', () => {
    const { result } = calculate({ ...emptyInput('7'), area: '20', thickness: '3' }, [product]);
    expect(result?.quantity.requiredGrams).toBe(52_800);
    expect(describeMix(result!.mix!, product, 'pro')).toBe(
      '2 × 25 kg bag and 1 × 5 kg bag = 55 kg for 63,20 £',
    );
    expect(describeMix(result!.mix!, product, 'part')).toBe(
      '2 × 25 kg bag and 1 × 5 kg bag = 55 kg for 75,84 £',
    );
  });

  it('takes walls minus openings, and checks each dimension', () => {
    const input = {
      ...emptyInput('7'),
      mode: 'walls' as const,
      walls: [
        { width: '4', height: '2,5' },
        { width: '3', height: '2.5' },
      ],
      openings: [{ width: '0.9', height: '2' }],
      thickness: '2',
    };
    expect(calculate(input, [product]).result?.areaM2).toBe(15.7);
    const { errors } = calculate({ ...input, walls: [{ width: '', height: '-1' }] }, [product]);
    expect(errors).toEqual({
      'wall-0-width': 'Field required: Wall 1 length (m)',
      'wall-0-height': 'Please enter a number, for example 2.5',
    });
    expect(
      calculate({ ...input, walls: [{ width: '1', height: '1' }], openings: [{ width: '2', height: '2' }] }, [
        product,
      ]).errors,
    ).toEqual({ walls: 'The openings cannot be larger than the walls.' });
    // Half a square metre of wall is a job like any other (issue 30).
    expect(
      calculate({ ...input, walls: [{ width: '0.5', height: '1' }], openings: [] }, [product]).result?.areaM2,
    ).toBe(0.5);
  });

  it('warns when the thickness is above the product maximum', () => {
    expect(isTooThick(product, '8')).toBe(true);
    expect(isTooThick(product, '5')).toBe(false);
    expect(isTooThick(product, '5,5')).toBe(true);
    expect(isTooThick(undefined, '8')).toBe(false);
  });
});

describe('quantities shown', () => {
  it('use the comma decimals of the prices beside them (issue 13: "46,8 kg" next to "430,30 £")', () => {
    expect(formatQuantity(46.8)).toBe('46,8');
    expect(formatQuantity(55)).toBe('55');
    expect(formatQuantity(12.345)).toBe('12,35');
  });
});
