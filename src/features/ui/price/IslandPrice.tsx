/**
 * A price in an island as PriceTag.astro shows it on static pages: the audience's basis first with its VAT label
 * (pro: ex VAT, with inc VAT beside; DIY: inc VAT only).
 */
import type { Price } from '../../../lib/api/types.ts';
import type { Audience } from '../../../lib/config.ts';
import { displayPrice } from '../../../lib/format.ts';
import { text } from '../../../i18n/islands-text.ts';
import './island-price.css';

export function IslandPrice({ price, audience }: { price: Price; audience: Audience }) {
  const shown = displayPrice(price, audience);
  return (
    <p className="price" data-price-ex-vat={price.exVat} data-price-inc-vat={price.incVat}>
      <span className="price__main">{shown.main}</span>{' '}
      <span className="price__basis">{text(`price.${shown.mainBasis}`)}</span>
      {shown.secondary && shown.secondaryBasis && (
        <>
          {' '}
          <span className="price__secondary">
            ({shown.secondary} {text(`price.${shown.secondaryBasis}`)})
          </span>
        </>
      )}
    </p>
  );
}
