import { describe, expect, it } from 'vitest';
import type { FuzzRequest } from './cases.ts';
import {
  checkFollowUp,
  checkResponse,
  findInternalText,
  isOffsiteRedirect,
  markupOutsideValues,
  needsFollowUp,
  type FuzzResponse,
} from './checks.ts';

const origin = 'http://127.0.0.1:4321';
const secure = {
  'x-frame-options': 'SAMEORIGIN',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'self'",
};

function req(fields: Partial<FuzzRequest> = {}): FuzzRequest {
  return {
    target: 'backoffice',
    route: 'GET /api/v1/product/{id}',
    name: 'path id: nul',
    method: 'GET',
    path: '/api/v1/product/%00',
    headers: {},
    quick: false,
    ...fields,
  };
}

function res(fields: Partial<FuzzResponse> = {}): FuzzResponse {
  return {
    status: 400,
    headers: { 'content-type': 'application/json' },
    body: '{"status":"invalid_request"}',
    ...fields,
  };
}

const kinds = (request: FuzzRequest, response: FuzzResponse) =>
  checkResponse(request, response, origin).map((failure) => failure.kind);

describe('status', () => {
  it('fails any 5xx, a 503 with Retry-After included; 4xx and 429 pass', () => {
    expect(kinds(req(), res({ status: 500 }))).toEqual(['server error']);
    const unavailable = checkResponse(req(), res({ status: 503, headers: { 'retry-after': '5' } }), origin);
    expect(unavailable).toEqual([{ kind: 'server error', detail: '503 (Retry-After: 5)' }]);
    expect(kinds(req(), res({ status: 429 }))).toEqual([]);
    expect(kinds(req(), res({ status: 404 }))).toEqual([]);
  });

  it('checks an expected status (431 for an oversized header)', () => {
    expect(kinds(req({ expectStatus: [431] }), res({ status: 431 }))).toEqual([]);
    expect(checkResponse(req({ expectStatus: [431] }), res({ status: 400 }), origin)[0]?.detail).toBe(
      '400, expected 431',
    );
  });
});

describe('internal text', () => {
  it.each([
    [
      'stack trace',
      'Error: boom\n    at handler (/srv/app/routes.ts:12:5)\n    at next (node:internal/x:1:1)',
    ],
    ['stack trace', 'TypeError: x\n    at async Promise.all (index 0)'],
    ['socket error code', 'connect ECONNREFUSED 127.0.0.1:4000'],
    ['Unmergable', 'Unmergable schemas'],
    ['file path', 'at /work/main/backoffice/src/app.ts'],
    ['file path', 'Cannot find module node_modules/x'],
    ['file path', 'service.ts:42:7'],
    ['SQL or driver message', 'syntax error at or near "x"'],
    ['SQL or driver message', 'invalid byte sequence for encoding "UTF8": 0x00'],
    ['SQL or driver message', 'PostgresError: unsupported Unicode escape sequence'],
    ['SQL or driver message', 'Failed query: select * from products'],
    ['error class name', '{"message":"TypeError"}'],
    ['runtime message', "Cannot read properties of undefined (reading 'id')"],
    ['runtime message', 'Maximum call stack size exceeded'],
    ['framework error code', '{"code":"FST_ERR_BAD_URL"}'],
  ])('finds %s in %j', (name, body) => {
    expect(findInternalText(body)).toContain(name);
  });

  it('passes the typed error body and ordinary page text', () => {
    expect(findInternalText('{"status":"server_error","message":"An internal error occurred"}')).toEqual([]);
    expect(findInternalText('<p>Sheets: 12 at 20 % off. Filling knives at the ready.</p>')).toEqual([]);
  });

  it('ignores the site’s own scripts in HTML, not its text', () => {
    const headers = { 'content-type': 'text/html', ...secure };
    const script = '<script>try{x()}catch(e){if(e instanceof TypeError)throw e}</script><p>Hello</p>';
    expect(kinds(req({ target: 'storefront' }), res({ status: 200, headers, body: script }))).toEqual([]);
    const leak = '<p>TypeError: Cannot read properties of undefined</p>';
    expect(kinds(req({ target: 'storefront' }), res({ status: 200, headers, body: leak }))).toEqual([
      'internal text',
    ]);
  });
});

