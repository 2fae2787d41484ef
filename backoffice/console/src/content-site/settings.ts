/**
 * The settings screen's logic: the spec's social link codes (shown even when not set yet, so they can be added) and
 * every other setting the site has, each with its name in words.
 */
export const SOCIAL_CODES = [
  'link_facebook',
  'link_youtube',
  'link_pinterest',
  'link_instagram',
  'link_linkedin',
  'link_twitter',
] as const;

const NAMES: Record<string, string> = {
  link_facebook: 'Facebook page',
  link_youtube: 'YouTube channel',
  link_pinterest: 'Pinterest page',
  link_instagram: 'Instagram page',
  link_linkedin: 'LinkedIn page',
  link_twitter: 'X (Twitter) page',
};

/** `link_facebook` → "Facebook page"; `trust_labels_pro` → "Trust labels pro". */
export function settingName(code: string): string {
  const known = NAMES[code];
  if (known) return known;
  const words = code.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The codes the screen lists: the social links first (in the spec's order), then the others by code. */
export function settingCodes(stored: readonly string[]): string[] {
  const others = stored.filter((code) => !(SOCIAL_CODES as readonly string[]).includes(code)).toSorted();
  return [...SOCIAL_CODES, ...others];
}

export const SETTING_CODE = /^[a-z][a-z0-9_]{1,60}$/;
