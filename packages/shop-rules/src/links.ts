/**
 * The links the shop stores and renders (issue 21): every URL field of the CMS (pushes, slides, menu items, page
 * blocks, media) and every link setting takes only an `https:`, `http:`, `mailto:` or `tel:` link, or a path of the
 * site: absolute (`/…`, never `//…`, which a browser reads as another host) or relative to the page
 * (`where-to-find-our-products`, which a menu resolves within the audience). A `javascript:` or `data:` link in a
 * menu would run on every page the menu is on. Browser-safe.
 */
import { z } from 'zod';

const LINK_SCHEMES = new Set(['https:', 'http:', 'mailto:', 'tel:']);
/** What a URL parser reads as a scheme: a letter, then letters, digits, `+`, `-` or `.`, then a colon. */
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

export const LINK_MESSAGE =
  'must be an https:, http:, mailto: or tel: link, or a path of the site (/…, not //…)';

/**
 * Whether `value` is a link the shop may render. Whitespace and control characters are refused anywhere (browsers
 * drop tabs and line breaks inside a URL, so `java\tscript:` would still run) and so are backslashes (read as
 * slashes: `/\evil.example` is another host).
 */
export function isSafeLink(value: string): boolean {
  // eslint-disable-next-line no-control-regex
  if (value === '' || /[\u0000-\u0020\u007f-\u009f\\]/.test(value) || value.startsWith('//')) return false;
  // Without a scheme it is a path, resolved on the page's own origin.
  if (!SCHEME.test(value)) return true;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (!LINK_SCHEMES.has(url.protocol)) return false;
  return url.protocol === 'mailto:' || url.protocol === 'tel:' || url.hostname !== '';
}

/** A link field of at most `max` characters; empty means no link. */
export const linkUrl = (max = 500) =>
  z
    .string()
    .max(max)
    .refine((value) => value === '' || isSafeLink(value), LINK_MESSAGE);

/** Settings whose value is a link (`link_facebook`, `…_url`): the footer and header render them as `href`. */
export const isLinkSetting = (code: string) => code.startsWith('link_') || code.endsWith('_url');
