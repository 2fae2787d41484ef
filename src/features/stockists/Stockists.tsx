/**
 * Stockist locator island: search by postcode, district or town, or by the visitor's location; results nearest
 * first, filtered by the current audience (the API client sends the plan) and the stockist type. The list is the
 * primary UI; the Leaflet map is loaded afterwards and is optional.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { BackofficeError } from '../../lib/api/client.ts';
import { islandApi } from '../site/island-api.ts';
import {
  STOCKIST_TYPES,
  findStockists,
  type Stockist,
  type StockistQuery,
  type StockistResults,
  type StockistType,
} from '../../lib/api/stockists.ts';
import { syncPlanWithPath } from '../site/settings.store.ts';
import { toolsText } from '../../i18n/tools-text.ts';
import type { StockistMap } from './map.ts';
import {
  SEARCH_RADIUS_KM,
  formatAddress,
  formatDistance,
  googleDirectionsUrl,
  originName,
  osmDirectionsUrl,
  precisionNote,
  radiusMiles,
  readSearchText,
  telHref,
  type SearchOrigin,
} from './stockists.ts';

export interface StockistsProps {
  tileUrl: string;
  tileAttribution: string;
}

type Where = SearchOrigin;

type Status =
  | { kind: 'idle' }
  | { kind: 'loading'; message: string }
  | { kind: 'error'; message: string }
  | { kind: 'done'; results: StockistResults; where: Where };

function errorMessage(error: unknown, where: Where): string {
  if (error instanceof BackofficeError && error.statusCode === 404) {
    if (error.body?.status === 'postcode_not_found' && 'postcode' in where)
      return toolsText('stockists.not_found_postcode', { query: where.postcode });
    if (error.body?.status === 'town_not_found' && 'town' in where)
      return toolsText('stockists.not_found_town', { query: where.town });
  }
  console.error('Stockist search failed', error);
  return toolsText('stockists.error');
}

function StockistItem({ stockist, n }: { stockist: Stockist; n: number }) {
  const distance = formatDistance(stockist.distanceKm);
  return (
    <li className="stockist">
      <article aria-labelledby={`stockist-${stockist.id}`}>
        <h3 id={`stockist-${stockist.id}`}>
          <span className="stockist__number">{n}.</span> {stockist.name}
        </h3>
        <p className="stockist__type">{toolsText(`stockists.types.${stockist.type}`)}</p>
        <p className="stockist__distance">{toolsText('stockists.distance', distance)}</p>
        <address>{formatAddress(stockist)}</address>
        <p>
          {toolsText('stockists.phone')}:{' '}
          <a
            href={telHref(stockist.phone)}
            aria-label={toolsText('stockists.call', { name: stockist.name, phone: stockist.phone })}
          >
            {stockist.phone}
          </a>
        </p>
        {stockist.openingHours.length > 0 && (
          <>
            <h4>{toolsText('stockists.opening_hours')}</h4>
            <dl className="stockist__hours">
              {stockist.openingHours.map((slot) => (
                <div key={slot.days}>
                  <dt>{slot.days}</dt>
                  <dd>{slot.hours}</dd>
                </div>
              ))}
            </dl>
          </>
        )}
        <p className="stockist__directions">
          <a href={googleDirectionsUrl(stockist)} target="_blank" rel="noopener noreferrer">
            {toolsText('stockists.directions', { name: stockist.name })}
          </a>{' '}
          (
          <a href={osmDirectionsUrl(stockist)} target="_blank" rel="noopener noreferrer">
            {toolsText('stockists.directions_osm')}
          </a>
          )
        </p>
      </article>
    </li>
  );
}

export default function Stockists({ tileUrl, tileAttribution }: StockistsProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [type, setType] = useState<StockistType | ''>('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  // Asking for the location is separate from the search status: a refusal must not wipe results already shown.
  const [locating, setLocating] = useState(false);
  const [locationError, setLocationError] = useState<string | undefined>();
  const mapContainer = useRef<HTMLDivElement>(null);
  const map = useRef<StockistMap | undefined>(undefined);
  const request = useRef<AbortController | undefined>(undefined);

  useEffect(() => {
    syncPlanWithPath(window.location.pathname);
    return () => {
      request.current?.abort();
      map.current?.destroy();
    };
  }, []);

  const search = async (where: Where, stockistType: StockistType | '') => {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    setLocationError(undefined);
    setStatus({ kind: 'loading', message: toolsText('stockists.searching') });
    const query: StockistQuery = {
      ...where,
      type: stockistType || undefined,
      radiusKm: SEARCH_RADIUS_KM,
      perPage: 50,
    };
    try {
      const results = await findStockists(islandApi(), query, controller.signal);
      if (controller.signal.aborted) return;
      setStatus({ kind: 'done', results, where });
    } catch (error) {
      if (controller.signal.aborted) return;
      setStatus({ kind: 'error', message: errorMessage(error, where) });
    }
  };

  // The map follows the results, loaded on first use; a failed load leaves the list as it is.
  useEffect(() => {
    if (status.kind !== 'done' || !mapContainer.current) return;
    const { origin, items } = status.results;
    const container = mapContainer.current;
    import('./map.ts')
      .then(({ createStockistMap }) => {
        map.current ??= createStockistMap(container, {
          tileUrl,
          attribution: tileAttribution,
          markerLabel: (n, stockist) => toolsText('stockists.map_marker', { n, name: stockist.name }),
        });
        map.current.show(origin, items);
      })
      .catch((error: unknown) => console.error('The stockist map could not load', error));
  }, [status, tileUrl, tileAttribution]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const target = readSearchText(text);
    if (!target) {
      setFieldError(toolsText('stockists.required'));
      return;
    }
    setFieldError(undefined);
    void search(target, type);
  };

  const locate = () => {
    setFieldError(undefined);
    setLocationError(undefined);
    if (!('geolocation' in navigator)) {
      setLocationError(toolsText('stockists.location_error'));
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        void search({ latitude: position.coords.latitude, longitude: position.coords.longitude }, type);
      },
      () => {
        setLocating(false);
        setLocationError(toolsText('stockists.location_error'));
      },
      { timeout: 15_000, maximumAge: 300_000 },
    );
  };

  const changeType = (next: StockistType | '') => {
    setType(next);
    if (status.kind === 'done') void search(status.where, next);
  };

  const radius = radiusMiles(SEARCH_RADIUS_KM);
  const results = status.kind === 'done' ? status.results : undefined;
  const originLabel =
    status.kind === 'done'
      ? originName(status.where, status.results.origin, toolsText('stockists.your_location'))
      : '';
  const alertMessage = locationError ?? (status.kind === 'error' ? status.message : undefined);
  const note = status.kind === 'done' ? precisionNote(status.where, status.results.origin) : undefined;

  return (
    <div className="stockists">
      <form
        className="stockists__search"
        role="search"
        aria-label={toolsText('stockists.search_form')}
        noValidate
        onSubmit={submit}
      >
        <div className="stockists__field">
          <label htmlFor={`${id}-q`}>{toolsText('stockists.search_label')}</label>
          <input
            id={`${id}-q`}
            type="search"
            autoComplete="postal-code"
            placeholder={toolsText('stockists.search_placeholder')}
            value={text}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? `${id}-q-error` : undefined}
            onChange={(event) => setText(event.target.value)}
          />
          {fieldError && (
            <p id={`${id}-q-error`} className="stockists__error">
              {fieldError}
            </p>
          )}
        </div>
        <div className="stockists__field">
          <label htmlFor={`${id}-type`}>{toolsText('stockists.type_label')}</label>
          <select
            id={`${id}-type`}
            value={type}
            onChange={(event) => changeType(event.target.value as StockistType | '')}
          >
            <option value="">{toolsText('stockists.type_all')}</option>
            {STOCKIST_TYPES.map((value) => (
              <option key={value} value={value}>
                {toolsText(`stockists.types.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button">
          {toolsText('stockists.search')}
        </button>
        <button type="button" className="button button--ghost" onClick={locate}>
          {toolsText('stockists.use_location')}
        </button>
      </form>

      <div className="stockists__status" role="status" aria-live="polite">
        {locating ? toolsText('stockists.locating') : status.kind === 'loading' && status.message}
      </div>
      {alertMessage && (
        <p className="stockists__error" role="alert">
          {alertMessage}
        </p>
      )}

      <div className="stockists__layout" hidden={!results}>
        <section className="stockists__results" aria-labelledby={`${id}-results`}>
          {results && (
            <>
              <h2 id={`${id}-results`}>{toolsText('stockists.results_title', { origin: originLabel })}</h2>
              {note && <p className="stockists__precision">{toolsText(note.key, note.values)}</p>}
              {results.items.length > 0 ? (
                <>
                  <p>{toolsText('stockists.results_count', { count: results.total, radius })}</p>
                  <ol className="stockists__list" aria-label={toolsText('stockists.list_label')}>
                    {results.items.map((stockist, i) => (
                      <StockistItem key={stockist.id} stockist={stockist} n={i + 1} />
                    ))}
                  </ol>
                </>
              ) : (
                <p>{toolsText('stockists.no_results', { radius, origin: originLabel })}</p>
              )}
            </>
          )}
        </section>
        <div
          ref={mapContainer}
          className="stockists__map"
          role="region"
          aria-label={toolsText('stockists.map_label')}
        />
      </div>
    </div>
  );
}
