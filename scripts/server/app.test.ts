import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activateBuild, type BuildManifest } from '../lib/builds.ts';
import { loadEnv } from '../lib/env.ts';
import { createServer, NOT_ALLOWED_MESSAGE } from './app.ts';

const BIG_HTML = `<!doctype html><html><body>${'<p>Plasterwick fillers for every wall.</p>'.repeat(100)}</body></html>`;

/** Writes a minimal build the way scripts/build.ts lays it out, with an Astro-like middleware entry. */
function writeBuild(buildsDir: string, id: string, homeText: string): void {
  const dir = path.join(buildsDir, id);
  const files: Record<string, string> = {
    'client/index.html': `<!doctype html><title>${homeText}</title><p>${homeText}</p>`,
    'client/diy-filler/index.html': BIG_HTML,
    'client/404.html': '<!doctype html><title>Page not found</title>',
    'client/error-fallback.html':
      '<!doctype html><p>An error occurred.</p><a href="/">Back to the home page</a>',
    'client/_astro/app.abc123.js': `console.log(${JSON.stringify('x'.repeat(2000))});`,
    'client/robots.txt': 'User-agent: *\n',
    'client/_redirects': '/old-easy-fill /professional-filler/product/easy-fill 301\n',
    'csp.txt': "default-src 'self'; script-src 'self' 'sha256-test'\n",
    // Astro's middleware handler: renders on-demand routes itself, calls next() for anything else.
    'server/entry.mjs': `export async function handler(req, res, next) {
      if (req.url === '/diy-filler/results/broken') throw new Error('rendering failed');
      if (!req.url.startsWith('/diy-filler/results/')) return next();
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'set-cookie': 'astro=1; Path=/' });
      res.end('<!doctype html><p>results for ' + decodeURIComponent(req.url.split('/')[3]) + '</p>');
    }`,
  };
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), content);
  }
  const manifest: BuildManifest = {
    id,
    createdAt: new Date().toISOString(),
    contentVersion: 1,
    backofficeUrl: 'http://127.0.0.1:1',
    siteUrl: 'http://localhost:4321',
    productCount: 1,
    categoryCount: 1,
    pageCount: 3,
    pages: { home: 2, error: 1 },
    redirectCount: 1,
    inlineScriptHashes: 1,
    astroMs: 1,
    durationMs: 1,
  };
  writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
}

let buildsDir: string;
let upstream: Server;
let upstreamUrl: string;

beforeAll(async () => {
  buildsDir = mkdtempSync(path.join(os.tmpdir(), 'server-test-'));
  writeBuild(buildsDir, '20260101T000000-aaaaaa', 'First build');
  activateBuild(buildsDir, '20260101T000000-aaaaaa');
  const pagefindDir = path.join(buildsDir, '20260101T000000-aaaaaa', 'client/pagefind');
  mkdirSync(pagefindDir, { recursive: true });
  mkdirSync(path.join(pagefindDir, 'filter'));
  for (const file of ['pagefind.en_1.pf_meta', 'filter/en_2.pf_filter', 'wasm.en.pagefind'])
    writeFileSync(path.join(pagefindDir, file), gzipSync('pagefind index '.repeat(200)));
  upstream = createHttpServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ url: req.url, forwardedFor: req.headers['x-forwarded-for'] }));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => upstream.close(resolve));
  rmSync(buildsDir, { recursive: true, force: true });
});

async function server(env: Record<string, string> = {}): Promise<FastifyInstance> {
  return createServer({
    env: loadEnv({ BUILDS_DIR: buildsDir, BACKOFFICE_URL: upstreamUrl, LOG_LEVEL: 'silent', ...env }),
  });
}

function expectSecurityHeaders(headers: Record<string, unknown>) {
  expect(headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['content-security-policy']).toBe("default-src 'self'; script-src 'self' 'sha256-test'");
}

