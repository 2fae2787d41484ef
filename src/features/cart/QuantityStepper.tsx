/**
 * A basket line's quantity: − and + buttons around a text field. Whole numbers 1–999; below 1 (or not a number)
 * says spec §5's "Please enter a value of 1 or more." under the field. A change is sent once the shopper pauses
 * (several clicks make one call), on Enter or when the field loses focus.
 */
import { MESSAGES } from '@plasterwick/shop-rules/validation';
import { useEffect, useId, useRef, useState } from 'react';
import { CART_QUANTITY } from '../../lib/config.ts';
import { readQuantity, stepQuantity, type QuantityProblem } from './quantity.ts';
import { cartText } from './cart-text.ts';

const PAUSE_MS = 400;

const PROBLEMS: Record<QuantityProblem, () => string> = {
  min: () => MESSAGES.minValue,
  max: () => cartText('quantity.max'),
  whole: () => cartText('quantity.whole'),
};

export interface QuantityStepperProps {
  name: string;
  quantity: number;
  /** Sends the new quantity (already checked). */
  onCommit: (quantity: number) => void;
}

export function QuantityStepper({ name, quantity, onCommit }: QuantityStepperProps) {
  const id = useId();
  const [text, setText] = useState(String(quantity));
  const [problem, setProblem] = useState<QuantityProblem | undefined>();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const editing = useRef(false);

  // The server's quantity wins whenever the shopper is not in the middle of a change.
  useEffect(() => {
    if (!editing.current) setText(String(quantity));
  }, [quantity]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const commit = (value: string) => {
    clearTimeout(timer.current);
    editing.current = false;
    const read = readQuantity(value);
    if (!('quantity' in read)) {
      setProblem(read.problem);
      return;
    }
    setProblem(undefined);
    setText(String(read.quantity));
    if (read.quantity !== quantity) onCommit(read.quantity);
  };

  const later = (value: string) => {
    editing.current = true;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => commit(value), PAUSE_MS);
  };

  const step = (delta: 1 | -1) => {
    const read = readQuantity(text);
    const current = 'quantity' in read ? read.quantity : read.problem === 'max' ? CART_QUANTITY.max : 1;
    const next = String(stepQuantity(current, delta));
    setText(next);
    setProblem(undefined);
    later(next);
  };

  const read = readQuantity(text);
  const atMin = 'quantity' in read && read.quantity <= CART_QUANTITY.min;
  const atMax = 'quantity' in read && read.quantity >= CART_QUANTITY.max;
  const errorId = `${id}-error`;
  return (
    <div className="basket-quantity">
      <label className="visually-hidden" htmlFor={`${id}-input`}>
        {cartText('basket.quantity_of', { name })}
      </label>
      <div className="stepper">
        <button
          type="button"
          className="stepper__button"
          aria-disabled={atMin || undefined}
          onClick={() => !atMin && step(-1)}
        >
          <span aria-hidden="true">−</span>
          <span className="visually-hidden">{cartText('basket.decrease_of', { name })}</span>
        </button>
        <input
          id={`${id}-input`}
          className="stepper__input"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={text}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
          onChange={(event) => {
            setText(event.target.value);
            if ('quantity' in readQuantity(event.target.value)) setProblem(undefined);
            editing.current = true;
            clearTimeout(timer.current);
          }}
          onBlur={(event) => commit(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              commit(event.currentTarget.value);
            }
          }}
        />
        <button
          type="button"
          className="stepper__button"
          aria-disabled={atMax || undefined}
          onClick={() => !atMax && step(1)}
        >
          <span aria-hidden="true">+</span>
          <span className="visually-hidden">{cartText('basket.increase_of', { name })}</span>
        </button>
      </div>
      {problem && (
        <p id={errorId} className="basket-quantity__error" role="alert">
          {PROBLEMS[problem]()}
        </p>
      )}
    </div>
  );
}
