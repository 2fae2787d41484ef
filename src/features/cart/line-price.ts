/**
 * The price of a quantity of one pack as the audience reads it (the product page's "2 × 5 kg tub: 25 £ ex VAT
 * (30 £ inc VAT)"): trade prices are ex VAT with VAT worked out on the line, DIY shelf prices inc VAT
 * (api-contract.md principle 2). Shared by the page's markup and its script, so both say the same.
 */
import { lineFromGross, lineFromNet, type Amounts } from '@plasterwick/shop-rules/money';
import type { Audience } from '../../lib/config.ts';

/** A quantity of one pack: `exVat`/`incVat` are the unit prices the page shows, `vatRate` a percentage (20). */
export interface PackQuantity {
  quantity: number;
  exVat: number;
  incVat: number;
  vatRate: number;
}

/** The line's amounts: ex VAT, VAT and inc VAT in pence. */
export function lineAmounts(audience: Audience, pack: PackQuantity): Amounts {
  const rateBp = Math.round(pack.vatRate * 100);
  return audience === 'pro'
    ? lineFromNet(pack.exVat, pack.quantity, rateBp)
    : lineFromGross(pack.incVat, pack.quantity, rateBp);
}

type LineTextKey = 'add.line_total_pro' | 'add.line_total_part';

export interface LineTextOptions extends PackQuantity {
  pack: string;
  format: (pence: number) => string;
  text: (key: LineTextKey, values: Record<string, string | number>) => string;
}

export function lineTotalText(audience: Audience, options: LineTextOptions): string {
  const amounts = lineAmounts(audience, options);
  const values = { quantity: options.quantity, pack: options.pack };
  return audience === 'pro'
    ? options.text('add.line_total_pro', {
        ...values,
        price: options.format(amounts.ex),
        inc: options.format(amounts.inc),
      })
    : options.text('add.line_total_part', { ...values, price: options.format(amounts.inc) });
}
