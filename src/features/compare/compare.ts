/** Pure rules of the comparator (spec §4, §8, §9). */
import * as z from 'zod/mini';
import { AUDIENCES, COMPARE_LIMIT } from '../../lib/config.ts';
import type { Product } from '../../lib/api/types.ts';

/** What the comparator keeps of a product's full detail: enough to draw the comparison without refetching. */
export const comparedProductSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  reference: z.string(),
  cover: z.optional(z.object({ url: z.string(), webp: z.optional(z.string()), alt: z.string() })),
  price: z.object({ exVat: z.number(), incVat: z.number(), vatRate: z.number(), currency: z.string() }),
  characteristics: z.array(z.object({ code: z.string(), label: z.string(), value: z.string() })),
});
export type ComparedProduct = z.infer<typeof comparedProductSchema>;

export const compareStateSchema = z.object({
  audience: z.enum(AUDIENCES),
  items: z.array(comparedProductSchema),
});
export type CompareState = z.infer<typeof compareStateSchema>;

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
    characteristics: product.characteristics.map(({ code, label, value }) => ({ code, label, value })),
  };
}

/** Parses stored JSON; anything unreadable gives an empty comparator. */
export function parseCompareState(
  raw: string | null | undefined,
  audience: CompareState['audience'],
): CompareState {
  if (raw) {
    try {
      const parsed = compareStateSchema.safeParse(JSON.parse(raw));
      if (parsed.success) return parsed.data;
    } catch {
      // Corrupt JSON: fall through to an empty comparator.
    }
  }
  return { audience, items: [] };
}

export interface CompareRow {
  code: string;
  label: string;
  /** One value per product, in product order; '' when the product lacks the characteristic. */
  values: string[];
  /** True when at least two products show different values. */
  differs: boolean;
}

/** Every characteristic of every product, aligned in rows in order of first appearance. */
export function compareRows(products: ComparedProduct[]): CompareRow[] {
  const labels = new Map<string, string>();
  for (const product of products)
    for (const characteristic of product.characteristics)
      if (!labels.has(characteristic.code)) labels.set(characteristic.code, characteristic.label);
  return [...labels].map(([code, label]) => {
    const values = products.map(
      (product) =>
        product.characteristics.find((characteristic) => characteristic.code === code)?.value ?? '',
    );
    return { code, label, values, differs: products.length > 1 && new Set(values).size > 1 };
  });
}
