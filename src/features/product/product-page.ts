/**
 * What the product page derives from the product's data, kept out of the components so it can be tested: the key
 * facts shown beside the buy box, a pack's net content, the gallery's slides, the description in paragraphs and
 * the document links.
 */
import { fileExtension, formatFileFormat, formatFileSize } from '../content/format.ts';
import { hasKey, t } from '../../i18n/index.ts';
import { formatDecimal, formatDecimalsIn } from '../../lib/format.ts';
import type { Characteristic, Media, ProductDocument, Variant } from '../../lib/api/types.ts';

/** Characteristics a buyer decides on, in the order shown beside the buy box (what the product has of them). */
export const KEY_FACT_CODES = [
  'surface',
  'consumption',
  'max_thickness',
  'drying_time',
  'overcoat_time',
] as const;

export interface Fact {
  code: string;
  label: string;
  /** Value with its unit: "0,9 kg/m²/mm", "3 h", "Plaster, Plasterboard". */
  value: string;
}

/** A characteristic's value as read: comma decimals like the prices beside it, its unit after it. */
export function characteristicText(characteristic: Characteristic): string {
  const value = formatDecimalsIn(characteristic.value);
  return characteristic.unit ? `${value} ${characteristic.unit}` : value;
}

/** The product's key facts, in KEY_FACT_CODES order; characteristics without a value are left out. */
export function keyFacts(characteristics: readonly Characteristic[]): Fact[] {
  return KEY_FACT_CODES.flatMap((code) => {
    const characteristic = characteristics.find((c) => c.code === code && c.value !== '');
    return characteristic
      ? [{ code, label: characteristic.label, value: characteristicText(characteristic) }]
      : [];
  });
}

const WEIGHT_UNITS = new Set(['kg', 'g']);
const VOLUME_UNITS = new Set(['l', 'ml']);

/** What a pack holds ("Net weight", "10 kg"); undefined for packs counted in units (tools). */
export function packContent(variant: Pick<Variant, 'quantity' | 'unit'>): Fact | undefined {
  const kind = WEIGHT_UNITS.has(variant.unit)
    ? 'weight'
    : VOLUME_UNITS.has(variant.unit)
      ? 'volume'
      : undefined;
  if (!kind) return undefined;
  const amount = formatDecimal(variant.quantity);
  return { code: `pack_${kind}`, label: t(`product.pack.${kind}`), value: `${amount} ${variant.unit}` };
}

const BLOCK_TAG = /<(p|div|ul|ol|h[1-6]|table|blockquote)\b/i;

/**
 * The description's HTML in paragraphs. The back-office stores plain paragraphs separated by blank lines (one
 * block when rendered as is); a description that already has block markup is kept as written.
 */
export function descriptionHtml(description: string): string {
  if (BLOCK_TAG.test(description)) return description;
  return description
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${paragraph}</p>`)
    .join('\n');
}

/**
 * Each pack's net weight ("10 kg"), for the characteristics table's pack weight row; undefined unless every pack
 * is sold by weight (the stored characteristic, the largest pack, stays for the others).
 */
export function packWeights(
  variants: readonly Variant[],
): { reference: string; value: string }[] | undefined {
  const weights = variants.flatMap((variant) => {
    const content = packContent(variant);
    return content?.code === 'pack_weight' ? [{ reference: variant.reference, value: content.value }] : [];
  });
  return weights.length > 0 && weights.length === variants.length ? weights : undefined;
}

/** Document types the page names itself, in the order they are listed; other types follow under their title. */
export const DOCUMENT_TYPES = ['technical-data-sheet', 'safety-data-sheet'] as const;

export interface DocumentLink {
  href: string;
  /** "Technical data sheet (PDF, 245 KB)". */
  text: string;
  type: string;
}

/** The product's documents as download links naming their kind, format and size (size only when known). */
export function documentLinks(documents: readonly ProductDocument[]): DocumentLink[] {
  const rank = (type: string) => {
    const index = (DOCUMENT_TYPES as readonly string[]).indexOf(type);
    return index === -1 ? DOCUMENT_TYPES.length : index;
  };
  return documents
    .map((document, position) => ({ document, position }))
    .toSorted((a, b) => rank(a.document.type) - rank(b.document.type) || a.position - b.position)
    .map(({ document }) => {
      const typeKey = `product.document_type.${document.type}`;
      const name = document.type && hasKey(typeKey) ? t(typeKey) : document.title;
      const details = [formatFileFormat(fileExtension(document.url))];
      if (document.sizeBytes !== undefined && document.sizeBytes > 0)
        details.push(formatFileSize(document.sizeBytes));
      return {
        href: document.url,
        text: t('product.document_link', { name, details: details.join(', ') }),
        type: document.type,
      };
    });
}

/** A picture of the gallery; `pack` names the pack it shows (only the chosen pack's is visible). */
export interface SlidePicture {
  media: Media;
  pack?: string;
}

/**
 * The gallery's slides. When every pack has its own packshot, the first slide holds them (the chosen one shows)
 * and the product's other pictures follow; otherwise (a pack without one would leave the place empty) the
 * product's pictures stay as they are.
 */
export function gallerySlides(variants: readonly Variant[], gallery: readonly Media[]): SlidePicture[][] {
  const packs = variants.flatMap((variant) =>
    variant.media ? [{ media: variant.media, pack: variant.reference }] : [],
  );
  if (packs.length === 0 || packs.length !== variants.length) return gallery.map((media) => [{ media }]);
  const packUrls = new Set(packs.map((picture) => picture.media.url));
  return [packs, ...gallery.filter((media) => !packUrls.has(media.url)).map((media) => [{ media }])];
}
