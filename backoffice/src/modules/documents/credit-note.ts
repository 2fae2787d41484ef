/**
 * The credit note of a refund: its number, the invoice it corrects, what was given back (the refunded lines with
 * their quantities, the delivery charge, or an amount) with the VAT inside each amount at its rate, the reason,
 * and the totals credited ex VAT, VAT and inc VAT.
 */
import { vatInGross } from '@plasterwick/shop-rules/money';
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

/** One amount given back, inc VAT (what the refund recorded), with the quantity when it is of an order line. */
export interface CreditLine {
  description: string;
  quantity: number | null;
  incPence: number;
  vatRateBp: number;
}

export interface CreditNoteData {
  company: Company;
  number: string;
  issuedAt: Date;
  invoice: { number: string; issuedAt: Date };
  orderNumber: string;
  customer: Party;
  reason: string | null;
  lines: CreditLine[];
}

/** A credited amount split at its rate: the VAT inside it rounded half up, the rest net. */
export function splitCredit(incPence: number, vatRateBp: number): Amounts {
  const vat = vatInGross(incPence, vatRateBp);
  return { ex: incPence - vat, vat, inc: incPence };
}

/** The credit note as PDF bytes. */
export function renderCreditNote(data: CreditNoteData): Promise<Uint8Array> {
  const lines = data.lines.map((line) => ({ ...line, amounts: splitCredit(line.incPence, line.vatRateBp) }));
  // The totals add up the rows as printed, so the note's columns always sum.
  const total = lines.reduce(
    (sum, line) => ({
      ex: sum.ex + line.amounts.ex,
      vat: sum.vat + line.amounts.vat,
      inc: sum.inc + line.amounts.inc,
    }),
    { ex: 0, vat: 0, inc: 0 },
  );
  return renderPdf({
    title: 'Credit note',
    subtitle: `${data.number}, correcting VAT invoice ${data.invoice.number}`,
    author: data.company.name,
    subject: `Credit note ${data.number} for order ${data.orderNumber}`,
    footer: registrationFooter(data.company),
    blocks: [
      partiesTable(data.company, { heading: 'Credit to', party: data.customer }),
      detailsTable([
        ['Credit note number', data.number],
        ['Date of issue', formatDate(data.issuedAt)],
        ['Corrects VAT invoice', `${data.invoice.number} of ${formatDate(data.invoice.issuedAt)}`],
        ['Order number', data.orderNumber],
        ['Reason', data.reason ?? 'Refund'],
        ['Supplier VAT number', formatVatNumber(data.company.vatNumber)],
      ]),
      { kind: 'heading', text: 'Credited' },
      {
        kind: 'table',
        columns: ['Description', 'Qty', 'VAT rate', 'Net', 'VAT', 'Total'],
        widths: [5, 1, 1.3, 2, 2, 2],
        align: ['left', 'right', 'right', 'right', 'right', 'right'],
        rows: [
          ...lines.map((line) => [
            line.description,
            line.quantity === null ? '' : String(line.quantity),
            formatRate(line.vatRateBp),
            money(line.amounts.ex),
            money(line.amounts.vat),
            money(line.amounts.inc),
          ]),
          ['Total credited', '', '', money(total.ex), money(total.vat), money(total.inc)],
        ],
      },
      {
        kind: 'paragraph',
        text: `Total credited ex VAT ${money(total.ex)}. VAT ${money(total.vat)}. Total credited inc VAT ${money(total.inc)}, refunded to the original payment.`,
      },
    ],
  });
}
