/**
 * "Add to basket" inside a React island (compare table, favourites, scanner): one of a given pack. The basket's
 * code and the API client load on the first click; a toast confirms with "View basket".
 */
import { useState } from 'react';
import { cartText } from './cart-text.ts';

export interface AddPackButtonProps {
  productId: number;
  name: string;
  pack: { reference: string; label: string };
  /** The visible text (default "Add to basket"); the product and pack are always in the accessible name. */
  label?: string;
  className?: string;
}

export function AddPackButton({ productId, name, pack, label, className = 'button' }: AddPackButtonProps) {
  const [adding, setAdding] = useState(false);
  const detail = cartText('add.button_detail', { name, pack: pack.label });

  const add = async (button: HTMLButtonElement) => {
    if (adding) return;
    setAdding(true);
    try {
      const { addAndConfirm } = await import('./add-to-basket.ts');
      await addAndConfirm({
        items: [
          { element_id: productId, element_type: 'product', variant_reference: pack.reference, quantity: 1 },
        ],
        text: cartText('add.added', { quantity: 1, name: detail }),
        opener: button,
      });
    } finally {
      setAdding(false);
    }
  };

  return (
    <button
      type="button"
      className={className}
      aria-busy={adding || undefined}
      onClick={(event) => void add(event.currentTarget)}
    >
      {label ?? cartText('add.button')}
      {!label && <span className="visually-hidden">: {detail}</span>}
    </button>
  );
}
