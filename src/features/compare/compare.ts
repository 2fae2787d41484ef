/** Pure rules of the comparator (spec §4, §8, §9). */
import { AUDIENCES, COMPARE_LIMIT, type Audience } from '../../lib/config.ts';
import type { Price, Product } from '../../lib/api/types.ts';
import { formatDecimalsIn } from '../../lib/decimals.ts';
import { arrayOf, isNumber, isString, objectOf, oneOf, optional, parseJson } from '../site/guards.ts';

/** What the comparator keeps of a product's full detail: enough to draw the comparison without refetching. */
export interface ComparedProduct {
  id: number;
  name: string;
  slug: string;
  reference: string;
  cover?: { url: string; webp?: string; alt: string };
  price: Price;
  /** `unit` (h, mm, kg…) is absent for text characteristics and in lists stored before units were kept. */
  characteristics: { code: string; label: string; value: string; unit?: string }[];
  /** The pack its page preselects, which the table's "Add to basket" adds (absent in lists stored before). */
  pack?: { reference: string; label: string };
}

export interface CompareState {
  audience: Audience;
  items: ComparedProduct[];
}

const isComparedProduct = objectOf({
  id: isNumber,
  name: isString,
  slug: isString,
  reference: isString,
  cover: optional(objectOf({ url: isString, webp: optional(isString), alt: isString })),
  price: objectOf({ exVat: isNumber, incVat: isNumber, vatRate: isNumber, currency: isString }),
  characteristics: arrayOf(
    objectOf({ code: isString, label: isString, value: isString, unit: optional(isString) }),
  ),
  pack: optional(objectOf({ reference: isString, label: isString })),
});

const isCompareState = objectOf({ audience: oneOf(AUDIENCES), items: arrayOf(isComparedProduct) });

/** 3 products on the "mobile" device class (≤ 1024 px, tablets included), 5 otherwise. */
export function compareLimit(mobile: boolean): number {
  return mobile ? COMPARE_LIMIT.mobile : COMPARE_LIMIT.desktop;
}

export function toComparedProduct(product: Product): ComparedProduct {
  return {
    id: product.id,
    name: product.name,
    slug: product.slug,
    reference: product.reference,
    cover: product.cover
      ? { url: product.cover.url, webp: product.cover.webp, alt: product.cover.alt }
      : undefined,
    price: { ...product.price },
    characteristics: product.characteristics.map(({ code, label, value, unit }) => ({
      code,
      label,
      value,
      ...(unit && { unit }),
    })),
    ...(product.variants[0] && {
      pack: { reference: product.variants[0].reference, label: product.variants[0].label },
    }),
  };
}

/** Parses stored JSON; anything unreadable gives an empty comparator. */
export function parseCompareState(raw: string | null | undefined, audience: Audience): CompareState {
  return (parseJson(raw, isCompareState) as CompareState | undefined) ?? { audience, items: [] };
}

export interface CompareRow {
  code: string;
  label: string;
  /** One value per product with its unit ("3 h"), in product order; '' when the product lacks the characteristic. */
  values: string[];
  /** True when at least two products show different values. */
  differs: boolean;
}

/** A value as the product page shows it: "3 h", "0,9 kg/m²/mm"; text values have no unit. */
export function withUnit(value: string, unit: string | undefined): string {
  const text = formatDecimalsIn(value);
  return unit && text ? `${text} ${unit}` : text;
}

/** Every characteristic of every product, aligned in rows in order of first appearance. */
export function compareRows(products: ComparedProduct[]): CompareRow[] {
  const labels = new Map<string, string>();
  for (const product of products)
    for (const characteristic of product.characteristics)
      if (!labels.has(characteristic.code)) labels.set(characteristic.code, characteristic.label);
  return [...labels].map(([code, label]) => {
    const values = products.map((product) => {
      const characteristic = product.characteristics.find((candidate) => candidate.code === code);
      return characteristic ? withUnit(characteristic.value, characteristic.unit) : '';
    });
    return { code, label, values, differs: products.length > 1 && new Set(values).size > 1 };
  });
}
