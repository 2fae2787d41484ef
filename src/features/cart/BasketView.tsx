/**
 * The basket page's island (`/{target}/basket`): the lines with their steppers, the discount code, the delivery
 * estimate, the totals with VAT apart, "Continue shopping" and "Checkout"; the empty basket offers ways in.
 */
import { useEffect, useRef, useState } from 'react';
import type { Audience } from '../../lib/config.ts';
import { paths } from '../../lib/paths.ts';
import { BasketLines } from './BasketLines.tsx';
import { BasketSummary } from './BasketSummary.tsx';
import { DiscountForm } from './DiscountForm.tsx';
import { EmptyBasket } from './EmptyBasket.tsx';
import { ShippingEstimate } from './ShippingEstimate.tsx';
import { itemCount } from './cart.ts';
import { cartText } from './cart-text.ts';
import { useServerCart } from './useServerCart.ts';
import './basket.css';

export function BasketView({ audience }: { audience: Audience }) {
  const { cart, status, reload } = useServerCart();
  const heading = useRef<HTMLHeadingElement>(null);
  // The build renders no basket (it is in this browser): the first render here matches it, then shows the cart.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  if (!hydrated) return <p role="status">{cartText('basket.loading')}</p>;
  if (cart.products.length === 0) {
    if (status === 'loading') return <p role="status">{cartText('basket.loading')}</p>;
    return <EmptyBasket audience={audience} />;
  }

  return (
    <div className="basket-page" aria-busy={status === 'loading' || undefined}>
      <section className="basket-page__lines" aria-labelledby="basket-lines-title">
        <h2 id="basket-lines-title" ref={heading} tabIndex={-1} className="basket-page__count">
          {cartText('basket.items', { count: itemCount(cart) })}
        </h2>
        {status === 'failed' && (
          <p className="basket-page__failed" role="alert">
            {cartText('basket.load_error')}{' '}
            <button type="button" className="button button--ghost" onClick={reload}>
              {cartText('basket.retry')}
            </button>
          </p>
        )}
        <BasketLines lines={cart.products} audience={audience} onRemoved={() => heading.current?.focus()} />
        <a className="basket-page__continue" href={paths.catalogue(audience)}>
          {cartText('basket.continue')}
        </a>
      </section>
      <aside className="basket-page__aside" aria-labelledby="basket-summary-title">
        <h2 id="basket-summary-title">{cartText('basket.summary')}</h2>
        <BasketSummary cart={cart} audience={audience} />
        <a className="button basket-page__checkout" href={paths.checkoutDelivery(audience)}>
          {cartText('basket.checkout')}
        </a>
        <DiscountForm cart={cart} />
        <ShippingEstimate />
      </aside>
    </div>
  );
}
