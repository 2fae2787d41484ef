/**
 * The discount code field: applies a code and shows the back-office's message when it refuses one (expired, used
 * up, not for this audience, "Spend 12,50 £ more to use this code"); an applied code is shown with a button to
 * remove it.
 */
import { requiredMessage } from '@plasterwick/shop-rules/validation';
import { useId, useRef, useState, type FormEvent } from 'react';
import { showToast } from '../toasts/toasts.store.ts';
import { applyDiscount, removeDiscount } from './cart-actions.ts';
import type { CartState } from './cart.ts';
import { cartText } from './cart-text.ts';

export function DiscountForm({ cart }: { cart: CartState }) {
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!code.trim()) {
      setError(requiredMessage(cartText('discount.label')));
      input.current?.focus();
      return;
    }
    setBusy(true);
    const outcome = await applyDiscount(code);
    setBusy(false);
    if (outcome.ok) {
      setCode('');
      setError(undefined);
      showToast({ text: cartText('discount.applied', { code: code.trim().toUpperCase() }) });
    } else {
      setError(outcome.message);
      input.current?.focus();
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      await removeDiscount();
    } catch (failure) {
      console.error('Discount removal failed', failure);
      showToast({ kind: 'danger', text: cartText('basket.error') });
    } finally {
      setBusy(false);
    }
  };

  if (cart.discountCode) {
    return (
      <section className="basket-discount" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="basket-discount__title">
          {cartText('discount.title')}
        </h2>
        <p className="basket-discount__applied">
          <strong>{cart.discountCode}</strong>
          {cart.discountLabels.length > 0 && <span>: {cart.discountLabels.join(' · ')}</span>}
        </p>
        <button type="button" className="button button--ghost" disabled={busy} onClick={() => void remove()}>
          {cartText('discount.remove')}
        </button>
      </section>
    );
  }

  const errorId = `${id}-error`;
  return (
    <form className="basket-discount" noValidate onSubmit={(event) => void submit(event)}>
      <label htmlFor={`${id}-code`} className="basket-discount__title">
        {cartText('discount.label')}
      </label>
      <div className="basket-discount__field">
        <input
          ref={input}
          id={`${id}-code`}
          type="text"
          name="code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={code}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setCode(event.target.value);
            setError(undefined);
          }}
        />
        <button type="submit" className="button" aria-busy={busy || undefined}>
          {busy ? cartText('discount.applying') : cartText('discount.apply')}
        </button>
      </div>
      <p id={errorId} className="basket-discount__error" role="alert">
        {error}
      </p>
    </form>
  );
}
