/** Pure logic of the stockist locator: reading the search text, distances, links and list formatting. */
import { formatPostcode, normalisePostcode, precisionOf } from '@plasterwick/shop-rules/postcode';

/** Search radius: 50 miles, far enough to find a merchant from most of the UK, near enough to be useful. */
export const SEARCH_RADIUS_KM = 80.47;
export const KM_PER_MILE = 1.609344;

export type SearchTarget = { postcode: string } | { town: string };

/**
 * What the visitor typed: a full postcode (`M1 1AE`), a district (`M1`), an area (`LS`) or else a town name.
 * Postcodes come back upper-case with the single space of the Royal Mail format. Undefined for empty text.
 */
export function readSearchText(text: string): SearchTarget | undefined {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  if (!trimmed) return undefined;
  const compact = normalisePostcode(trimmed);
  return precisionOf(compact) ? { postcode: formatPostcode(compact) } : { town: trimmed };
}

/** Where a search started: what the visitor typed, or their location. */
export type SearchOrigin = SearchTarget | { latitude: number; longitude: number };

/** The i18n key and values of the line saying what distances are measured from; undefined when exact. */
export interface PrecisionNote {
  key:
    | 'stockists.precision_area'
    | 'stockists.precision_district'
    | 'stockists.precision_area_coarser'
    | 'stockists.precision_district_coarser';
  values: { label: string; query: string };
}

/**
 * Results are honest about their precision: a postcode the back-office only knows down to its area (`M`) or
 * district (`M1`) is measured from that centre, and when the visitor typed more (`M1 1AE`) the line says so.
 */
export function precisionNote(
  where: SearchOrigin,
  origin: { label: string; precision: string },
): PrecisionNote | undefined {
  if (origin.precision !== 'area' && origin.precision !== 'district') return undefined;
  const query = 'postcode' in where ? where.postcode : origin.label;
  const coarser = normalisePostcode(query) !== normalisePostcode(origin.label);
  return {
    key: `stockists.precision_${origin.precision}${coarser ? '_coarser' : ''}`,
    values: { label: origin.label, query },
  };
}

/** The place the results heading names: the postcode as typed, the town as the back-office spells it. */
export function originName(where: SearchOrigin, origin: { label: string }, yourLocation: string): string {
  if ('latitude' in where) return yourLocation;
  return 'postcode' in where ? where.postcode : origin.label;
}

/** `{ miles: '3.1', km: '5.0' }`: UK readers think in miles; km is shown beside for the metric-minded. */
export function formatDistance(distanceKm: number): { miles: string; km: string } {
  return { miles: (distanceKm / KM_PER_MILE).toFixed(1), km: distanceKm.toFixed(1) };
}

export function radiusMiles(radiusKm: number): number {
  return Math.round(radiusKm / KM_PER_MILE);
}

/** `tel:` link in E.164 for a UK number written the national way (`0161 496 0000` → `tel:+441614960000`). */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  if (digits.startsWith('+')) return `tel:${digits}`;
  if (digits.startsWith('0')) return `tel:+44${digits.slice(1)}`;
  return `tel:${digits}`;
}

/** One line of postal address: street, town, postcode. */
export function formatAddress(stockist: { address: string; town: string; postcode: string }): string {
  return [stockist.address, stockist.town, stockist.postcode].filter(Boolean).join(', ');
}

const coordinate = (value: number) => value.toFixed(6).replace(/\.?0+$/, '');

/** Google Maps directions to the stockist from wherever the visitor is (their app asks for the start). */
export function googleDirectionsUrl(to: { latitude: number; longitude: number }): string {
  const destination = `${coordinate(to.latitude)},${coordinate(to.longitude)}`;
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`;
}

/** OpenStreetMap directions with an empty start, for people who prefer open maps. */
export function osmDirectionsUrl(to: { latitude: number; longitude: number }): string {
  return `https://www.openstreetmap.org/directions?route=${encodeURIComponent(`;${coordinate(to.latitude)},${coordinate(to.longitude)}`)}`;
}
