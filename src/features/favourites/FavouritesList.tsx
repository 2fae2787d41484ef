/**
 * The favourites page: saved product ids with their current data from the back-office; a product of this
 * audience can go straight into the basket (its default pack).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { getProduct } from '../../lib/api/catalogue.ts';
import { ApiClient, BackofficeError } from '../../lib/api/client.ts';
import { islandApi, pageSiteId } from '../site/island-api.ts';
import type { Product } from '../../lib/api/types.ts';
import type { Audience } from '../../lib/config.ts';
import { paths } from '../../lib/paths.ts';
import { $plans } from '../site/settings.store.ts';
import { text } from '../../i18n/islands-text.ts';
import { AddPackButton } from '../cart/AddPackButton.tsx';
import { $favourites, removeFavourite } from './favourites.store.ts';
import { IslandPrice } from '../ui/price/IslandPrice.tsx';
import { Registered } from '../ui/registered/Registered.tsx';

type Entry =
  { id: number; state: 'ok'; product: Product; audience: Audience } | { id: number; state: 'gone' };

/**
 * A favourite saved in the other audience is shown from that audience's plan with a link there: on a list, the
 * spec §4 switch would send the visitor away for one product, so it is disabled here.
 */
async function loadEntry(id: number, audience: Audience): Promise<Entry> {
  try {
    return { id, state: 'ok', product: await getProduct(islandApi(), id, { noPlanSwitch: true }), audience };
  } catch (error) {
    const otherPlan = error instanceof BackofficeError ? error.notInPlan?.[0] : undefined;
    const plan = $plans.get().find((candidate) => candidate.id === otherPlan);
    if (!plan) return { id, state: 'gone' };
    const other = new ApiClient({ origin: '', siteId: () => pageSiteId(), planId: () => plan.id });
    return {
      id,
      state: 'ok',
      product: await getProduct(other, id, { noPlanSwitch: true }),
      audience: plan.target,
    };
  }
}

export function FavouritesList({ audience }: { audience: Audience }) {
  const ids = useStore($favourites);
  const [entries, setEntries] = useState<Map<number, Entry>>(new Map());
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const missing = ids.filter((id) => !entries.has(id));
    if (missing.length === 0) return;
    let cancelled = false;
    Promise.all(missing.map((id) => loadEntry(id, audience).catch((): Entry => ({ id, state: 'gone' }))))
      .then((loaded) => {
        if (!cancelled)
          setEntries(
            (current) => new Map([...current, ...loaded.map((entry) => [entry.id, entry] as const)]),
          );
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
    };
  }, [ids, audience, entries]);

  if (ids.length === 0) {
    return (
      <div className="favourites-empty">
        <p>{text('favourites.empty')}</p>
        <a className="button" href={paths.catalogue(audience)}>
          {text('favourites.browse')}
        </a>
      </div>
    );
  }
  if (failed) return <p role="alert">{text('toast.error')}</p>;
  const loading = ids.some((id) => !entries.has(id));
  return (
    <>
      {loading && <p role="status">{text('favourites.loading')}</p>}
      <ul className="favourites-list product-grid">
        {ids.map((id) => {
          const entry = entries.get(id);
          if (!entry) return null;
          if (entry.state === 'gone')
            return (
              <li key={id} className="favourite-card">
                <p>{text('favourites.unavailable')}</p>
                <button type="button" className="button" onClick={() => removeFavourite(id)}>
                  {text('favourites.remove')}
                </button>
              </li>
            );
          const { product } = entry;
          return (
            <li key={id} className="favourite-card">
              <picture>
                {product.cover.webp && <source srcSet={product.cover.webp} type="image/webp" />}
                <img src={product.cover.url} alt="" width={160} height={160} loading="lazy" />
              </picture>
              <h2>
                <a href={paths.product(entry.audience, product.slug)}>
                  <Registered text={product.name} />
                </a>
              </h2>
              <p className="favourite-meta">
                {product.reference} · {product.categoryName}
              </p>
              {entry.audience !== audience && (
                <p className="favourite-other">{text(`favourites.other_audience_${entry.audience}`)}</p>
              )}
              <IslandPrice price={product.price} audience={entry.audience} />
              {entry.audience === audience && product.variants[0] && (
                <AddPackButton
                  productId={product.id}
                  name={product.name}
                  pack={{ reference: product.variants[0].reference, label: product.variants[0].label }}
                />
              )}
              <button type="button" className="button" onClick={() => removeFavourite(id)}>
                {text('favourites.remove')}
                <span className="visually-hidden"> {product.name}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </>
  );
}
