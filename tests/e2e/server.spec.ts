/**
 * The production server over HTTP (tagged @http: runs in the desktop project only): redirects, headers, the
 * allow-list, /api/v1 forwarding, the locale cookie and compression, against the real build.
 * Run: npx playwright test tests/e2e/server.spec.ts
 */
import { expect, test, type APIResponse } from '@playwright/test';
import { fixedRedirects } from '../../redirects.mjs';
import { e2e, startExtraServer, type RunningServer } from './support/harness.ts';
import { rawGet } from './support/http.ts';

const http = { tag: '@http' };

interface UrlItem {
  entity_type: string;
  slug: string;
  exist_in: number[];
}

async function backoffice<T>(path: string): Promise<T> {
  const response = await fetch(
    `${e2e.backofficeURL}/api/v1${path}${path.includes('?') ? '&' : '?'}site_id=3&lang=en`,
  );
  expect(response.status, path).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

function expectSecurityHeaders(response: APIResponse) {
  const headers = response.headers();
  expect(headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  const csp = headers['content-security-policy'] ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).toMatch(/script-src 'self' 'wasm-unsafe-eval'/);
  expect(csp).toContain("frame-ancestors 'self'");
}

test.describe('redirects', () => {
  test('/professional-filler answers 301 to /', http, async ({ request }) => {
    const response = await request.get('/professional-filler', { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toBe('/');
  });

  test('an un-segmented path answers 301 to its pro-segment URL', http, async ({ request }) => {
    const response = await request.get('/contact?from=mail', { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toBe('/professional-filler/contact?from=mail');
  });

  test(
    'a product missing from an audience answers 301 to the audience that has it',
    http,
    async ({ request }) => {
      const { items } = await backoffice<{ items: UrlItem[] }>('/url');
      const segment: Record<number, string> = { 1: 'professional-filler', 2: 'diy-filler' };
      const single = items.find((item) => item.entity_type === 'product' && item.exist_in.length === 1);
      expect(single, 'the seed has a product sold to one audience only').toBeDefined();
      const home = single!.exist_in[0]!;
      const other = home === 1 ? 2 : 1;
      const response = await request.get(`/${segment[other]}/product/${single!.slug}`, { maxRedirects: 0 });
      expect(response.status()).toBe(301);
      expect(response.headers().location).toBe(`/${segment[home]}/product/${single!.slug}`);
      const target = await request.get(response.headers().location!);
      expect(target.status()).toBe(200);
    },
  );

  test('old URLs of the back-office table answer 301', http, async ({ request }) => {
    const { items } = await backoffice<{ items: { from: string; to: string }[] }>('/redirect');
    expect(items.length).toBeGreaterThan(0);
    const froms = new Set([...items, ...fixedRedirects].map((item) => item.from.replace(/\/$/, '')));
    // A rule whose target is itself redirected (by the table or the fixed rules) is collapsed into one hop.
    const collapsed = items.find((item) => item.to === '/professional-filler');
    if (collapsed) {
      const response = await request.get(collapsed.from, { maxRedirects: 0 });
      expect(response.headers().location, collapsed.from).toBe('/');
    }
    const direct = items.filter((item) => !froms.has(item.to.replace(/\/$/, ''))).slice(0, 10);
    expect(direct.length).toBeGreaterThan(0);
    for (const item of direct) {
      const response = await request.get(item.from, { maxRedirects: 0 });
      expect(response.status(), item.from).toBe(301);
      expect(response.headers().location, item.from).toBe(
        item.to.length > 1 ? item.to.replace(/\/$/, '') : item.to,
      );
    }
  });

  test.describe('with CANONICAL_HOST', () => {
    let server: RunningServer;
    test.beforeAll(async () => {
      server = await startExtraServer(e2e.port + 2, { CANONICAL_HOST: 'www.plasterwick.test' });
    });
    test.afterAll(() => server.stop());

    test('the bare host answers 301 to the canonical host', http, async () => {
      const bare = await rawGet(`${server.url}/diy-filler?x=1`, { headers: { host: 'plasterwick.test' } });
      expect(bare.status).toBe(301);
      expect(bare.headers.location).toBe('http://www.plasterwick.test/diy-filler?x=1');
      const canonical = await rawGet(`${server.url}/`, { headers: { host: 'www.plasterwick.test' } });
      expect(canonical.status).toBe(200);
    });
  });
});

test.describe('headers', () => {
  test('a page carries the security headers, short caching and is compressed', http, async ({ request }) => {
    const response = await request.get('/', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.status()).toBe(200);
    expectSecurityHeaders(response);
    expect(response.headers()['content-type']).toContain('text/html');
    expect(response.headers()['content-encoding']).toBe('br');
    expect(response.headers()['cache-control']).toContain('max-age=60');
  });

  test(
    'an on-demand page is rendered once, then answered from the cache, never for a session',
    http,
    async ({ request }) => {
      const url = `/professional-filler/results/${encodeURIComponent(`filler ${Date.now()}`)}`;
      const outcomes: string[] = [];
      // Another test's content write between two asks moves the key: a few asks always meet a hit.
      for (let ask = 0; ask < 4 && !outcomes.includes('hit'); ask += 1) {
        const response = await request.get(url, { headers: { 'accept-encoding': 'br' } });
        expect(response.status()).toBe(200);
        expect(response.headers()['content-encoding']).toBe('br');
        outcomes.push(response.headers()['x-cache'] ?? 'none');
      }
      expect(outcomes[0]).toBe('miss');
      expect(outcomes).toContain('hit');
      const withSession = await request.get(url, { headers: { cookie: 'pw_session=someone' } });
      expect(withSession.headers()['x-cache']).toBe('bypass');
    },
  );

  test('a hashed asset is immutable, compressed and has the headers', http, async ({ request }) => {
    const html = await (await request.get('/')).text();
    const asset = /(?:src|href)="(\/_astro\/[^"]+\.(?:js|css))"/.exec(html)?.[1];
    expect(asset, 'the home page links a hashed asset').toBeDefined();
    const response = await request.get(asset!, { headers: { 'accept-encoding': 'gzip' } });
    expect(response.status()).toBe(200);
    expectSecurityHeaders(response);
    expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    const size = Number(response.headers()['content-length'] ?? Infinity);
    if (size >= 1024) expect(response.headers()['content-encoding']).toBe('gzip');
  });

  test('a missing page answers the built 404 page with the headers', http, async ({ request }) => {
    const response = await request.get('/diy-filler/product/no-such-product-anywhere');
    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).toContain('text/html');
    expectSecurityHeaders(response);
  });
});

test.describe('the site of a page (spec §7 site lookup)', () => {
  test('static and on-demand pages name the build site; any Host renders with it', http, async () => {
    const home = await rawGet(`${e2e.baseURL}/`);
    expect(home.body).toMatch(/<html[^>]* data-site-id="3"/);
    // SITE_URL's host, a forged one, one with a stray port: never a 5xx, always a site.
    for (const host of ['127.0.0.1', 'evil.example', 'localhost:1', `${'a'.repeat(60)}.example`]) {
      const page = await rawGet(`${e2e.baseURL}/diy-filler/results/filler`, {
        headers: { host, 'x-forwarded-host': 'evil.example' },
      });
      expect(page.status, host).toBe(200);
      expect(page.body, host).toMatch(/<html[^>]* data-site-id="3"/);
    }
  });
});

test('/api/v1 is forwarded to the back-office', http, async ({ request }) => {
  const response = await request.get('/api/v1/health');
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ status: 'ok' });
  expectSecurityHeaders(response);
});

