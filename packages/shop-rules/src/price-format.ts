/**
 * Price formatting of spec §5 for text both sides write (the back-office's messages, such as "Spend 12,50 £ more
 * to use this code", and e-mails): `12,50 £`, a comma before the pence, the pence shown only when the amount is not
 * whole unless forced. The storefront's `src/lib/format.ts` re-exports it for its pages and islands. Browser-safe.
 */
import { CURRENCY_SYMBOL } from './constants.ts';

export interface PriceFormatOptions {
  /** Always show two decimals, even for whole amounts (`12,00 £`). */
  forceDecimals?: boolean;
}

/** Integer pence as `12,50 £` (`12 £` when whole and not forced). */
export function formatPrice(pence: number, options: PriceFormatOptions = {}): string {
  if (!Number.isFinite(pence)) throw new RangeError(`Not a price: ${pence}`);
  const rounded = Math.round(pence);
  const sign = rounded < 0 ? '-' : '';
  const abs = Math.abs(rounded);
  const pounds = Math.floor(abs / 100);
  const rest = abs % 100;
  const decimals = rest !== 0 || options.forceDecimals ? `,${String(rest).padStart(2, '0')}` : '';
  return `${sign}${pounds}${decimals} ${CURRENCY_SYMBOL}`;
}

/**
 * Integer pence as the UK's accounting documents write money (VAT invoices, credit notes): `£1,234.56`, always with
 * the pence and a thousands separator, `-£12.50` below zero. Spec §5's `12,50 £` is the storefront's display.
 */
export function formatSterling(pence: number): string {
  if (!Number.isSafeInteger(pence)) throw new RangeError(`Not whole pence: ${pence}`);
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(pence);
  const pounds = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}£${pounds}.${String(abs % 100).padStart(2, '0')}`;
}
