/**
 * Price formatting of spec §5: `12,50 £`, comma decimals, decimals only when not whole. The rule is shop-rules'
 * (the back-office writes the same prices in its messages and e-mails); the storefront's own helpers sit beside it.
 */
import {
  formatPrice,
  type PriceFormatOptions as FormatPriceOptions,
} from '@plasterwick/shop-rules/price-format';
import { CURRENCY_SYMBOL } from './config.ts';
import type { Audience } from './config.ts';
import type { Price } from './api/types.ts';

export { formatPrice, type FormatPriceOptions };
export { formatDecimalsIn } from './decimals.ts';

/**
 * A quantity written like the prices of spec §5, so the two read alike side by side: comma decimals, at most
 * `decimals` of them, none when whole (`46,8`, `55`).
 */
export function formatDecimal(value: number, decimals = 2): string {
  if (!Number.isFinite(value)) throw new RangeError(`Not a number: ${value}`);
  const factor = 10 ** decimals;
  return String(Math.round(value * factor) / factor).replace('.', ',');
}

/**
 * Reads an amount typed by a person (`12,5`, `12.50`, `12 £`, `£12`) into integer pence; undefined when it is
 * not an amount. Accepts the comma decimal separator of spec §5.
 */
export function parsePrice(text: string): number | undefined {
  const cleaned = text.replace(new RegExp(`[\\s${CURRENCY_SYMBOL}]`, 'g'), '').replace(',', '.');
  if (!/^-?\d+(\.\d{1,2})?$/.test(cleaned)) return undefined;
  const [whole = '0', fraction = ''] = cleaned.replace('-', '').split('.');
  const pence = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return cleaned.startsWith('-') ? -pence : pence;
}

export interface DisplayedPrice {
  /** The amount shown first, formatted. */
  main: string;
  /** Whether `main` is ex or inc VAT (labels come from the i18n catalogue: price.ex_vat / price.inc_vat). */
  mainBasis: 'ex_vat' | 'inc_vat';
  /** The other basis shown beside (pro only). */
  secondary?: string;
  secondaryBasis?: 'ex_vat' | 'inc_vat';
}

/** Pro sees ex-VAT first with inc-VAT beside (UK trade habit); DIY sees inc-VAT only. */
export function displayPrice(
  price: Price,
  audience: Audience,
  options: FormatPriceOptions = {},
): DisplayedPrice {
  if (audience === 'pro') {
    return {
      main: formatPrice(price.exVat, options),
      mainBasis: 'ex_vat',
      secondary: formatPrice(price.incVat, options),
      secondaryBasis: 'inc_vat',
    };
  }
  return { main: formatPrice(price.incVat, options), mainBasis: 'inc_vat' };
}
