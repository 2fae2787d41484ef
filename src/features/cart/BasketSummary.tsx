/**
 * The basket's totals as a description list: the subtotal and the discount in the audience's basis (trade ex VAT,
 * DIY inc VAT), then the VAT shown apart (total ex VAT, VAT, total inc VAT) and the delivery estimate. Amounts are
 * the server's (the browser never prices).
 */
import type { Audience } from '../../lib/config.ts';
import { formatPrice } from '../../lib/format.ts';
import type { CartState } from './cart.ts';
import { cartText } from './cart-text.ts';

export interface BasketSummaryProps {
  cart: CartState;
  audience: Audience;
  /** The drawer shows the totals only; the page the whole breakdown. */
  compact?: boolean;
}

function shippingText(cart: CartState): string {
  if (cart.shipping === null) return cartText('basket.shipping_later');
  if (cart.shipping === 0) return cartText('basket.shipping_free');
  return cartText('basket.shipping_from', { price: formatPrice(cart.shipping) });
}

function Row({ term, value, kind }: { term: string; value: string; kind?: 'discount' | 'total' }) {
  return (
    <div
      className={['basket-summary__row', kind && `basket-summary__row--${kind}`].filter(Boolean).join(' ')}
    >
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}

export function BasketSummary({ cart, audience, compact = false }: BasketSummaryProps) {
  const trade = audience === 'pro';
  const basis = cartText(`basket.basis.${trade ? 'ex_vat' : 'inc_vat'}`);
  const subtotal = trade ? cart.subtotalExTax : cart.subtotal;
  const discount = trade ? cart.discountAmountExTax : cart.discountAmount;
  return (
    <dl className="basket-summary">
      {!compact && (
        <>
          <Row term={`${cartText('basket.subtotal')} (${basis})`} value={formatPrice(subtotal)} />
          {discount > 0 && (
            <Row
              kind="discount"
              term={cartText('basket.discount', { code: cart.discountCode ?? '' })}
              value={`−${formatPrice(discount)}`}
            />
          )}
        </>
      )}
      {(!compact || trade) && <Row term={cartText('basket.ex_vat')} value={formatPrice(cart.totalExTax)} />}
      {!compact && <Row term={cartText('basket.vat')} value={formatPrice(cart.tax)} />}
      <Row kind="total" term={cartText('basket.inc_vat')} value={formatPrice(cart.total)} />
      <Row term={cartText('basket.shipping')} value={shippingText(cart)} />
    </dl>
  );
}
