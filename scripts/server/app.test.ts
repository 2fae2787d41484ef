import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { createServer as createHttpServer, type Server } from 'node:http';
import { connect, createServer as createNetServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activateBuild, type BuildManifest } from '../lib/builds.ts';
import { loadEnv } from '../../src/lib/env.ts';
import { AnswerCache } from './answer-cache.ts';
import { CACHE_STATUS_HEADER, createServer, NOT_ALLOWED_MESSAGE } from './app.ts';
import { PUBLIC_API } from './public-api.ts';
import { SITE_HOST_HEADER } from '../../src/lib/site-resolution.ts';

const BIG_HTML = `<!doctype html><html><body>${'<p>Plasterwick fillers for every wall.</p>'.repeat(100)}</body></html>`;

/** Writes a minimal build the way scripts/build.ts lays it out, with an Astro-like middleware entry. */
function writeBuild(buildsDir: string, id: string, homeText: string): void {
  const dir = path.join(buildsDir, id);
  const files: Record<string, string> = {
    'client/index.html': `<!doctype html><title>${homeText}</title><p>${homeText}</p>`,
    'client/diy-filler/index.html': BIG_HTML,
    'client/professional-filler/account/index.html': '<!doctype html><title>My account</title>',
    'client/diy-filler/account/profile/index.html': '<!doctype html><title>Profile</title>',
    'client/diy-filler/category/tools/index.html': '<!doctype html><p>static tools</p>',
    'client/404.html': '<!doctype html><title>Page not found</title>',
    'client/404/diy-filler/index.html': '<!doctype html><title>Page not found</title><p>DIY 404</p>',
    'client/error-fallback.html':
      '<!doctype html><p>An error occurred.</p><a href="/">Back to the home page</a>',
    'client/_astro/app.abc123.js': `console.log(${JSON.stringify('x'.repeat(2000))});`,
    'client/robots.txt': 'User-agent: *\n',
    'client/_redirects': '/old-easy-fill /professional-filler/product/easy-fill 301\n',
    'csp.txt': "default-src 'self'; script-src 'self' 'sha256-test'\n",
    // Astro's middleware handler: renders on-demand routes itself, calls next() for anything else.
    'server/entry.mjs': `let renders = 0;
    export async function handler(req, res, next) {
      if (req.url === '/diy-filler/results/broken') throw new Error('rendering failed');
      if (req.url === '/diy-filler/results/version') {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ version: req.headers['x-storefront-content-version'] ?? null }));
      }
      if (req.url === '/diy-filler/results/host') {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ host: req.headers['x-storefront-host'] ?? null }));
      }
      if (req.url.startsWith('/diy-filler/category/tools?')) {
        // Written in pieces, as Astro does when it streams; long enough to be worth compressing.
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.write('<!doctype html><p>tools on demand</p>');
        res.write('<p>render ' + ++renders + '</p>');
        return res.end(${JSON.stringify('<p>Plasterwick knives and hawks.</p>'.repeat(60))});
      }
      if (req.url.startsWith('/diy-filler/results/private')) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        return res.end('<!doctype html><p>render ' + ++renders + '</p>');
      }
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
    // A login answers with the session cookies, as the back-office does.
    const cookies = req.url?.startsWith('/api/v1/auth/login')
      ? {
          'set-cookie': [
            'pw_session=s3cret; Path=/; HttpOnly; SameSite=Lax',
            'pw_auth=1; Path=/; SameSite=Lax',
          ],
        }
      : {};
    res.writeHead(200, { 'content-type': 'application/json', ...cookies });
    res.end(
      JSON.stringify({
        url: req.url,
        forwardedFor: req.headers['x-forwarded-for'],
        cookie: req.headers.cookie,
      }),
    );
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

  it("answers a missing page under an audience's segment with that audience's 404 page", async () => {
    for (const url of ['/diy-filler/no-such-page', '/diy-filler/news/no-such-page']) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toContain('DIY 404');
    }
    const pro = await app.inject('/professional-filler/no-such-page');
    expect(pro.statusCode).toBe(404);
    expect(pro.body).not.toContain('DIY 404');
    // The page's own URL is unsegmented: it redirects into the pro segment, where it is a 404.
    const own = await app.inject('/404/diy-filler');
    expect(own.statusCode).toBe(301);
    expect(own.headers.location).toBe('/professional-filler/404/diy-filler');
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

  it('renders a category in another order than relevance on demand, the relevance order from its static page', async () => {
    expect((await app.inject('/diy-filler/category/tools?sort=price-asc')).body).toContain('tools on demand');
    expect((await app.inject('/diy-filler/category/tools?sort=relevance')).body).toContain('static tools');
    expect((await app.inject('/diy-filler/category/tools?sort=bogus')).body).toContain('static tools');
    expect((await app.inject('/diy-filler/category/tools')).body).toContain('static tools');
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

  it('drops the staff session cookie before forwarding, and keeps every staff path off the public origin', async () => {
    const forwarded = await app.inject({
      url: '/api/v1/health',
      headers: { cookie: 'pw_staff=staff-secret; pw_session=abc; other=1' },
    });
    expect(forwarded.json().cookie).toBe('pw_session=abc; other=1');
    const alone = await app.inject({ url: '/api/v1/health', headers: { cookie: 'pw_staff=staff-secret' } });
    expect(alone.json().cookie).toBeUndefined();
    for (const [method, url] of [
      ['GET', '/api/v1/staff/me'],
      ['POST', '/api/v1/staff/session'],
      ['GET', '/api/v1/staff/setup?token=x'],
      ['GET', '/api/v1/staff/audit'],
      ['POST', '/api/v1/staff/invitations/accept'],
    ] as const) {
      const response = await app.inject({ method, url, headers: { cookie: 'pw_staff=staff-secret' } });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
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

describe('on-demand answers: compression and the answer cache', () => {
  let app: FastifyInstance;
  let version = 1;
  let versionAvailable = true;
  const cache = new AnswerCache();
  const TOOLS = '/diy-filler/category/tools?sort=price-asc';
  const renderOf = (body: string) => /render (\d+)/.exec(body)?.[1];

  beforeAll(async () => {
    app = await createServer({
      env: loadEnv({ BUILDS_DIR: buildsDir, BACKOFFICE_URL: upstreamUrl, LOG_LEVEL: 'silent' }),
      answerCache: cache,
      contentVersion: async () => {
        if (!versionAvailable) throw new Error('back-office down');
        return version;
      },
    });
  });
  afterAll(() => app.close());

  it('renders once, then answers the same URL from the cache, compressed or not', async () => {
    const first = await app.inject(TOOLS);
    expect(first.headers[CACHE_STATUS_HEADER]).toBe('miss');
    const rendered = renderOf(first.body);
    const again = await app.inject({ url: TOOLS, headers: { 'accept-encoding': 'br' } });
    expect(again.headers[CACHE_STATUS_HEADER]).toBe('hit');
    expect(again.headers['content-encoding']).toBe('br');
    expect(again.headers.vary).toBe('Accept-Encoding');
    expect(Number(again.headers['content-length'])).toBe(again.rawPayload.length);
    expect(brotliDecompressSync(again.rawPayload).toString()).toBe(first.body);
    const gzipped = await app.inject({ url: TOOLS, headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(first.body);
    expect(renderOf(first.body)).toBe(rendered);
    expectSecurityHeaders(again.headers);
    // Our locale cookie is added per answer, never kept in the cache.
    expect(again.headers['set-cookie']).toContain('i18n_redirected=en');
    const withLocale = await app.inject({ url: TOOLS, headers: { cookie: 'i18n_redirected=en' } });
    expect(withLocale.headers['set-cookie']).toBeUndefined();
  });

  it('keys by the full URL with its query', async () => {
    const other = await app.inject(`${TOOLS}&page=2`);
    expect(other.headers[CACHE_STATUS_HEADER]).toBe('miss');
    expect(renderOf(other.body)).not.toBe(renderOf((await app.inject(TOOLS)).body));
  });

  it('renders again after a content change, never serving the older page', async () => {
    const before = renderOf((await app.inject(TOOLS)).body);
    version += 1;
    // The version is asked again at most once a second.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const after = await app.inject(TOOLS);
    expect(after.headers[CACHE_STATUS_HEADER]).toBe('miss');
    expect(renderOf(after.body)).not.toBe(before);
  });

  it.each([
    ['a session', { cookie: 'pw_session=abc' }],
    ['the login indicator', { cookie: 'a=1; pw_auth=1' }],
    ['a cart token', { 'x-cart-token': 'cart-1' }],
    ['an Authorization header', { authorization: 'Bearer x' }],
    ['a preview token', { 'x-preview-token': 'p' }],
  ])('never answers a request carrying %s from the cache, nor keeps its answer', async (_what, headers) => {
    await app.inject(TOOLS);
    const size = cache.size;
    const response = await app.inject({ url: TOOLS, headers });
    expect(response.headers[CACHE_STATUS_HEADER]).toBe('bypass');
    expect(cache.size).toBe(size);
  });

  it('never keeps a POST, an answer that sets a cookie or says no-store', async () => {
    const post = await app.inject({ method: 'POST', url: TOOLS, payload: 'a=1' });
    expect(post.headers[CACHE_STATUS_HEADER]).toBe('bypass');
    for (const url of ['/diy-filler/results/easy%20fill', '/diy-filler/results/private']) {
      await app.inject(url);
      const again = await app.inject(url);
      expect(again.headers[CACHE_STATUS_HEADER], url).toBe('bypass');
    }
    expect((await app.inject('/diy-filler/results/easy%20fill')).headers['set-cookie']).toContain(
      'astro=1; Path=/',
    );
  });

  it("hands Astro the content version it keys answers by, never the visitor's", async () => {
    const sent = await app.inject({
      url: '/diy-filler/results/version',
      headers: { 'x-storefront-content-version': '999' },
    });
    expect(sent.json()).toEqual({ version: String(version) });
  });

  it('renders without the cache while the content version is unknown', async () => {
    versionAvailable = false;
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const response = await app.inject(TOOLS);
    expect(response.statusCode).toBe(200);
    expect(response.headers[CACHE_STATUS_HEADER]).toBe('bypass');
    const forged = await app.inject({
      url: '/diy-filler/results/version',
      headers: { 'x-storefront-content-version': '999' },
    });
    expect(forged.json()).toEqual({ version: null });
    versionAvailable = true;
  });

  it('compresses built pages once and gives each encoding its own ETag', async () => {
    const plain = await app.inject('/diy-filler');
    const br = await app.inject({ url: '/diy-filler', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.headers.etag).not.toBe(plain.headers.etag);
    const again = await app.inject({
      url: '/diy-filler',
      headers: { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('the account area guard (spec §6)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await server();
  });
  afterAll(() => app.close());

  it.each([
    ['/professional-filler/account', '/'],
    ['/professional-filler/account/', '/'],
    ['/professional-filler/account/orders', '/'],
    ['/professional-filler/account/orders/PW-000123', '/'],
    ['/diy-filler/account/profile', '/diy-filler'],
    ['/diy-filler/%61ccount/profile', '/diy-filler'],
    ['/diy-filler//account', '/diy-filler'],
    ['/professional-filler/account?next=x', '/'],
  ])('sends %s home to %s without the login cookie, uncached', async (url, home) => {
    for (const cookie of [undefined, 'pw_auth=0', 'other=1; pw_auth=', 'xpw_auth=1']) {
      const response = await app.inject({ url, headers: cookie ? { cookie } : {} });
      expect(response.statusCode, `${url} ${cookie}`).toBe(302);
      expect(response.headers.location).toBe(home);
      expect(response.headers['cache-control']).toBe('no-store');
      expectSecurityHeaders(response.headers);
    }
  });

  it('serves the account pages with the login cookie, never to a shared cache', async () => {
    for (const url of ['/professional-filler/account', '/diy-filler/account/profile/']) {
      const response = await app.inject({ url, headers: { cookie: 'pw_locale=en-GB; pw_auth=1' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control']).toBe('private, no-store');
    }
  });

  it('leaves the pages around the account area alone', async () => {
    for (const url of ['/professional-filler/accounting', '/diy-filler/', '/professional-filler/login']) {
      const response = await app.inject(url);
      expect(response.statusCode, url).not.toBe(302);
    }
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

describe('the public /api/v1', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await server();
  });
  afterAll(() => app.close());

  it('forwards every public call', async () => {
    expect(PUBLIC_API.length).toBeGreaterThan(20);
    for (const call of PUBLIC_API) {
      const url = `/api/v1${call.path.replace(':id', '12').replace(':code', '3760123450011').replace('*', 'a/b.png')}`;
      const response = await app.inject({
        method: call.method,
        url,
        payload: call.method === 'POST' ? {} : undefined,
      });
      expect(response.statusCode, `${call.method} ${url}`).toBe(200);
      expect(response.json(), url).toMatchObject({ url });
    }
  });

  it.each([
    ['GET', '/api/v1/contact'],
    ['GET', '/api/v1/contact/1'],
    ['PUT', '/api/v1/contact'],
    ['GET', '/api/v1/page/preview/1?token=x'],
    ['GET', '/api/v1/openapi.json'],
    ['GET', '/api/v1/docs'],
    ['GET', '/api/v1/docs/'],
    ['POST', '/api/v1/faq'],
    ['PUT', '/api/v1/product'],
    ['DELETE', '/api/v1/page?id=1'],
    ['POST', '/api/v1/site'],
    ['GET', '/api/v1//page/preview/1'],
    ['OPTIONS', '/api/v1/product'],
  ] as const)('answers 404 to %s %s without asking the back-office', async (method, url) => {
    const response = await app.inject({ method, url, headers: { 'x-api-key': 'k'.repeat(40) } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: 'not_found' });
    expect(response.body).not.toContain('"url"');
    expectSecurityHeaders(response.headers);
  });

  it('compresses forwarded answers for clients that accept it, whole', async () => {
    for (const encoding of ['gzip', 'br']) {
      const response = await app.inject({
        url: '/api/v1/health?pad=1',
        headers: { 'accept-encoding': encoding },
      });
      const body =
        encoding === 'gzip' ? gunzipSync(response.rawPayload) : brotliDecompressSync(response.rawPayload);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(JSON.parse(body.toString())).toMatchObject({ url: '/api/v1/health?pad=1' });
    }
  });

  it('refuses a body over 1 MB with 413 before it travels', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      headers: { 'content-type': 'application/json' },
      payload: `{"message":"${'x'.repeat(2 * 1024 * 1024)}"}`,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ status: 'invalid_request' });
  });

  it('lets the job application carry a CV of up to 5 MB, and no more than 6 MB', async () => {
    const multipart = (bytes: number) => ({
      method: 'POST' as const,
      url: '/api/v1/application',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
      payload: Buffer.alloc(bytes, 0x61),
    });
    const forwarded = await app.inject(multipart(5 * 1024 * 1024 + 10));
    expect(forwarded.statusCode).toBe(200);
    expect(forwarded.json()).toMatchObject({ url: '/api/v1/application' });
    const refused = await app.inject(multipart(7 * 1024 * 1024));
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({ message: 'Request body is too large (6 MB at most)' });
  });

  it('passes the session cookie to the back-office and its cookies back to the browser', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['set-cookie']).toEqual([
      'pw_session=s3cret; Path=/; HttpOnly; SameSite=Lax',
      'pw_auth=1; Path=/; SameSite=Lax',
    ]);
    const me = await app.inject({ url: '/api/v1/me', headers: { cookie: 'pw_session=s3cret; pw_auth=1' } });
    expect(me.json()).toMatchObject({ url: '/api/v1/me', cookie: 'pw_session=s3cret; pw_auth=1' });
  });

  it('does not forward hop-by-hop headers or Expect', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      headers: { expect: '100-continue', connection: 'close', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('the /api/v1 forwarding when the back-office misbehaves', () => {
  it('answers 503 with Retry-After and a JSON body when the back-office is unreachable', async () => {
    const closed = createHttpServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const app = await server({ BACKOFFICE_URL: `http://127.0.0.1:${port}` });
    for (const method of ['GET', 'POST'] as const) {
      const url = method === 'GET' ? '/api/v1/health' : '/api/v1/contact';
      const response = await app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toEqual({
        status: 'service_unavailable',
        message: 'The shop is restarting a service: please try again in a few seconds',
      });
      expect(response.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
    }
    await app.close();
  });

  it('answers 502 when the back-office answer is not HTTP', async () => {
    const garbage = createNetServer((socket) =>
      socket.end('NOT HTTP AT ALL\r\n\r\n', () => socket.destroy()),
    );
    await new Promise<void>((resolve) => garbage.listen(0, '127.0.0.1', resolve));
    const app = await server({
      BACKOFFICE_URL: `http://127.0.0.1:${(garbage.address() as AddressInfo).port}`,
    });
    const response = await app.inject('/api/v1/health');
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ status: 'bad_gateway' });
    await app.close();
    await new Promise((resolve) => garbage.close(resolve));
  });
});

