/**
 * The calculator's form logic, free of React: validates what was typed (spec §5 messages), works out the surface,
 * the kilograms with wastage, and the cheapest pack mix, and words the answer.
 */
import { lineTotal, sumPence } from '@plasterwick/shop-rules/money';
import type { Audience } from '../../lib/config.ts';
import { formatDecimal, formatPrice } from '../../lib/format.ts';
import { cheapestPackMix, type PackMix } from './packs.ts';
import {
  WASTAGE_RATE,
  netWallArea,
  parseDecimal,
  quantityNeeded,
  roundHundredths,
  type Quantity,
} from './quantity.ts';
import { toolsText } from '../../i18n/tools-text.ts';

/** One pack size of a product, as the page hands it to the island. */
export interface CalculatorPack {
  reference: string;
  label: string;
  grams: number;
  exVat: number;
  incVat: number;
}

/** A product with a consumption rate, reduced to what the calculator needs. */
export interface CalculatorProduct {
  id: number;
  name: string;
  slug: string;
  /** kg per m² per mm of thickness. */
  consumption: number;
  /** Maximum thickness in one coat, mm. */
  maxThickness?: number;
  packs: CalculatorPack[];
}

export interface Dimensions {
  width: string;
  height: string;
}

export interface CalculatorInput {
  productId: string;
  mode: 'area' | 'walls';
  area: string;
  walls: Dimensions[];
  openings: Dimensions[];
  thickness: string;
}

/** Field → message. Keys: `product`, `area`, `thickness`, `walls`, `wall-{i}-width`, `opening-{i}-height`… */
export type CalculatorErrors = Record<string, string>;

export interface CalculatorResult {
  product: CalculatorProduct;
  areaM2: number;
  thicknessMm: number;
  quantity: Quantity;
  mix: PackMix | undefined;
}

export const emptyInput = (productId = ''): CalculatorInput => ({
  productId,
  mode: 'area',
  area: '',
  walls: [{ width: '', height: '' }],
  openings: [],
  thickness: '',
});

/**
 * Largest dimensions the calculator takes: a whole site's walls (m²), a thick render (mm), one wall or opening
 * (m). Anything beyond is a typing slip. Dimensions take any positive decimal below these: spec §5's `min_value`
 * is for quantities of packs, not for a 0,5 m² patch (issue 30).
 */
export const MAX_AREA_M2 = 10_000;
export const MAX_THICKNESS_MM = 100;
export const MAX_LENGTH_M = 100;

function readNumber(
  errors: CalculatorErrors,
  key: string,
  fieldLabel: string,
  text: string,
  max: number,
): number | undefined {
  if (!text.trim()) {
    errors[key] = toolsText('validation.required', { field: fieldLabel });
    return undefined;
  }
  const value = parseDecimal(text);
  if (value === undefined) {
    errors[key] = toolsText('validation.number');
    return undefined;
  }
  if (value <= 0) errors[key] = toolsText('validation.positive');
  else if (value > max) errors[key] = toolsText('validation.max', { max: formatDecimal(max) });
  return key in errors ? undefined : value;
}

function readRectangles(errors: CalculatorErrors, kind: 'wall' | 'opening', rows: Dimensions[]) {
  return rows.map((row, i) => {
    const n = i + 1;
    const first =
      kind === 'wall'
        ? toolsText('calculator.wall_length', { n })
        : toolsText('calculator.opening_width', { n });
    const second =
      kind === 'wall'
        ? toolsText('calculator.wall_height', { n })
        : toolsText('calculator.opening_height', { n });
    return {
      width: readNumber(errors, `${kind}-${i}-width`, first, row.width, MAX_LENGTH_M),
      height: readNumber(errors, `${kind}-${i}-height`, second, row.height, MAX_LENGTH_M),
    };
  });
}

