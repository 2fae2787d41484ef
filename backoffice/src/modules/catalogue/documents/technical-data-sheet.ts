/** The technical data sheet of a product: its description, characteristics, packs, instructions and safety notes. */
import type { PdfContent } from '../../../lib/pdf.ts';
import { sheetFacts, type SheetDefinition, type SheetProduct } from './sheet-product.ts';

export function technicalDataSheet(
  product: SheetProduct,
  definitions: readonly SheetDefinition[],
): PdfContent {
  const { reference } = product;
  return {
    title: product.name,
    subtitle: `Technical data sheet - reference ${reference}`,
    footer: `Plasterwick ${reference} technical data sheet`,
    subject: product.short,
    keywords: [reference, product.category, product.format],
    blocks: [
      { kind: 'paragraph', text: product.short },
      { kind: 'heading', text: 'Description' },
      ...product.description
        .split('\n\n')
        .filter(Boolean)
        .map((text) => ({ kind: 'paragraph' as const, text })),
      { kind: 'heading', text: 'Characteristics' },
      { kind: 'table', columns: ['Characteristic', 'Value'], rows: sheetFacts(product, definitions) },
      { kind: 'heading', text: 'Packs' },
      {
        kind: 'table',
        columns: ['Reference', 'Pack', 'GTIN'],
        rows: product.packs.map((pack) => [pack.reference, pack.label, pack.gtin]),
      },
      { kind: 'heading', text: 'Instructions for use' },
      { kind: 'list', ordered: true, items: product.instructions.split('\n').filter(Boolean) },
      { kind: 'heading', text: 'Safety and storage' },
      {
        kind: 'paragraph',
        text: 'Keep out of reach of children. Avoid contact with eyes; wear gloves and a dust mask when mixing powders or sanding. Store dry, off the floor and protected from frost. The information in this sheet is given in good faith from our tests and experience; site conditions vary, so try the product on a small area first.',
      },
    ],
  };
}
