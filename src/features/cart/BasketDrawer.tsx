/**
 * The mini-basket: a drawer (the kit's Dialog) with the lines and their steppers, the total inc VAT and the
 * delivery estimate, "View basket", "Checkout" and "Continue shopping" (closes it). Opened from the header's
 * basket button or an add-to-basket toast; it re-reads the server cart when it opens.
 */
import { useRef } from 'react';
import { paths } from '../../lib/paths.ts';
import { audienceFromPath } from '../site/settings.store.ts';
import { Dialog } from '../ui/dialog/Dialog.tsx';
import { BasketLines } from './BasketLines.tsx';
import { BasketSummary } from './BasketSummary.tsx';
import { EmptyBasket } from './EmptyBasket.tsx';
import { itemCount } from './cart.ts';
import { cartText } from './cart-text.ts';
import { useServerCart } from './useServerCart.ts';
import './basket.css';

export function BasketDrawer({ onClose }: { onClose: () => void }) {
  const audience = audienceFromPath(window.location.pathname);
  const { cart, status } = useServerCart();
  const count = useRef<HTMLParagraphElement>(null);
  const empty = cart.products.length === 0;

  return (
    <Dialog
      variant="drawer"
      className="basket-drawer"
      title={cartText('basket.title')}
      closeLabel={cartText('basket.close')}
      onClose={onClose}
    >
      {empty && status === 'loading' && <p role="status">{cartText('basket.loading')}</p>}
      {empty && status !== 'loading' && <EmptyBasket audience={audience} />}
      {!empty && (
        <div className="basket-drawer__body">
          <p ref={count} tabIndex={-1} className="basket-drawer__count">
            {cartText('basket.items', { count: itemCount(cart) })}
          </p>
          <div className="basket-drawer__lines">
            <BasketLines lines={cart.products} audience={audience} onRemoved={() => count.current?.focus()} />
          </div>
          <BasketSummary cart={cart} audience={audience} compact />
          <div className="basket-drawer__actions">
            <a className="button" href={paths.checkoutDelivery(audience)}>
              {cartText('basket.checkout')}
            </a>
            <a className="button button--ghost" href={paths.basket(audience)}>
              {cartText('basket.view')}
            </a>
            <button type="button" className="basket-drawer__continue" onClick={onClose}>
              {cartText('basket.continue')}
            </button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
