/**
 * Slug rule of spec §5: lowercase, accents stripped, spaces and apostrophes become hyphens, the ligature
 * becomes "oe", trailing hyphen removed. Anything else outside [a-z0-9/-] is dropped so the result always fits
 * the route pattern (lowercase letters, digits, slashes and hyphens).
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
    .replace(/-{2,}/g, '-')
    .replace(/-+$/, '');
}

/** Route pattern of a slug (spec §2). */
export const SLUG_PATTERN = /^[a-z0-9/-]+$/;

export function isSlug(value: string): boolean {
  return SLUG_PATTERN.test(value);
}
