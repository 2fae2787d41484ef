/** Structured data (schema.org) for catalogue pages. */
import type { Product } from './api/types.ts';
import type { Audience } from './config.ts';
import { absoluteUrl } from './paths.ts';
import { plainText } from './text.ts';

const pounds = (pence: number) => (pence / 100).toFixed(2);

/** `Product` JSON-LD: prices inc VAT (what schema.org consumers expect), one offer per pack size. */
export function productJsonLd(product: Product, _audience: Audience, path: string): Record<string, unknown> {
  const images = product.gallery.map((media) => absoluteUrl(media.url));
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    sku: product.reference,
    description: product.shortDescription || plainText(product.description, 300),
    ...(images.length > 0 ? { image: images } : {}),
    brand: { '@type': 'Brand', name: 'Plasterwick' },
    category: product.categoryName || undefined,
    url: absoluteUrl(path),
    offers: product.variants.map((variant) => ({
      '@type': 'Offer',
      sku: variant.reference,
      gtin14: variant.gtin,
      name: variant.label,
      price: pounds(variant.price.incVat),
      priceCurrency: variant.price.currency,
      availability: 'https://schema.org/InStock',
      url: absoluteUrl(`${path}#${encodeURIComponent(variant.reference)}`),
    })),
  };
}