describe('answers outside the router', () => {
  let app: FastifyInstance;
  let origin: string;
  beforeAll(async () => {
    app = await server({ ALLOWED_IPS: '127.0.0.1' });
    origin = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app.close());

  /** A raw HTTP/1.1 exchange from `localAddress`, so nothing normalises the request line. */
  function raw(request: string, localAddress = '127.0.0.1'): Promise<string> {
    const { port } = new URL(origin);
    return new Promise((resolve, reject) => {
      const socket = connect({ port: Number(port), host: '127.0.0.1', localAddress }, () =>
        socket.write(request),
      );
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
      socket.on('end', () => resolve(answer));
      socket.on('error', reject);
      socket.setTimeout(5_000, () => socket.destroy(new Error('no answer')));
    });
  }

  it('a malformed escape is a 400 with the security headers, or the 401 outside the allow-list', async () => {
    const inside = await raw('GET /%zz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(inside).toMatch(/^HTTP\/1\.1 400/);
    expect(inside).toMatch(/x-frame-options: SAMEORIGIN/i);
    expect(inside).toMatch(/content-security-policy: default-src 'self'/i);
    const outside = await raw('GET /%zz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', '127.0.0.2');
    expect(outside).toMatch(/^HTTP\/1\.1 401/);
    expect(outside).toContain(NOT_ALLOWED_MESSAGE);
  });

  it('headers too large are a 431 with the security headers, or the 401 outside the allow-list', async () => {
    const huge = `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`;
    const inside = await raw(huge);
    expect(inside).toMatch(/^HTTP\/1\.1 431/);
    expect(inside).toMatch(/x-content-type-options: nosniff/i);
    expect(await raw(huge, '127.0.0.2')).toMatch(/^HTTP\/1\.1 401/);
  });

  it('forwards a POST sent with Expect: 100-continue, and closes the connection when asked', async () => {
    const answer = await raw(
      'POST /api/v1/contact HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Type: application/json\r\n' +
        'Content-Length: 2\r\nConnection: close\r\n\r\n{}',
    );
    expect(answer).toMatch(/HTTP\/1\.1 200 OK/);
    expect(answer).toMatch(/connection: close/i);
    expect(answer).toContain('"url":"/api/v1/contact"');
  });

  it('a GET sent with a body does not leave bytes for the next call on the back-office connection', async () => {
    const withBody = await raw(
      'GET /api/v1/health HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 10\r\n' +
        'Connection: close\r\n\r\n{"id":"x"}',
    );
    expect(withBody).toMatch(/^HTTP\/1\.1 200/);
    for (let call = 0; call < 3; call++) {
      const next = await raw('GET /api/v1/content-version HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      expect(next).toMatch(/^HTTP\/1\.1 200/);
      expect(next).toContain('"url":"/api/v1/content-version"');
    }
  });

  it('an Expect other than 100-continue is served as usual, with the security headers', async () => {
    const answer = await raw('GET / HTTP/1.1\r\nHost: x\r\nExpect: fuzz\r\nConnection: close\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toMatch(/x-frame-options: SAMEORIGIN/i);
  });

  it('a bogus Content-Encoding is forwarded for the back-office to judge, never a 500', async () => {
    const answer = await raw(
      'POST /api/v1/contact HTTP/1.1\r\nHost: x\r\nContent-Encoding: bogus\r\nContent-Type: application/json\r\n' +
        'Content-Length: 2\r\nConnection: close\r\n\r\n{}',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
  });

  it('TRACE and other methods a page does not take are 405, never 500', async () => {
    for (const method of ['TRACE', 'PUT', 'DELETE', 'OPTIONS']) {
      const answer = await raw(
        `${method} /diy-filler/results/x HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
      );
      expect(answer, method).toMatch(/^HTTP\/1\.1 405/);
      expect(answer, method).toMatch(/allow: GET, HEAD, POST/i);
    }
  });

  it('a page named with NUL is a 404, never rendered; a surrogate encoded in UTF-8 is a malformed URL', async () => {
    const get = (url: string) => raw(`GET ${url} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    for (const url of [
      '/diy-filler/results/%00',
      '/diy-filler/results/x?q=a%00',
      '/diy-filler/results/%C0%80',
    ]) {
      expect(await get(url), url).toMatch(/^HTTP\/1\.1 (404|400)/);
    }
    expect(await get('/diy-filler/results/%00')).toMatch(/^HTTP\/1\.1 404/);
    expect(await get('/diy-filler/results/x?q=a%00')).toMatch(/^HTTP\/1\.1 404/);
    expect(await get('/diy-filler/results/a%ED%A0%80')).toMatch(/^HTTP\/1\.1 400/);
  });
});

describe('who the client is behind a proxy', () => {
  it('by default X-Forwarded-For is ignored: the peer is the client', async () => {
    const app = await server({ ALLOWED_IPS: '127.0.0.1' });
    const response = await app.inject({
      url: '/',
      remoteAddress: '127.0.0.3',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(response.statusCode).toBe(401);
    await app.close();
  });

  it('with TRUST_PROXY naming a proxy, only that proxy may name the client', async () => {
    const app = await server({ ALLOWED_IPS: '127.0.0.1', TRUST_PROXY: '127.0.0.2' });
    const spoofed = await app.inject({
      url: '/',
      remoteAddress: '127.0.0.3',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(spoofed.statusCode).toBe(401);
    const proxied = await app.inject({
      url: '/',
      remoteAddress: '127.0.0.2',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(proxied.statusCode).toBe(200);
    await app.close();
  });

  it("hands Astro the Host, never a visitor's X-Forwarded-Host or own site-host header", async () => {
    const app = await server();
    const response = await app.inject({
      url: '/diy-filler/results/host',
      headers: {
        host: 'shop.example:4321',
        'x-forwarded-host': 'evil.example',
        [SITE_HOST_HEADER]: 'evil.example',
      },
    });
    expect(response.json()).toEqual({ host: 'shop.example:4321' });
    await app.close();
  });

  it('hands Astro the X-Forwarded-Host of a trusted proxy only', async () => {
    const app = await server({ TRUST_PROXY: '127.0.0.2' });
    const headers = { host: 'internal.example', 'x-forwarded-host': 'www.plasterwick.co.uk' };
    const proxied = await app.inject({
      url: '/diy-filler/results/host',
      remoteAddress: '127.0.0.2',
      headers,
    });
    expect(proxied.json()).toEqual({ host: 'www.plasterwick.co.uk' });
    const direct = await app.inject({ url: '/diy-filler/results/host', remoteAddress: '127.0.0.3', headers });
    expect(direct.json()).toEqual({ host: 'internal.example' });
    await app.close();
  });

  it('forwards the client it worked out to the back-office', async () => {
    const app = await server({ TRUST_PROXY: '127.0.0.2' });
    const response = await app.inject({
      url: '/api/v1/health',
      remoteAddress: '127.0.0.2',
      headers: { 'x-forwarded-for': '10.9.9.9' },
    });
    expect(response.json()).toMatchObject({ forwardedFor: '10.9.9.9' });
    await app.close();
  });
});
