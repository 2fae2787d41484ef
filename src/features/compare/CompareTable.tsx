/** The compare page (spec §2 `/compare-products`): compared products side by side, differences highlighted. */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { Audience } from '../../lib/config.ts';
import { displayPrice } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';
import { text } from '../../i18n/islands-text.ts';
import { AddPackButton } from '../cart/AddPackButton.tsx';
import { cartText } from '../cart/cart-text.ts';
import { compareRows } from './compare.ts';
import { compareStore } from './compare.store.ts';

export function CompareTable({ audience }: { audience: Audience }) {
  const { items } = useStore(compareStore.$state);
  const [onlyDifferences, setOnlyDifferences] = useState(false);

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
        <label>
          <input
            type="checkbox"
            checked={onlyDifferences}
            onChange={(event) => setOnlyDifferences(event.target.checked)}
          />{' '}
          {text('compare.only_differences')}
        </label>
        <button type="button" className="button" onClick={() => compareStore.reset()}>
          {text('compare.clear')}
        </button>
      </div>
      <div className="compare-scroll" tabIndex={0} role="region" aria-label={text('compare.title')}>
        <table className="compare-table">
          <caption className="visually-hidden">{text('compare.intro')}</caption>
          <thead>
            <tr>
              <td />
              {items.map((product) => (
                <th scope="col" key={product.id}>
                  {product.cover && (
                    <picture>
                      {product.cover.webp && <source srcSet={product.cover.webp} type="image/webp" />}
                      <img src={product.cover.url} alt="" width={120} height={120} loading="lazy" />
                    </picture>
                  )}
                  <a href={paths.product(audience, product.slug)}>{product.name}</a>
                  <button
                    type="button"
                    className="compare-remove"
                    aria-label={text('compare.remove_product', { name: product.name })}
                    onClick={() =>
                      compareStore.$state.set({
                        audience,
                        items: items.filter((item) => item.id !== product.id),
                      })
                    }
                  >
                    ×
                  </button>
                </th>
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
              {items.map((product) => {
                const price = displayPrice(product.price, audience);
                return (
                  <td key={product.id}>
                    {price.main}
                    {price.secondary && <span className="price-secondary"> ({price.secondary})</span>}
                  </td>
                );
              })}
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
                <th scope="row">
                  {row.label}
                  {row.differs && <span className="compare-differs-tag"> ({text('compare.differs')})</span>}
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
