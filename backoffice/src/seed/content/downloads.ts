/** Downloads (brochures, catalogue, colour card, guides) and technical documents, each a real PDF. */
import type { Database } from '../../db/client.ts';
import { mediaUrl } from '../../lib/media.ts';
import { renderPdf, type PdfBlock } from '../catalogue/pdf.ts';
import { storeFile } from '../media.ts';
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
    key: 'trade-brochure',
    title: 'Trade brochure',
    type: 'brochure',
    section: 'download',
    audiences: ['pro'],
    subtitle: 'Fillers, plasters and jointing for professionals',
    blocks: [
      { kind: 'heading', text: 'Made for the trade' },
      {
        kind: 'paragraph',
        text: 'Plasterwick fillers and plasters are mixed in Lancashire for plasterers, dryliners and decorators who need products that behave the same on every job.',
      },
      {
        kind: 'list',
        items: [
          'Deep gap fillers that set in one pass',
          'Finishing plasters with a long open time',
          'Jointing compounds that sand without clogging',
        ],
      },
      { kind: 'heading', text: 'Trade services' },
      {
        kind: 'paragraph',
        text: 'Jobsite support within 48 hours, hands-on training for teams of three to five, and next-day delivery to site.',
      },
    ],
  },
  {
    key: 'diy-brochure',
    title: 'Home repairs brochure',
    type: 'brochure',
    section: 'download',
    audiences: ['part'],
    subtitle: 'Everything you need for smooth walls at home',
    blocks: [
      { kind: 'heading', text: 'Choose your filler' },
      {
        kind: 'table',
        columns: ['Job', 'Product type'],
        rows: [
          ['Small cracks and holes', 'Ready-mixed filler'],
          ['Deep holes', 'Deep gap filler'],
          ['Gaps round frames', 'Flexible filler or caulk'],
          ['Outside walls', 'Exterior filler'],
        ],
      },
      {
        kind: 'paragraph',
        text: 'Our how-to guides on the website take you through each repair step by step.',
      },
    ],
  },
  {
    key: 'product-catalogue',
    title: 'Product catalogue',
    type: 'catalogue',
    section: 'download',
    audiences: ['pro', 'part'],
    subtitle: 'The full Plasterwick range with pack sizes',
    blocks: [
      { kind: 'heading', text: 'Fillers' },
      {
        kind: 'paragraph',
        text: 'Powder, ready-mixed, fine surface, deep gap, flexible and exterior fillers in pack sizes from 250 g to 25 kg.',
      },
      { kind: 'heading', text: 'Plasters and skims' },
      { kind: 'paragraph', text: 'Finishing and patching plasters in 10 kg and 25 kg bags.' },
      { kind: 'heading', text: 'Jointing, caulks, primers and tools' },
      {
        kind: 'paragraph',
        text: 'Everything needed around the filler: tapes, compounds, sealants, primers, knives and abrasives.',
      },
    ],
  },
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
    key: 'sds-powder-fillers',
    title: 'Safety data sheet: powder fillers',
    type: 'safety-data-sheet',
    section: 'technical',
    audiences: ['pro', 'part'],
    subtitle: 'Gypsum-based powder fillers',
    blocks: [
      { kind: 'heading', text: 'Hazards' },
      {
        kind: 'paragraph',
        text: 'Not classified as hazardous. Dust may irritate the eyes and respiratory tract.',
      },
      { kind: 'heading', text: 'Handling' },
      {
        kind: 'paragraph',
        text: 'Avoid creating dust. Wear eye protection when mixing and a suitable mask when sanding.',
      },
    ],
  },
  {
    key: 'sds-ready-mixed-fillers',
    title: 'Safety data sheet: ready-mixed fillers',
    type: 'safety-data-sheet',
    section: 'technical',
    audiences: ['pro', 'part'],
    subtitle: 'Water-based ready-mixed fillers',
    blocks: [
      { kind: 'heading', text: 'Hazards' },
      {
        kind: 'paragraph',
        text: 'Not classified as hazardous. Contains a preservative; may cause an allergic reaction in sensitive people.',
      },
    ],
  },
  {
    key: 'sds-finishing-plasters',
    title: 'Safety data sheet: finishing plasters',
    type: 'safety-data-sheet',
    section: 'technical',
    audiences: ['pro'],
    subtitle: 'Gypsum finishing and patching plasters',
    blocks: [
      { kind: 'heading', text: 'Hazards' },
      {
        kind: 'paragraph',
        text: 'Not classified as hazardous. Setting plaster becomes warm: do not enclose body parts in it.',
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

export async function seedDownloads(db: Database): Promise<void> {
  const inputs = [];
  for (const [position, doc] of documents.entries()) {
    const bytes = await renderPdf({
      title: doc.title,
      subtitle: doc.subtitle,
      footer: 'Plasterwick, Preston, Lancashire. Helpline 0161 496 0000.',
      subject: doc.title,
      blocks: doc.blocks,
    });
    const key = await storeFile(db, `docs/${doc.key}.pdf`, bytes, 'application/pdf', doc.title);
    inputs.push({
      title: doc.title,
      type: doc.type,
      section: doc.section,
      audiences: doc.audiences,
      position: position + 1,
      file: { url: mediaUrl(key), size_bytes: bytes.byteLength },
    });
  }
  await insertContent(db, 'notice', inputs);
}
