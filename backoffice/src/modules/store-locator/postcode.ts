/** UK postcode parsing: normalised form and the candidate codes to geocode, most precise first. */

/** A full postcode (`M1 1AE`), a district (`M1`, `EC1A`) or an area (`M`), any case and spacing. */
export const POSTCODE_PATTERN = /^[A-Z]{1,2}(\d[A-Z\d]?(\s*\d[A-Z]{2})?)?$/i;

export type Precision = 'area' | 'district' | 'full';

export const normalisePostcode = (value: string) => value.replace(/\s+/g, '').toUpperCase();

/** Formats a normalised full postcode with its single space (`M11AE` → `M1 1AE`); shorter codes unchanged. */
export function formatPostcode(code: string): string {
  return precisionOf(code) === 'full' ? `${code.slice(0, -3)} ${code.slice(-3)}` : code;
}

export function precisionOf(normalised: string): Precision | undefined {
  if (/^[A-Z]{1,2}$/.test(normalised)) return 'area';
  if (/^[A-Z]{1,2}\d[A-Z\d]?$/.test(normalised)) return 'district';
  if (/^[A-Z]{1,2}\d[A-Z\d]?\d[A-Z]{2}$/.test(normalised)) return 'full';
  return undefined;
}

/** The codes to look up for a postcode, most precise first: full, then its district, then its area. */
export function geocodeCandidates(value: string): string[] {
  const code = normalisePostcode(value);
  const precision = precisionOf(code);
  if (!precision) return [];
  const candidates = [code];
  if (precision === 'full') candidates.push(code.slice(0, -3));
  if (precision !== 'area') candidates.push(code.match(/^[A-Z]{1,2}/)?.[0] ?? '');
  return candidates.filter(Boolean);
}
