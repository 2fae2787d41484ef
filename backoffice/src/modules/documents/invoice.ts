/**
 * The VAT invoice of an order, with what HMRC asks of a full VAT invoice: its number, the date of issue and the time
 * of supply, the supplier's name, address and VAT number, the customer's name and address, each line's description,
 * quantity, unit price ex VAT, VAT rate and amounts, and the totals ex VAT, VAT and inc VAT in sterling.
 */
import { renderPdf } from '../../lib/pdf.ts';
import {
  detailsTable,
  formatDate,
  formatRate,
  formatVatNumber,
  money,
  partiesTable,
  registrationFooter,
  type Amounts,
  type Company,
  type Party,
} from './render.ts';

export interface InvoiceLine {
  reference: string;
  description: string;
  quantity: number;
  unitExPence: number;
  vatRateBp: number;
  line: Amounts;
}

export interface InvoiceData {
  company: Company;
  number: string;
  issuedAt: Date;
  /** When the supply took place for VAT: the payment, or the order for an account customer. */
  timeOfSupply: Date;
  orderNumber: string;
  poNumber: string | null;
  customer: Party;
  lines: InvoiceLine[];
  subtotal: Amounts;
  /** Null when no discount applied. */
  discount: { label: string; amounts: Amounts } | null;
  shipping: { label: string; amounts: Amounts };
  total: Amounts;
  payment:
    { method: 'card'; paidAt: Date | null } | { method: 'on_account'; dueAt: Date; paidAt: Date | null };
}

/** The invoice as PDF bytes. */
export function renderInvoice(data: InvoiceData): Promise<Uint8Array> {
  const payment =
    data.payment.method === 'card'
      ? `Paid by card${data.payment.paidAt ? ` on ${formatDate(data.payment.paidAt)}` : ''}`
      : `On account: payment due by ${formatDate(data.payment.dueAt)}` +
        (data.payment.paidAt ? `, paid on ${formatDate(data.payment.paidAt)}` : '');
  const amountsRow = (label: string, amounts: Amounts, sign = 1) => [
    label,
    money(sign * amounts.ex),
    money(sign * amounts.vat),
    money(sign * amounts.inc),
  ];
  return renderPdf({
    title: 'VAT invoice',
    subtitle: `${data.number}, order ${data.orderNumber}`,
    author: data.company.name,
    subject: `VAT invoice ${data.number} for order ${data.orderNumber}`,
    footer: registrationFooter(data.company),
    blocks: [
      partiesTable(data.company, { heading: 'Invoice to', party: data.customer }),
      detailsTable([
        ['Invoice number', data.number],
        ['Date of issue', formatDate(data.issuedAt)],
        ['Time of supply (tax point)', formatDate(data.timeOfSupply)],
        ['Order number', data.orderNumber],
        ['Purchase order', data.poNumber ?? 'None given'],
        ['Payment', payment],
        ['Supplier VAT number', formatVatNumber(data.company.vatNumber)],
      ]),
      { kind: 'heading', text: 'Items' },
      {
        kind: 'table',
        columns: ['Description', 'Qty', 'Unit price ex VAT', 'VAT rate', 'Net', 'VAT', 'Total'],
        widths: [4, 1, 2, 1.3, 1.8, 1.6, 1.8],
        align: ['left', 'right', 'right', 'right', 'right', 'right', 'right'],
        rows: data.lines.map((line) => [
          `${line.description} (${line.reference})`,
          String(line.quantity),
          money(line.unitExPence),
          formatRate(line.vatRateBp),
          money(line.line.ex),
          money(line.line.vat),
          money(line.line.inc),
        ]),
      },
      { kind: 'heading', text: 'Totals' },
      {
        kind: 'table',
        columns: ['', 'Net', 'VAT', 'Total'],
        widths: [4, 2, 2, 2],
        align: ['left', 'right', 'right', 'right'],
        rows: [
          amountsRow('Goods', data.subtotal),
          ...(data.discount
            ? [amountsRow(`Discount (${data.discount.label})`, data.discount.amounts, -1)]
            : []),
          amountsRow(`Delivery (${data.shipping.label})`, data.shipping.amounts),
          amountsRow('Total', data.total),
        ],
      },
      {
        kind: 'paragraph',
        text: `Total ex VAT ${money(data.total.ex)}. VAT ${money(data.total.vat)}. Total inc VAT ${money(data.total.inc)}.`,
      },
    ],
  });
}
