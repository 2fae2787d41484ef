/**
 * The description editor's output, reduced in the browser to what the back-office's sanitiser keeps
 * (backoffice/src/lib/sanitize.ts) and a little less: paragraphs, line breaks, h2–h4, bold, italic, lists, quotes
 * and links to web pages, e-mail or phone. Whatever the browser's editing made (`<div>`, `<b>`, `<span style>`,
 * pasted markup) comes out as those tags or as plain text, so what is saved is what the shop will show.
 */
const KEPT = new Set([
  'P',
  'BR',
  'H2',
  'H3',
  'H4',
  'STRONG',
  'EM',
  'UL',
  'OL',
  'LI',
  'A',
  'BLOCKQUOTE',
  'SUB',
  'SUP',
]);
const RENAMED: Record<string, string> = { B: 'STRONG', I: 'EM', DIV: 'P', H1: 'H2', H5: 'H4', H6: 'H4' };
const DROPPED = new Set([
  'SCRIPT',
  'STYLE',
  'TEXTAREA',
  'OPTION',
  'NOSCRIPT',
  'IFRAME',
  'TEMPLATE',
  'TITLE',
  'SVG',
  'MATH',
  'IMG',
]);
const SAFE_HREF = /^(https?:|mailto:|tel:|\/(?!\/)|#|[^:]*$)/i;

function cleanChildren(from: Node, to: Node, doc: Document) {
  for (const node of Array.from(from.childNodes)) {
    if (node.nodeType === Node.TEXT_NODE) {
      to.appendChild(doc.createTextNode(node.textContent ?? ''));
      continue;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) continue;
    const element = node as Element;
    const name = RENAMED[element.tagName] ?? element.tagName;
    if (DROPPED.has(element.tagName)) continue;
    if (!KEPT.has(name)) {
      cleanChildren(element, to, doc);
      continue;
    }
    const copy = doc.createElement(name.toLowerCase());
    if (name === 'A') {
      const href = element.getAttribute('href')?.trim() ?? '';
      if (href && SAFE_HREF.test(href)) copy.setAttribute('href', href);
    }
    cleanChildren(element, copy, doc);
    to.appendChild(copy);
  }
}

/** `html` with only the kept tags (and a link's href); a text outside any block becomes a paragraph. */
export function cleanHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const out = doc.createElement('div');
  cleanChildren(doc.body, out, doc);
  // Loose text and inline tags at the top level are wrapped in paragraphs.
  const blocks = doc.createElement('div');
  let paragraph: HTMLElement | null = null;
  for (const node of Array.from(out.childNodes)) {
    const block =
      node.nodeType === Node.ELEMENT_NODE &&
      /^(P|H2|H3|H4|UL|OL|BLOCKQUOTE)$/.test((node as Element).tagName);
    if (block) {
      paragraph = null;
      blocks.appendChild(node);
    } else {
      if (node.nodeType === Node.TEXT_NODE && !paragraph && !(node.textContent ?? '').trim()) continue;
      if (node.nodeType === Node.ELEMENT_NODE && (node as Element).tagName === 'BR' && !paragraph) continue;
      paragraph ??= blocks.appendChild(doc.createElement('p'));
      paragraph.appendChild(node);
    }
  }
  // Empty paragraphs (an editor's leftovers) go.
  for (const p of Array.from(blocks.querySelectorAll('p'))) {
    if (!(p.textContent ?? '').trim() && !p.querySelector('br + *')) p.remove();
  }
  return blocks.innerHTML;
}
