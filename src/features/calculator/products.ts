/** Catalogue products → what the calculator offers: those with a consumption rate, with their packs sold by weight. */
import type { ProductSummary } from '../../lib/api/types.ts';
import type { CalculatorProduct } from './calculator.ts';

const numberOf = (product: ProductSummary, code: string): number | undefined => {
  const characteristic = product.characteristics.find((candidate) => candidate.code === code);
  const value = characteristic?.number ?? Number.parseFloat(characteristic?.values[0] ?? '');
  return Number.isFinite(value) ? value : undefined;
};

/** Undefined when the product has no consumption rate (kg/m²/mm), so it cannot be calculated. */
export function toCalculatorProduct(product: ProductSummary): CalculatorProduct | undefined {
  const consumption = numberOf(product, 'consumption');
  if (consumption === undefined || consumption <= 0) return undefined;
  return {
    id: product.id,
    name: product.name,
    slug: product.slug,
    consumption,
    maxThickness: numberOf(product, 'max_thickness'),
    packs: product.variants
      .filter((variant) => variant.unit === 'kg' && variant.quantity > 0)
      .map((variant) => ({
        reference: variant.reference,
        label: variant.label,
        grams: Math.round(variant.quantity * 1000),
        exVat: variant.price.exVat,
        incVat: variant.price.incVat,
      })),
  };
}

/** The calculable products of a catalogue, by name. */
export function calculatorProducts(products: ProductSummary[]): CalculatorProduct[] {
  return products
    .map(toCalculatorProduct)
    .filter((product): product is CalculatorProduct => product !== undefined)
    .sort((a, b) => a.name.localeCompare(b.name, 'en-GB'));
}

/** True when a product page should offer the "calculate quantity" link. */
export function hasConsumption(product: ProductSummary): boolean {
  return toCalculatorProduct(product) !== undefined;
}
