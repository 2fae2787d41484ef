/** The codes to geocode for a postcode. The UK postcode pattern itself lives in `@plasterwick/shop-rules/postcode`. */
import { normalisePostcode, postcodeArea, precisionOf } from '@plasterwick/shop-rules/postcode';

/** The codes to look up for a postcode, most precise first: full, then its district, then its area. */
export function geocodeCandidates(value: string): string[] {
  const code = normalisePostcode(value);
  const precision = precisionOf(code);
  if (!precision) return [];
  const candidates = [code];
  if (precision === 'full') candidates.push(code.slice(0, -3));
  if (precision !== 'area') candidates.push(postcodeArea(code));
  return candidates.filter(Boolean);
}