describe('security headers', () => {
  it('are required on every storefront answer, not on the back-office', () => {
    const bare = res({ status: 431, headers: {} });
    const failures = checkResponse(req({ target: 'storefront' }), bare, origin);
    expect(failures).toEqual([
      {
        kind: 'missing security headers',
        detail: 'x-frame-options, x-content-type-options, content-security-policy',
      },
    ]);
    expect(kinds(req({ target: 'storefront' }), res({ headers: secure }))).toEqual([]);
    expect(kinds(req(), bare)).toEqual([]);
  });
});

describe('redirects, headers and markup', () => {
  it('flags redirects off the site', () => {
    for (const location of [
      '//evil.example/',
      '/\\evil.example',
      '\\\\evil.example',
      'https://evil.example/x',
    ])
      expect(isOffsiteRedirect(location, origin), location).toBe(true);
    for (const location of ['/professional-filler/', 'results/x', `${origin}/diy-filler`, '?q=1'])
      expect(isOffsiteRedirect(location, origin), location).toBe(false);
    expect(kinds(req(), res({ status: 301, headers: { location: '//evil.example/%2e%2e' } }))).toEqual([
      'open redirect',
    ]);
  });

  it('flags a Set-Cookie the request smuggled in, not the site’s own cookies', () => {
    expect(kinds(req(), res({ headers: { 'set-cookie': ['fuzz=1'] } }))).toEqual(['header injection']);
    expect(kinds(req(), res({ headers: { 'set-cookie': ['i18n_redirected=en; Path=/'] } }))).toEqual([]);
  });

  it('flags keep-alive answered to Connection: close', () => {
    const close = req({ headers: { connection: 'close' } });
    expect(kinds(close, res({ headers: { connection: 'keep-alive' } }))).toEqual(['connection header']);
    expect(kinds(close, res({ headers: { connection: 'close' } }))).toEqual([]);
  });

  it('flags hostile markup in HTML only when it escaped its attribute or sits in text', () => {
    const html = (body: string) =>
      res({ status: 200, headers: { 'content-type': 'text/html', ...secure }, body });
    const page = req({ target: 'storefront' });
    expect(kinds(page, html('<input value="&quot;><svg onload=fuzz()>">'))).toEqual([]);
    expect(kinds(page, html('<input value=""><svg onload=fuzz()>">'))).toEqual(['reflected markup']);
    expect(kinds(page, html('<h1>Results for <svg onload=fuzz()></h1>'))).toEqual(['reflected markup']);
    expect(markupOutsideValues('<script>"<svg onload=fuzz()>"</script>')).not.toContain('svg');
  });
});

describe('desync', () => {
  const proxied = req({ target: 'storefront', name: 'protocol: GET with a body', headers: secure });

  it('flags a proxied answer that is node’s parser rejecting what the proxy sent', () => {
    const rejected = res({
      headers: secure,
      body: '{"error":"Bad Request","message":"Client Error","statusCode":400}',
    });
    expect(kinds(proxied, rejected)).toEqual(['desync']);
    expect(kinds(req({ raw: Buffer.from('x') }), rejected)).toEqual([]);
  });

  it('follows protocol cases through the proxy with a plain call that must succeed', () => {
    expect(needsFollowUp(proxied)).toBe(true);
    expect(needsFollowUp(req({ name: 'protocol: GET with a body' }))).toBe(false);
    expect(
      needsFollowUp(req({ target: 'storefront', route: 'GET {static page}', name: 'protocol: TRACE' })),
    ).toBe(false);
    expect(checkFollowUp(res({ status: 200, body: '{"status":"ok"}' }))).toBeUndefined();
    expect(checkFollowUp(res({ status: 503, body: '{"status":"service_unavailable"}' }))?.kind).toBe(
      'desync',
    );
    expect(checkFollowUp(undefined, 'ECONNRESET')?.detail).toContain('no answer (ECONNRESET)');
  });
});
