/** Content-Security-Policy built at build time: the sources of src/lib/csp.ts plus hashes of inline scripts. */
import { createHash } from 'node:crypto';
import type { CspDirective } from '../../src/lib/csp.ts';

const SCRIPT_RE = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
/** Script types the browser executes (or, for import maps, parses under script-src). */
const EXECUTABLE_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript', 'importmap']);

/** Bodies of the inline scripts of `html` that CSP governs (no `src`, no data types such as JSON-LD). */
export function inlineScripts(html: string): string[] {
  const bodies: string[] = [];
  for (const match of html.matchAll(SCRIPT_RE)) {
    const attributes = match[1] ?? '';
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1]?.toLowerCase() ?? '';
    if (!EXECUTABLE_TYPES.has(type)) continue;
    bodies.push(match[2] ?? '');
  }
  return bodies;
}

/** CSP source expression for a script body: the browser hashes the exact text between the tags, as UTF-8. */
export function scriptHash(body: string): string {
  return `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`;
}

/** The policy header: each directive's sources, with `hashes` appended to script-src, sorted and de-duplicated. */
export function buildPolicy(
  sources: Readonly<Record<CspDirective, readonly string[]>>,
  hashes: Iterable<string>,
): string {
  const extra = [...new Set(hashes)].sort();
  return Object.entries(sources)
    .map(([directive, list]) => {
      const values = directive === 'script-src' ? [...list, ...extra] : [...list];
      return `${directive} ${[...new Set(values)].join(' ')}`;
    })
    .join('; ');
}
