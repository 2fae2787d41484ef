/**
 * Text written into HTML by hand (e-mails, the test payment page, the error page's last resort, map popups). Every
 * character that could end a text or an attribute value is escaped, the apostrophe too, so the result is safe in
 * either quote style. Browser-safe.
 */

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** `text` as HTML text or attribute value: `&`, `<`, `>`, `"` and `'` as entities, nothing else changed. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}
