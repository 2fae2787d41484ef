/** Small text helpers for rendering. */
import { escapeHtml } from '@plasterwick/shop-rules/html';

const REGISTERED = '®';

/**
 * Spec §5: titles show the registered-trademark sign in superscript. The text cut around each ®, in order: a
 * piece equal to `®` goes in a `<sup>`, the others stay plain. One rule for static pages (registeredHtml), islands
 * (ui/Registered.tsx) and the shared script (ui/registered.ts).
 */
export function registeredParts(text: string): string[] {
  return text.split(/(®)/).filter((part) => part !== '');
}

export function isRegisteredSign(part: string): boolean {
  return part === REGISTERED;
}

/** Spec §5 for static pages: safe HTML with each ® in a `<sup>`. */
export function registeredHtml(text: string): string {
  return registeredParts(text)
    .map((part) => (isRegisteredSign(part) ? `<sup>${REGISTERED}</sup>` : escapeHtml(part)))
    .join('');
}

/** JSON for a `<script type="application/ld+json">`: `<` escaped so no text can close the script. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** Strips tags from trusted CMS HTML for meta descriptions; collapses whitespace; cuts at `max` characters. */
export function plainText(html: string, max = 160): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}
