/**
 * The basket's lines, for the drawer and the page: product and pack, unit price as the audience reads it, the
 * quantity stepper, the line total and a remove button (a free line of a discount has neither). Changes go to the
 * server; its answer redraws the list (spec §4 "cart update from server").
 */
import type { CartLine } from '../../lib/api/cart.ts';
import type { Audience } from '../../lib/config.ts';
import { formatPrice } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';
import { showToast } from '../toasts/toasts.store.ts';
import { changeQuantity, removeLine } from './cart-actions.ts';
import { cartText } from './cart-text.ts';
import { QuantityStepper } from './QuantityStepper.tsx';

/** Trade reads prices ex VAT (when the line has them), DIY inc VAT. */
export function linePrices(line: CartLine, audience: Audience) {
  const exVat = audience === 'pro' && line.unitPriceExVat !== undefined && line.totalExVat !== undefined;
  return {
    unit: exVat ? (line.unitPriceExVat ?? 0) : line.unitPrice,
    total: exVat ? (line.totalExVat ?? 0) : line.total,
    basis: exVat ? 'ex_vat' : 'inc_vat',
  } as const;
}

function failed(error: unknown) {
  console.error('Basket update failed', error);
  showToast({ kind: 'danger', text: cartText('basket.error') });
}

export interface BasketLinesProps {
  lines: CartLine[];
  audience: Audience;
  /** Called after a line is removed, so the caller can move focus (the removed button is gone). */
  onRemoved?: () => void;
}

export function BasketLines({ lines, audience, onRemoved }: BasketLinesProps) {
  const remove = (line: CartLine) =>
    removeLine(line.id)
      .then(() => {
        showToast({ text: cartText('basket.removed', { name: line.name }) });
        onRemoved?.();
      })
      .catch(failed);

  return (
    <ul className="basket-lines" aria-label={cartText('basket.lines')}>
      {lines.map((line) => {
        const price = linePrices(line, audience);
        return (
          <li key={line.id} className="basket-line" data-line-reference={line.reference}>
            <div className="basket-line__product">
              <p className="basket-line__name">
                {line.slug ? (
                  <a href={paths.product(audience, line.slug, line.reference)}>{line.name}</a>
                ) : (
                  line.name
                )}
              </p>
              <p className="basket-line__meta">
                {line.pack && <span>{cartText('basket.pack', { pack: line.pack })} · </span>}
                <span>{cartText('basket.reference', { reference: line.reference })}</span>
              </p>
              <p className="basket-line__unit">
                {line.free
                  ? cartText('basket.free')
                  : `${cartText('basket.each', { price: formatPrice(price.unit) })} ${cartText(`basket.basis.${price.basis}`)}`}
              </p>
            </div>
            <div className="basket-line__quantity">
              {line.free ? (
                <p className="basket-line__free-quantity">× {line.quantity}</p>
              ) : (
                <QuantityStepper
                  name={line.name}
                  quantity={line.quantity}
                  onCommit={(quantity) => void changeQuantity(line.id, quantity).catch(failed)}
                />
              )}
            </div>
            <p className="basket-line__total">
              <span className="visually-hidden">{cartText('basket.total')}: </span>
              {line.free ? cartText('basket.free') : formatPrice(price.total)}
            </p>
            {!line.free && (
              <button type="button" className="basket-line__remove" onClick={() => void remove(line)}>
                {cartText('basket.remove')}
                <span className="visually-hidden"> {line.name}</span>
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
