/** The empty basket: says so and offers the ways in (the catalogue, the calculator, favourites, stockists). */
import type { Audience } from '../../lib/config.ts';
import { paths } from '../../lib/paths.ts';
import { cartText } from './cart-text.ts';

export function EmptyBasket({ audience }: { audience: Audience }) {
  return (
    <div className="basket-empty">
      <p className="basket-empty__title">{cartText('basket.empty')}</p>
      <p>{cartText('basket.empty_hint')}</p>
      <ul className="basket-empty__links">
        <li>
          <a className="button" href={paths.catalogue(audience)}>
            {cartText('basket.browse')}
          </a>
        </li>
        <li>
          <a href={paths.calculator(audience)}>{cartText('basket.calculator')}</a>
        </li>
        <li>
          <a href={paths.favourites(audience)}>{cartText('basket.favourites')}</a>
        </li>
        <li>
          <a href={paths.stockists(audience)}>{cartText('basket.stockists')}</a>
        </li>
      </ul>
    </div>
  );
}