test('HTML responses set the locale cookie for a year', http, async ({ page, context }) => {
  await page.goto('/diy-filler');
  const cookie = (await context.cookies()).find((item) => item.name === 'i18n_redirected');
  expect(cookie).toMatchObject({ value: 'en', path: '/', sameSite: 'Lax' });
  const days = (cookie!.expires - Date.now() / 1000) / 86_400;
  expect(days).toBeGreaterThan(364);
  expect(days).toBeLessThanOrEqual(365);
});

test.describe('with ALLOWED_IPS', () => {
  let server: RunningServer;
  test.beforeAll(async () => {
    server = await startExtraServer(e2e.port + 3, { ALLOWED_IPS: '127.0.0.1', HOST: '127.0.0.1' });
  });
  test.afterAll(() => server.stop());

  test('an address outside the list gets 401 with the spec text', http, async () => {
    const denied = await rawGet(`${server.url}/`, { localAddress: '127.0.0.2' });
    expect(denied.status).toBe(401);
    expect(denied.body).toBe('You are not allowed to access this application');
    expect(denied.headers['x-frame-options']).toBe('SAMEORIGIN');
    const allowed = await rawGet(`${server.url}/`, { localAddress: '127.0.0.1' });
    expect(allowed.status).toBe(200);
  });
});

test('pages run under the CSP without a violation', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
      violations.push(message.text());
  });
  for (const path of ['/', '/diy-filler', '/diy-filler/frequently-asked-questions']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await page.waitForLoadState('networkidle');
  }
  expect(violations).toEqual([]);
});
