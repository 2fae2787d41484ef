/**
 * What the three documents share: the plain data they are drawn from (no database rows, so the renderers are pure
 * and tested on their own), the supplier and customer blocks, UK dates, and the footer with the company's
 * registration. Money is integer pence, written by shop-rules' `formatSterling`.
 */
import { formatSterling } from '@plasterwick/shop-rules/price-format';
import type { CompanyConfig } from '../../config.ts';
import type { PdfBlock } from '../../lib/pdf.ts';

export type Company = CompanyConfig;

/** Three amounts of one thing, in pence. */
export interface Amounts {
  ex: number;
  vat: number;
  inc: number;
}

/** A person or business and their address, one line each. */
export interface Party {
  name: string;
  lines: string[];
}

const ukDate = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** A date as a UK reader expects it: `27 November 2026`, the London calendar day. */
export const formatDate = (date: Date): string => ukDate.format(date);

export const money = formatSterling;

/** `GB123456789` → `GB 123 4567 89` (HMRC's grouping; a branch's 3 more digits follow). */
export function formatVatNumber(vatNumber: string): string {
  const digits = vatNumber.slice(2);
  return ['GB', digits.slice(0, 3), digits.slice(3, 7), digits.slice(7, 9), digits.slice(9)]
    .filter(Boolean)
    .join(' ');
}

/** A VAT rate in basis points as a percentage: 2000 → `20%`, 550 → `5.5%`. */
export const formatRate = (rateBp: number): string => `${rateBp / 100}%`;

/** The supplier and the other party side by side, one address line a row. */
export function partiesTable(company: Company, other: { heading: string; party: Party }): PdfBlock {
  const supplier = [company.name, ...company.address];
  const customer = [other.party.name, ...other.party.lines];
  const rows = Array.from({ length: Math.max(supplier.length, customer.length) }, (_, i) => [
    supplier[i] ?? '',
    customer[i] ?? '',
  ]);
  return { kind: 'table', columns: ['Supplier', other.heading], rows };
}

/** Label and value rows (document number, dates, order). */
export const detailsTable = (rows: [string, string][]): PdfBlock => ({
  kind: 'table',
  columns: ['Details', ''],
  rows,
  widths: [1, 2],
});

/** The company's registration, printed at the bottom of every page. */
export const registrationFooter = (company: Company): string =>
  `${company.name}. Company number ${company.number}. VAT number ${formatVatNumber(company.vatNumber)}`;
