/**
 * The cart for an island: the stored cart at once, then the server's (re-read once when the island mounts, so
 * prices, discounts and a cart the server forgot are current). `status` says whether that read is under way or
 * failed (the stored cart is still shown then).
 */
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import { refreshCart } from './cart-actions.ts';
import { $cart, validCartToken } from './cart.store.ts';

export type ServerCartStatus = 'loading' | 'ready' | 'failed';

export function useServerCart() {
  const cart = useStore($cart);
  const [status, setStatus] = useState<ServerCartStatus>(() => (validCartToken() ? 'loading' : 'ready'));

  const reload = useCallback(() => {
    if (!validCartToken()) {
      setStatus('ready');
      return;
    }
    setStatus('loading');
    refreshCart()
      .then(() => setStatus('ready'))
      .catch((error: unknown) => {
        console.error('Basket read failed', error);
        setStatus('failed');
      });
  }, []);

  useEffect(reload, [reload]);
  return { cart, status, reload };
}