/** Validates the form; either the errors to show or the complete answer. */
export function calculate(
  input: CalculatorInput,
  products: CalculatorProduct[],
): { errors: CalculatorErrors; result?: undefined } | { errors?: undefined; result: CalculatorResult } {
  const errors: CalculatorErrors = {};
  const product = products.find((candidate) => String(candidate.id) === input.productId);
  if (!product) errors.product = toolsText('validation.required', { field: toolsText('calculator.product') });

  let areaM2: number | undefined;
  if (input.mode === 'area') {
    areaM2 = readNumber(errors, 'area', toolsText('calculator.area'), input.area, MAX_AREA_M2);
  } else {
    const walls = readRectangles(errors, 'wall', input.walls);
    const openings = readRectangles(errors, 'opening', input.openings);
    const complete = <T extends { width?: number; height?: number }>(list: T[]) =>
      list.every((r) => r.width !== undefined && r.height !== undefined);
    if (complete(walls) && complete(openings)) {
      const rectangles = (list: { width?: number; height?: number }[]) =>
        list.map((r) => ({ width: r.width ?? 0, height: r.height ?? 0 }));
      const gross = netWallArea(rectangles(walls), []);
      const holes = netWallArea(rectangles(openings), []);
      if (holes >= gross && holes > 0) errors.walls = toolsText('validation.openings_too_large');
      else {
        areaM2 = netWallArea(rectangles(walls), rectangles(openings));
        if (areaM2 <= 0) errors.walls = toolsText('validation.positive');
        else if (areaM2 > MAX_AREA_M2)
          errors.walls = toolsText('validation.max', { max: formatDecimal(MAX_AREA_M2) });
      }
    }
  }

  const thicknessMm = readNumber(
    errors,
    'thickness',
    toolsText('calculator.thickness'),
    input.thickness,
    MAX_THICKNESS_MM,
  );
  if (Object.keys(errors).length > 0 || !product || areaM2 === undefined || thicknessMm === undefined) {
    return { errors };
  }

  const quantity = quantityNeeded(areaM2, thicknessMm, product.consumption);
  const mix = cheapestPackMix(
    product.packs.map((pack) => ({ reference: pack.reference, grams: pack.grams, pence: pack.incVat })),
    quantity.requiredGrams,
  );
  return {
    result: {
      product,
      areaM2,
      thicknessMm,
      quantity,
      mix,
    },
  };
}

/** True when the typed thickness is more than the product takes in one coat (a warning, not an error). */
export function isTooThick(product: CalculatorProduct | undefined, thicknessText: string): boolean {
  const thickness = parseDecimal(thicknessText);
  return product?.maxThickness !== undefined && thickness !== undefined && thickness > product.maxThickness;
}

/**
 * `12.5` → `12,5`, `12` → `12`, `12.345` → `12,35`: the quantities shown to people, with the comma decimals of
 * the prices beside them (spec §5: `430,30 £` next to `46,8 kg`).
 */
export function formatQuantity(value: number): string {
  return formatDecimal(roundHundredths(value));
}

/**
 * Totals of a mix in both VAT bases (the optimiser worked on the inc-VAT price people pay): each basis is its
 * shelf price times the count, as the pages show them; the basket works VAT out per line instead.
 */
export function mixTotals(mix: PackMix, product: CalculatorProduct): { exVat: number; incVat: number } {
  const lines = mix.lines.map((line) => ({
    pack: product.packs.find((candidate) => candidate.reference === line.pack.reference),
    count: line.count,
  }));
  return {
    exVat: sumPence(lines.map(({ pack, count }) => lineTotal(pack?.exVat ?? 0, count))),
    incVat: sumPence(lines.map(({ pack, count }) => lineTotal(pack?.incVat ?? 0, count))),
  };
}

/** "2 × 25 kg bag and 1 × 5 kg bag = 55 kg for 63,20 £" (pro: ex VAT, DIY: inc VAT). */
export function describeMix(mix: PackMix, product: CalculatorProduct, audience: Audience): string {
  const parts = mix.lines.map((line) =>
    toolsText('calculator.mix_line', {
      count: line.count,
      pack:
        product.packs.find((pack) => pack.reference === line.pack.reference)?.label ?? line.pack.reference,
    }),
  );
  const lines =
    parts.length > 1
      ? `${parts.slice(0, -1).join(', ')}${toolsText('calculator.and')}${parts.at(-1)}`
      : parts.join('');
  const totals = mixTotals(mix, product);
  return toolsText('calculator.mix', {
    lines,
    kg: formatQuantity(mix.totalGrams / 1000),
    price: formatPrice(audience === 'pro' ? totals.exVat : totals.incVat),
  });
}

export const WASTAGE_PERCENT = Math.round(WASTAGE_RATE * 100);
