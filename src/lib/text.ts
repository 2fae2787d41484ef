/** Small text helpers for rendering. */

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** Spec §5: titles show the registered-trademark sign in superscript. Returns safe HTML. */
export function registeredHtml(text: string): string {
  return escapeHtml(text).replace(/®/g, '<sup>®</sup>');
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
