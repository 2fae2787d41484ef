/**
 * The Leaflet map beside the stockist list: loaded on demand after the first results (progressive: the list works
 * without it, and without tiles). Markers are numbered like the list and drawn without images. The locator page and
 * the checkout's collection step share it; the checkout picks the stockist of a clicked marker (`onSelect`).
 */
import { escapeHtml } from '@plasterwick/shop-rules/html';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import './map.css';
import type { Stockist, StockistOrigin } from '../../lib/api/stockists.ts';

export interface StockistMap {
  show: (origin: StockistOrigin, stockists: Stockist[]) => void;
  destroy: () => void;
}

export function createStockistMap(
  container: HTMLElement,
  options: {
    tileUrl: string;
    attribution: string;
    markerLabel: (n: number, stockist: Stockist) => string;
    onSelect?: (stockist: Stockist) => void;
  },
): StockistMap {
  const map = L.map(container, { scrollWheelZoom: false });
  L.tileLayer(options.tileUrl, { attribution: options.attribution, maxZoom: 18 }).addTo(map);
  const layer = L.layerGroup().addTo(map);

  return {
    show(origin, stockists) {
      layer.clearLayers();
      const originPoint = L.latLng(origin.latitude, origin.longitude);
      L.circleMarker(originPoint, { radius: 6, color: '#1b6b4a', fillOpacity: 0.9 }).addTo(layer);
      const bounds = L.latLngBounds([originPoint]);
      stockists.forEach((stockist, i) => {
        const point = L.latLng(stockist.latitude, stockist.longitude);
        bounds.extend(point);
        const label = options.markerLabel(i + 1, stockist);
        const marker = L.marker(point, {
          title: label,
          alt: label,
          icon: L.divIcon({ className: 'stockist-marker', html: String(i + 1), iconSize: [28, 28] }),
        })
          .bindPopup(`<strong>${escapeHtml(label)}</strong>`)
          .addTo(layer);
        const { onSelect } = options;
        if (onSelect) {
          // Leaflet turns Enter on a focused marker into its popup, not a click: both pick the stockist.
          marker.on('click', () => onSelect(stockist));
          marker.on('keypress', (event: L.LeafletKeyboardEvent) => {
            if (event.originalEvent.key === 'Enter') onSelect(stockist);
          });
        }
      });
      map.fitBounds(bounds, { padding: [24, 24], maxZoom: 13 });
    },
    destroy() {
      map.remove();
    },
  };
}