describe('production server', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await server();
  });
  afterAll(() => app.close());

  it('serves a page with security headers, short caching and the locale cookie', async () => {
    const response = await app.inject('/');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('First build');
    expectSecurityHeaders(response.headers);
    expect(response.headers['cache-control']).toBe('public, max-age=60, must-revalidate');
    expect(response.headers['set-cookie']).toBe('i18n_redirected=en; Max-Age=31536000; Path=/; SameSite=Lax');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('answers a page again with 304 when the browser has it', async () => {
    const first = await app.inject('/diy-filler');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const again = await app.inject({ url: '/diy-filler', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('leaves the locale cookie alone when the visitor has it, and off non-HTML files', async () => {
    const withCookie = await app.inject({ url: '/', headers: { cookie: 'a=1; i18n_redirected=en' } });
    expect(withCookie.headers['set-cookie']).toBeUndefined();
    const asset = await app.inject('/_astro/app.abc123.js');
    expect(asset.headers['set-cookie']).toBeUndefined();
  });

  it('caches hashed assets forever and compresses them', async () => {
    const response = await app.inject({
      url: '/_astro/app.abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('br');
    expectSecurityHeaders(response.headers);
  });

  it.each(['pagefind.en_1.pf_meta', 'filter/en_2.pf_filter', 'wasm.en.pagefind'])(
    'sends the pagefind file %s (already gzipped) as it is, without a false content-encoding',
    async (file) => {
      const response = await app.inject({
        url: `/pagefind/${file}`,
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(gunzipSync(response.rawPayload).toString()).toContain('pagefind index');
    },
  );
  it('gzips pages for clients without brotli', async () => {
    const response = await app.inject({ url: '/diy-filler/', headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it('answers the built 404 page with headers for unknown paths', async () => {
    const response = await app.inject('/diy-filler/no-such-page');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('Page not found');
    expectSecurityHeaders(response.headers);
    expect(response.headers['set-cookie']).toContain('i18n_redirected=en');
  });

  it('hands on-demand routes to Astro, keeping its cookies and adding ours and the headers', async () => {
    const response = await app.inject('/diy-filler/results/easy%20fill');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('results for easy fill');
    expectSecurityHeaders(response.headers);
    expect(response.headers['set-cookie']).toEqual([
      'astro=1; Path=/',
      expect.stringContaining('i18n_redirected=en'),
    ]);
  });

  it('answers the fallback page with a link home when rendering fails and there is no 500 page', async () => {
    const response = await app.inject('/diy-filler/results/broken');
    expect(response.statusCode).toBe(500);
    expect(response.body).toContain('<a href="/">');
    expectSecurityHeaders(response.headers);
  });

  it.each([
    ['/old-easy-fill', '/professional-filler/product/easy-fill'],
    ['/old-easy-fill/?ref=mail', '/professional-filler/product/easy-fill?ref=mail'],
    ['/professional-filler', '/'],
    ['/contact?x=1', '/professional-filler/contact?x=1'],
  ])('redirects %s with a 301 to %s', async (url, location) => {
    const response = await app.inject(url);
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe(location);
    expectSecurityHeaders(response.headers);
  });

  it('forwards /api/v1 to the back-office with the visitor address', async () => {
    const response = await app.inject({ url: '/api/v1/health?x=1', remoteAddress: '10.1.2.3' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ url: '/api/v1/health?x=1', forwardedFor: '10.1.2.3' });
  });

  it('answers 400, not 500, to a malformed URL', async () => {
    const response = await app.inject('/diy-filler/%E0%A4%A');
    expect(response.statusCode).toBe(400);
  });

  it('picks up a swapped build without a restart', async () => {
    writeBuild(buildsDir, '20260102T000000-bbbbbb', 'Second build');
    activateBuild(buildsDir, '20260102T000000-bbbbbb');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await app.inject('/')).body).toContain('Second build');
  });
});

describe('production server options', () => {
  it('answers 401 to addresses outside ALLOWED_IPS', async () => {
    const app = await server({ ALLOWED_IPS: '127.0.0.1, 10.0.0.5' });
    const denied = await app.inject({ url: '/', remoteAddress: '127.0.0.2' });
    expect(denied.statusCode).toBe(401);
    expect(denied.body).toBe(NOT_ALLOWED_MESSAGE);
    expectSecurityHeaders(denied.headers);
    expect((await app.inject({ url: '/', remoteAddress: '::ffff:10.0.0.5' })).statusCode).toBe(200);
    await app.close();
  });

  it('redirects other hosts to CANONICAL_HOST', async () => {
    const app = await server({ CANONICAL_HOST: 'www.plasterwick.co.uk' });
    const bare = await app.inject({ url: '/diy-filler?a=1', headers: { host: 'plasterwick.co.uk' } });
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe('http://www.plasterwick.co.uk/diy-filler?a=1');
    const canonical = await app.inject({ url: '/', headers: { host: 'www.plasterwick.co.uk' } });
    expect(canonical.statusCode).toBe(200);
    await app.close();
  });

  it('sends HSTS when a trusted proxy says the request was HTTPS', async () => {
    const app = await server({ TRUST_PROXY: 'true' });
    const response = await app.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    await app.close();
  });

  it('refuses to start without a build, saying what to run', async () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), 'server-empty-'));
    await expect(createServer({ env: loadEnv({ BUILDS_DIR: empty, LOG_LEVEL: 'silent' }) })).rejects.toThrow(
      /npm run build/,
    );
    rmSync(empty, { recursive: true });
  });
});
