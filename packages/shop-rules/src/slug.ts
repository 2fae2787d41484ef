/**
 * The slug rule of spec §5 and the slug pattern the back-office accepts, written once. Browser-safe.
 *
 * A slug is one or more segments separated by `/` (content pages can nest); a segment is lowercase letters and
 * digits in runs joined by single hyphens.
 */

const WORD = '[a-z0-9]+';

/** One slug segment: `deep-gap-fillers` (catalogue slugs, which never nest). */
export const SLUG_SEGMENT_PATTERN = new RegExp(`^${WORD}(?:-${WORD})*$`);

/** A slug path: `deep-gap-fillers`, `guides/filling-cracks`. */
export const SLUG_PATTERN = new RegExp(`^${WORD}(?:[-/]${WORD})*$`);

export function isSlug(value: string): boolean {
  return SLUG_PATTERN.test(value);
}

/**
 * Spec §5: lowercase, accents stripped, spaces and apostrophes become hyphens, the ligature becomes "oe"
 * (and "æ" "ae"), trailing hyphen removed. Anything else outside [a-z0-9/-] is dropped, and hyphens and slashes
 * are tidied, so the result is a valid slug (`isSlug`) or empty.
 */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[\s'’]+/g, '-')
    .replace(/[^a-z0-9/-]/g, '')
    .split('/')
    .map((segment) => segment.replace(/-{2,}/g, '-').replace(/^-|-$/g, ''))
    .filter(Boolean)
    .join('/');
}
