/**
 * The one sanitiser of CMS rich text. The storefront prints page blocks, FAQ answers, how-to steps and product
 * descriptions with Astro's `set:html`, so whatever an editor (or a stolen API key) stores there becomes markup on
 * every visitor's page. Every write of those fields passes through here (zod `htmlText` below, and the one-off
 * data migration data-migrations/sanitize-stored-html.ts for rows written before), so the stored HTML is already
 * safe to print.
 * The storefront's Content-Security-Policy stays as the second wall.
 */
import sanitize from 'sanitize-html';
import { z } from 'zod';

const options: sanitize.IOptions = {
  // What editors need for prose and nothing that loads, runs or restyles anything. The seed uses only <p>; the
  // storefront's `.cms-prose` also styles tables, and FAQ answers, steps and descriptions need lists, emphasis and
  // links. Headings start at h2: the page title is the only h1. No <img>: pictures are image blocks and covers,
  // served from our own media with alt text and sizes, never an arbitrary URL inside the text.
  allowedTags: [
    'p',
    'br',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'sub',
    'sup',
    'ul',
    'ol',
    'li',
    'a',
    'blockquote',
    'table',
    'caption',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
  ],
  // No `on*`, `style`, `class` or `id` anywhere: handlers run script, styles can overlay the page, and the site's
  // own classes and ids belong to its components. No `target` on links: no tab-nabbing, no surprise new windows.
  allowedAttributes: {
    a: ['href', 'title'],
    th: ['scope', 'colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  // Links go to web pages, email or phone, or stay on the site (relative URLs have no scheme and pass);
  // `javascript:`, `data:`, `vbscript:` and every other scheme lose their href.
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  // `//host/path` reads like a path but leaves the site: an editor who means another site writes https://.
  allowProtocolRelative: false,
  // Removed tags keep their text, except these: their content is code, fallback, drawing or formula markup, never
  // prose. The first five are sanitize-html's defaults (the option replaces the list).
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'xmp',
    'noscript',
    'noembed',
    'noframes',
    'iframe',
    'template',
    'title',
    'svg',
    'math',
  ],
  disallowedTagsMode: 'discard',
};

/** Returns `html` reduced to the CMS allow-list above; idempotent, and plain text stays plain text. */
export function sanitizeHtml(html: string): string {
  // The parser closes some tags by context (a <tr> inside a <select>, a <p> inside an <svg>), so broken markup that
  // mixes removed and kept tags can come out nested in a way a second reading rearranges. Passes repeat until
  // nothing moves (clean HTML: two passes), so stored HTML is a fixed point and sanitising it again changes nothing.
  let current = sanitize(html, options);
  for (let pass = 0; pass < 5; pass += 1) {
    const next = sanitize(current, options);
    if (next === current) break;
    current = next;
  }
  return current;
}

/** A zod string of CMS HTML the storefront renders as markup: length checked on the input, sanitised on parse. */
export const htmlText = (max: number) => z.string().max(max).transform(sanitizeHtml);
