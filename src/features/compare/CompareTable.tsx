/**
 * The compare page (spec §2 `/compare-products`): compared products side by side for a trade buyer. Product
 * headers stay in view while reading down (sticky); values carry their units; rows that differ are highlighted
 * and described as such to screen readers (aria-describedby, the row's name stays the characteristic's); prices
 * carry the audience's VAT basis. On phones the table area scrolls sideways, one product per swipe (compare.css).
 */
import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import type { Audience } from '../../lib/config.ts';
import { paths } from '../../lib/paths.ts';
import { text } from '../../i18n/islands-text.ts';
import { AddPackButton } from '../cart/AddPackButton.tsx';
import { cartText } from '../cart/cart-text.ts';
import { IslandPrice } from '../ui/price/IslandPrice.tsx';
import { Registered } from '../ui/registered/Registered.tsx';
import { compareRows, type ComparedProduct } from './compare.ts';
import { compareStore } from './compare.store.ts';
import './compare.css';

interface ProductHeaderProps {
  product: ComparedProduct;
  audience: Audience;
  onRemove: () => void;
}

function ProductHeader({ product, audience, onRemove }: ProductHeaderProps) {
  return (
    <th scope="col" className="compare-product">
      {product.cover && (
        <picture>
          {product.cover.webp && <source srcSet={product.cover.webp} type="image/webp" />}
          <img src={product.cover.url} alt="" width={120} height={120} loading="lazy" />
        </picture>
      )}
      <a href={paths.product(audience, product.slug)}>
        <Registered text={product.name} />
      </a>
      <button
        type="button"
        className="compare-remove"
        aria-label={text('compare.remove_product', { name: product.name })}
        onClick={onRemove}
      >
        <span aria-hidden="true">×</span>
      </button>
    </th>
  );
}

export function CompareTable({ audience }: { audience: Audience }) {
  const { items } = useStore(compareStore.$state);
  const [onlyDifferences, setOnlyDifferences] = useState(false);
  const differsId = `${useId()}-differs`;

  if (items.length === 0) {
    return (
      <div className="compare-empty">
        <p>{text('compare.empty')}</p>
        <a className="button" href={paths.catalogue(audience)}>
          {text('compare.browse')}
        </a>
      </div>
    );
  }

  const rows = compareRows(items).filter((row) => !onlyDifferences || row.differs);
  return (
    <div className="compare">
      <div className="compare-actions">
        <label className="compare-only">
          <input
            type="checkbox"
            checked={onlyDifferences}
            onChange={(event) => setOnlyDifferences(event.target.checked)}
          />
          {text('compare.only_differences')}
        </label>
        <button type="button" className="button button--ghost" onClick={() => compareStore.reset()}>
          {text('compare.clear')}
        </button>
      </div>
      <p className="compare-legend">
        <span className="compare-legend__swatch" aria-hidden="true" />
        {text('compare.differs_legend')}
      </p>
      {items.length > 1 && <p className="compare-swipe-hint">{text('compare.swipe_hint')}</p>}
      <span id={differsId} hidden>
        {text('compare.differs')}
      </span>
      <div className="compare-scroll" tabIndex={0} role="region" aria-label={text('compare.products')}>
        <table className="compare-table">
          <caption className="visually-hidden">{text('compare.intro')}</caption>
          <thead>
            <tr>
              <td className="compare-corner" />
              {items.map((product) => (
                <ProductHeader
                  key={product.id}
                  product={product}
                  audience={audience}
                  onRemove={() =>
                    compareStore.$state.set({
                      audience,
                      items: items.filter((item) => item.id !== product.id),
                    })
                  }
                />
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">{text('compare.reference')}</th>
              {items.map((product) => (
                <td key={product.id}>{product.reference}</td>
              ))}
            </tr>
            <tr>
              <th scope="row">{text('compare.price')}</th>
              {items.map((product) => (
                <td key={product.id}>
                  <IslandPrice price={product.price} audience={audience} />
                </td>
              ))}
            </tr>
            <tr>
              <th scope="row">{cartText('add.row')}</th>
              {items.map((product) => (
                <td key={product.id}>
                  {product.pack && (
                    <AddPackButton productId={product.id} name={product.name} pack={product.pack} />
                  )}
                </td>
              ))}
            </tr>
            {rows.map((row) => (
              <tr
                key={row.code}
                className={row.differs ? 'compare-differs' : undefined}
                data-differs={row.differs}
              >
                <th scope="row" aria-describedby={row.differs ? differsId : undefined}>
                  {row.label}
                </th>
                {row.values.map((value, index) => (
                  <td key={items[index]?.id}>{value || text('compare.missing')}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
