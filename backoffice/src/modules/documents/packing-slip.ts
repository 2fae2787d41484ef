/**
 * The packing slip that goes in the parcel or stays with a collection: the order, where it goes (the delivery
 * address, or the stockist that hands it over), and each line's reference and quantity. No prices: a parcel may be
 * a gift, and the warehouse needs none.
 */
import { renderPdf } from '../../lib/pdf.ts';
import { formatDate, type Company, type Party } from './render.ts';

export interface PackingSlipData {
  company: Company;
  orderNumber: string;
  placedAt: Date;
  /** Delivered to an address by a carrier, or collected by the customer at a stockist. */
  destination:
    | { method: 'delivery'; recipient: Party; carrier: string; phone: string }
    | { method: 'collect'; stockist: Party; collector: string; phone: string };
  lines: { reference: string; description: string; quantity: number }[];
}

/** The packing slip as PDF bytes. */
export function renderPackingSlip(data: PackingSlipData): Promise<Uint8Array> {
  const { destination } = data;
  const where =
    destination.method === 'delivery'
      ? [
          { kind: 'heading' as const, text: `Deliver to (${destination.carrier})` },
          {
            kind: 'list' as const,
            items: [destination.recipient.name, ...destination.recipient.lines, `Phone ${destination.phone}`],
          },
        ]
      : [
          { kind: 'heading' as const, text: 'Collect from stockist' },
          { kind: 'list' as const, items: [destination.stockist.name, ...destination.stockist.lines] },
          {
            kind: 'paragraph' as const,
            text: `Collected by ${destination.collector} (phone ${destination.phone}), with the order number and the payment card or photo ID.`,
          },
        ];
  const items = data.lines.reduce((sum, line) => sum + line.quantity, 0);
  return renderPdf({
    title: 'Packing slip',
    subtitle: `Order ${data.orderNumber}, placed ${formatDate(data.placedAt)}`,
    author: data.company.name,
    subject: `Packing slip for order ${data.orderNumber}`,
    footer: `${data.company.name}, ${data.company.address.join(', ')}`,
    blocks: [
      ...where,
      { kind: 'heading', text: 'Contents' },
      {
        kind: 'table',
        columns: ['Reference', 'Description', 'Quantity', 'Packed'],
        widths: [2, 5, 1.2, 1.2],
        align: ['left', 'left', 'right', 'left'],
        rows: data.lines.map((line) => [line.reference, line.description, String(line.quantity), '[  ]']),
      },
      {
        kind: 'paragraph',
        text: `${items} item${items === 1 ? '' : 's'} in ${data.lines.length} line${data.lines.length === 1 ? '' : 's'}.`,
      },
    ],
  });
}
