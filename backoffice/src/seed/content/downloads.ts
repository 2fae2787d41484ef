/**
 * Downloads and technical documents, each a real PDF: the product catalogue and a brochure per range, generated
 * from the catalogue's data, then the colour card, guide and certificate written here. Safety and technical data
 * sheets belong to their products and are seeded with the catalogue.
 */
import type { Database } from '../../db/types.ts';
import { mediaUrl } from '../../lib/media.ts';
import { productCatalogue, rangeBrochures } from '../catalogue/catalogue-documents.ts';
import { documentFooter } from '../../modules/catalogue/documents/manufacturer.ts';
import type { PdfBlock, PdfContent } from '../../lib/pdf.ts';
import { storePdf } from '../media.ts';
import { insertContent } from './insert.ts';

interface Document {
  key: string;
  title: string;
  type: string;
  section: 'download' | 'technical';
  audiences: ('pro' | 'part')[];
  subtitle: string;
  blocks: PdfBlock[];
}

const documents: Document[] = [
  {
    key: 'colour-card',
    title: 'Wood filler colour card',
    type: 'colour-card',
    section: 'download',
    audiences: ['pro', 'part'],
    subtitle: 'Shades of our wood fillers',
    blocks: [
      {
        kind: 'table',
        columns: ['Shade', 'Matches'],
        rows: [
          ['Natural', 'Pine, spruce'],
          ['Light oak', 'Oak, ash'],
          ['Medium oak', 'Stained oak'],
          ['Mahogany', 'Sapele, mahogany'],
          ['White', 'Painted joinery'],
        ],
      },
      {
        kind: 'paragraph',
        text: 'Printed colours are a guide only: test on an offcut before filling visible areas.',
      },
    ],
  },
  {
    key: 'skimming-guide',
    title: 'Skimming application guide',
    type: 'guide',
    section: 'download',
    audiences: ['pro'],
    subtitle: 'From background preparation to polished finish',
    blocks: [
      {
        kind: 'list',
        ordered: true,
        items: [
          'Check and prepare the background',
          'Control suction with a bonding primer',
          'Apply two tight coats to 2–3 mm',
          'Trowel up as the plaster sets',
        ],
      },
    ],
  },
  {
    key: 'certificate-quality-management',
    title: 'Quality management certificate',
    type: 'certificate',
    section: 'technical',
    audiences: ['pro'],
    subtitle: 'Certified quality management at the Preston works',
    blocks: [
      {
        kind: 'paragraph',
        text: 'The design and manufacture of fillers and plasters at our Preston works operate under a certified quality management system, audited every year.',
      },
    ],
  },
];

/** The generated documents first (catalogue, then brochures in range order), then the written ones. */
function allDocuments(): (Pick<Document, 'key' | 'title' | 'type' | 'section' | 'audiences'> & {
  content: PdfContent;
})[] {
  return [
    {
      key: 'product-catalogue',
      title: 'Product catalogue',
      type: 'catalogue',
      section: 'download',
      audiences: ['pro', 'part'],
      content: productCatalogue(),
    },
    ...rangeBrochures().map((brochure) => ({
      ...brochure,
      type: 'brochure',
      section: 'download' as const,
    })),
    ...documents.map((doc) => ({
      ...doc,
      content: {
        title: doc.title,
        subtitle: doc.subtitle,
        footer: documentFooter,
        subject: doc.title,
        blocks: doc.blocks,
      },
    })),
  ];
}

export async function seedDownloads(db: Database): Promise<void> {
  const inputs = [];
  for (const [position, doc] of allDocuments().entries()) {
    const file = await storePdf(db, `docs/${doc.key}.pdf`, doc.content);
    inputs.push({
      title: doc.title,
      type: doc.type,
      section: doc.section,
      audiences: doc.audiences,
      position: position + 1,
      file: { url: mediaUrl(file.key), size_bytes: file.size },
    });
  }
  await insertContent(db, 'notice', inputs);
}
