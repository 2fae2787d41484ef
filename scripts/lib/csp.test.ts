import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CSP_SOURCES } from '../../src/lib/csp.ts';
import { buildPolicy, inlineScripts, scriptHash } from './csp.ts';

describe('inlineScripts', () => {
  it('finds executable inline scripts only', () => {
    const html = `<head><script type="module">import './a.js';</script><script src="/_astro/x.js"></script>
      <script type="application/ld+json">{"@type":"Product"}</script><SCRIPT>window.a = 1</SCRIPT>
      <script type=importmap>{"imports":{}}</script><script async type="text/javascript">b()</script></head>`;
    expect(inlineScripts(html)).toEqual(["import './a.js';", 'window.a = 1', '{"imports":{}}', 'b()']);
  });
});

describe('scriptHash', () => {
  it('is the base64 sha256 of the exact UTF-8 body, as browsers compute it', () => {
    const body = "document.title = '12,50 £';\n";
    const expected = createHash('sha256').update(Buffer.from(body, 'utf8')).digest('base64');
    expect(scriptHash(body)).toBe(`'sha256-${expected}'`);
    // A known vector: sha256 of the empty string.
    expect(scriptHash('')).toBe("'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='");
  });
});

describe('buildPolicy', () => {
  it('appends sorted, unique hashes to script-src and keeps the other directives', () => {
    const policy = buildPolicy(CSP_SOURCES, ["'sha256-b'", "'sha256-a'", "'sha256-b'"]);
    expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval' 'sha256-a' 'sha256-b';");
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("worker-src 'self' blob:");
    expect(policy).toContain("img-src 'self' data: blob:");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).toContain('frame-src https://www.youtube-nocookie.com');
  });
});
