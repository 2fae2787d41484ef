/** The CMS HTML allow-list: what goes and what stays (the seed's own HTML: tests/seed-html.test.ts). */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { sanitizeHtml } from './sanitize.ts';

// The allow-list as the storefront needs it (see sanitize.ts for why each is there).
const allowedTags = [
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
];
const allowedAttributes: Record<string, string[]> = {
  a: ['href', 'title'],
  th: ['scope', 'colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
};

describe('sanitizeHtml', () => {
  test('removes what runs, redirects or loads, keeps the text and the allowed markup', () => {
    const dirty =
      '<meta http-equiv="refresh" content="0;url=https://evil.example">' +
      '<p onclick="steal()">Fill <strong>deep</strong> holes in <em>layers</em>.</p>' +
      '<script>alert(1)</script><img src=x onerror=alert(1)>' +
      '<ul><li><a href="javascript:alert(1)">one</a></li><li><a href="data:text/html,<b>x</b>">two</a></li></ul>' +
      '<style>body{display:none}</style><iframe src="https://evil.example">frame</iframe>' +
      '<form action="https://evil.example"><input name="card">Card</form><object data="x.swf"></object>';
    expect(sanitizeHtml(dirty)).toBe(
      '<p>Fill <strong>deep</strong> holes in <em>layers</em>.</p>' +
        '<ul><li><a>one</a></li><li><a>two</a></li></ul>' +
        'Card',
    );
  });

  test.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java&#x09;script:alert(1)',
    '&#106;avascript:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    '//evil.example/path',
    'file:///etc/passwd',
  ])('drops the link target %s', (href) => {
    expect(sanitizeHtml(`<a href="${href}">link</a>`)).toBe('<a>link</a>');
  });

  test.each([
    'https://www.example.org/page?a=1',
    'http://example.org/',
    'mailto:sales@plasterwick.example',
    'tel:+441614960000',
    '/professional-filler/fillers',
    'where-to-find-our-products',
    '#step-2',
  ])('keeps the link target %s', (href) => {
    expect(sanitizeHtml(`<a href="${href}" title="More">link</a>`)).toBe(
      `<a href="${href.replaceAll('&', '&amp;')}" title="More">link</a>`,
    );
  });

  test('keeps tables with their structural attributes, drops style, class and id everywhere', () => {
    expect(
      sanitizeHtml(
        '<table class="x"><caption>Coverage</caption><thead><tr><th scope="col" style="color:red">Bag</th>' +
          '<th id="a">m²</th></tr></thead><tbody><tr><td colspan="2">25 kg: 10 m<sup>2</sup></td></tr></tbody></table>',
      ),
    ).toBe(
      '<table><caption>Coverage</caption><thead><tr><th scope="col">Bag</th><th>m²</th></tr></thead>' +
        '<tbody><tr><td colspan="2">25 kg: 10 m<sup>2</sup></td></tr></tbody></table>',
    );
  });

  test('leaves plain text alone, blank lines included', () => {
    const text =
      'Supplied as a powder. It sets in 2 hours at 20 °C, 65 % humidity.\n\nMix only what you need.';
    expect(sanitizeHtml(text)).toBe(text);
  });
});

describe('sanitizeHtml on any input', () => {
  test('is idempotent and outputs only allowed tags, attributes and link schemes', () => {
    const fragment = fc.constantFrom(
      '<p>',
      '</p>',
      '<a href="',
      '">',
      '</a>',
      'javascript:',
      'data:',
      '<script>',
      '</script>',
      '<img src=x onerror=',
      'alert(1)',
      '<meta http-equiv="refresh" content="0;url=https://evil.example">',
      ' onclick="x()"',
      '<svg onload=alert(1)>',
      '<select>',
      '<tr>',
      '</br>',
      '<strong>',
      '<h2 id="x">',
      '<td colspan="2" style="color:red">',
      '<a href="https://example.org/?a=1&b=2" target="_blank">',
      '&',
      '&amp;',
      '<',
      '>',
      '"',
      'text ',
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(fragment, fc.string({ maxLength: 8 })), { maxLength: 20 }), (parts) => {
        const once = sanitizeHtml(parts.join(''));
        expect(sanitizeHtml(once)).toBe(once);
        // Text keeps no raw `<`, so every `<` left opens a tag: each tag and attribute is on the allow-list.
        const tag = /<\/?([a-z0-9]+)((?:\s[^\s=>]+="[^"]*")*)\s*\/?>/g;
        expect(once.replace(tag, '')).not.toContain('<');
        const tags = [...once.matchAll(tag)];
        for (const [, name, attributes] of tags) {
          expect(allowedTags).toContain(name);
          for (const [, attribute, value] of attributes!.matchAll(/\s([^\s=>]+)="([^"]*)"/g)) {
            expect(allowedAttributes[name!] ?? []).toContain(attribute);
            const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value!)?.[1]?.toLowerCase();
            if (attribute === 'href' && scheme) expect(['http', 'https', 'mailto', 'tel']).toContain(scheme);
          }
        }
      }),
      { numRuns: 2000 },
    );
  });
});
