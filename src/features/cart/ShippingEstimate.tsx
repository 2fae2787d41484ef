/**
 * Delivery estimate for a postcode (`GET /cart/shipping?postcode`): the cheapest cost for that postcode. The
 * basket's own estimate (no postcode) is in the summary; the carrier is chosen at checkout.
 */
import { MESSAGES, isPostcode } from '@plasterwick/shop-rules/validation';
import { useId, useState, type FormEvent } from 'react';
import { formatPrice } from '../../lib/format.ts';
import { estimateShipping } from './cart-actions.ts';
import { cartText } from './cart-text.ts';

export function ShippingEstimate() {
  const id = useId();
  const [postcode, setPostcode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [result, setResult] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = postcode.trim().toUpperCase();
    if (!isPostcode(value)) {
      setError(MESSAGES.postcode);
      setResult(undefined);
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      const estimate = await estimateShipping(value);
      if (!estimate) setResult(undefined);
      else if (estimate.cheapest === null) setResult(cartText('shipping.none', { postcode: value }));
      else if (estimate.cheapest === 0) setResult(cartText('shipping.cheapest_free', { postcode: value }));
      else
        setResult(cartText('shipping.cheapest', { postcode: value, price: formatPrice(estimate.cheapest) }));
    } catch (failure) {
      console.error('Shipping estimate failed', failure);
      setError(cartText('basket.error'));
    } finally {
      setBusy(false);
    }
  };

  const errorId = `${id}-error`;
  return (
    <form className="basket-shipping" noValidate onSubmit={(event) => void submit(event)}>
      <h2 className="basket-shipping__title">{cartText('shipping.title')}</h2>
      <label htmlFor={`${id}-postcode`}>{cartText('shipping.postcode')}</label>
      <p id={`${id}-hint`} className="basket-shipping__hint">
        {cartText('shipping.hint')}
      </p>
      <div className="basket-shipping__field">
        <input
          id={`${id}-postcode`}
          type="text"
          name="postcode"
          autoComplete="postal-code"
          autoCapitalize="characters"
          value={postcode}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${errorId}` : ''}`}
          onChange={(event) => setPostcode(event.target.value)}
        />
        <button type="submit" className="button button--ghost" aria-busy={busy || undefined}>
          {cartText('shipping.estimate')}
        </button>
      </div>
      {error && (
        <p id={errorId} className="basket-shipping__error" role="alert">
          {error}
        </p>
      )}
      <p className="basket-shipping__result" role="status">
        {result}
      </p>
    </form>
  );
}
