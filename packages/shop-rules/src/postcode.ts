/**
 * The UK postcode pattern, written once: an area (`M`, `EC`), a district (`M1`, `EC1A`) and a full postcode
 * (`M1 1AE`: district, then sector digit and two-letter unit). Every check and parser below is built from these
 * three parts. Browser-safe.
 */

const AREA = '[A-Z]{1,2}';
const DISTRICT_REST = '\\d[A-Z\\d]?';
const INWARD = '\\d[A-Z]{2}';

/** A full postcode, a district or an area, any case and spacing. */
export const POSTCODE_PATTERN = new RegExp(`^${AREA}(${DISTRICT_REST}(\\s*${INWARD})?)?$`, 'i');

/** A full postcode (outward and inward parts), any case and spacing: an exact address. */
export const FULL_POSTCODE_PATTERN = new RegExp(`^${AREA}${DISTRICT_REST}\\s*${INWARD}$`, 'i');

const NORMALISED = {
  area: new RegExp(`^${AREA}$`),
  district: new RegExp(`^${AREA}${DISTRICT_REST}$`),
  full: new RegExp(`^${AREA}${DISTRICT_REST}${INWARD}$`),
} as const;
const LEADING_AREA = new RegExp(`^${AREA}`);

export type Precision = keyof typeof NORMALISED;

/** Upper case without spaces: `m1 1ae` → `M11AE`. */
export const normalisePostcode = (value: string) => value.replace(/\s+/g, '').toUpperCase();

/** How precise a normalised code is (area, district or full), or undefined when it is not a postcode. */
export function precisionOf(normalised: string): Precision | undefined {
  if (NORMALISED.area.test(normalised)) return 'area';
  if (NORMALISED.district.test(normalised)) return 'district';
  if (NORMALISED.full.test(normalised)) return 'full';
  return undefined;
}

/** Formats a normalised full postcode with its single space (`M11AE` → `M1 1AE`); shorter codes unchanged. */
export function formatPostcode(code: string): string {
  return precisionOf(code) === 'full' ? `${code.slice(0, -3)} ${code.slice(-3)}` : code;
}

/** The area letters of a normalised code (`EC1A1BB` → `EC`), or an empty string. */
export const postcodeArea = (normalised: string) => normalised.match(LEADING_AREA)?.[0] ?? '';
