/**
 * Secrets, per-visitor limits and hostile text: the brake on guessing the API key and preview token, who counts
 * as the client behind a proxy, and text PostgreSQL cannot store answered with 400 field errors.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { API_KEY, createTestApp, PREVIEW_TOKEN, q, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const staffList = (
  remoteAddress: string,
  key: string,
  headers: Record<string, string> = {},
  app: TestApp['app'] = t.app,
) =>
  app.inject({
    url: `/api/v1/contact?${q()}`,
    headers: { 'x-api-key': key, ...headers },
    remoteAddress,
  });

describe('failed key and preview-token attempts', () => {
  test('ten failures a minute per client, then 429 even with the right key; other clients unaffected', async () => {
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect((await staffList('127.9.0.1', `wrong-${attempt}`)).statusCode).toBe(401);
    }
    const eleventh = await staffList('127.9.0.1', API_KEY);
    expect(eleventh.statusCode).toBe(429);
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(0);
    expect(eleventh.json()).toMatchObject({ status: 'too_many_requests' });
    expect((await staffList('127.9.0.2', API_KEY)).statusCode).toBe(200);
  });

  test('preview-token failures count towards the same limit', async () => {
    const preview = (token: string) =>
      t.app.inject({
        url: `/api/v1/page/preview/1?${q()}`,
        headers: { 'x-preview-token': token },
        remoteAddress: '127.9.1.1',
      });
    for (let attempt = 1; attempt <= 9; attempt++) expect((await preview('nope')).statusCode).toBe(401);
    expect((await staffList('127.9.1.1', 'also-wrong')).statusCode).toBe(401);
    expect((await preview(PREVIEW_TOKEN)).statusCode).toBe(429);
  });

  test('a key-less call is a failed attempt too', async () => {
    for (let attempt = 1; attempt <= 10; attempt++) {
      const res = await t.app.inject({ url: `/api/v1/contact?${q()}`, remoteAddress: '127.9.2.1' });
      expect(res.statusCode).toBe(401);
    }
    expect((await staffList('127.9.2.1', API_KEY)).statusCode).toBe(429);
  });
});

describe('who the client is', () => {
  /** An empty contact form (a 400, or 429 once the sender's limit of 100 a minute is used up). */
  const postEmpty = (app: TestApp['app'], remoteAddress: string, forwardedFor: string) =>
    app.inject({
      method: 'POST',
      url: `/api/v1/contact?${q()}`,
      payload: {},
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
    });

  /** The attempt that first answered 429. */
  async function postsUntilLimited(app: TestApp['app'], remoteAddress: string, forwardedFor: string) {
    for (let attempt = 1; attempt <= 101; attempt++) {
      if ((await postEmpty(app, remoteAddress, forwardedFor)).statusCode === 429) return attempt;
    }
    return undefined;
  }

  test('by default every peer address has its own buckets, whatever X-Forwarded-For says', async () => {
    expect(await postsUntilLimited(t.app, '127.0.0.1', '10.1.1.1')).toBe(101);
    expect((await postEmpty(t.app, '127.0.0.2', '127.0.0.1')).statusCode).toBe(400);
  });

  test('with TRUST_PROXY naming a proxy, only that proxy may name the client', async () => {
    const proxied = await createTestApp({ trustProxy: ['127.0.0.2'] });
    try {
      // Through the trusted proxy: the forwarded address is the client, with its own buckets.
      expect(await postsUntilLimited(proxied.app, '127.0.0.2', '10.2.2.2')).toBe(101);
      expect((await postEmpty(proxied.app, '127.0.0.2', '10.2.2.3')).statusCode).toBe(400);
      // Not the proxy: its X-Forwarded-For is ignored, so it cannot borrow (or exhaust) 10.2.2.2's bucket.
      expect((await postEmpty(proxied.app, '127.0.0.3', '10.2.2.2')).statusCode).toBe(400);
      // A rotated X-Forwarded-For from a peer that is not the proxy escapes nothing: one bucket, 127.0.0.3's.
      for (let attempt = 1; attempt <= 10; attempt++) {
        const forwarded = { 'x-forwarded-for': `10.3.3.${attempt}` };
        expect((await staffList('127.0.0.3', 'wrong', forwarded, proxied.app)).statusCode).toBe(401);
      }
      const rotated = { 'x-forwarded-for': '10.3.3.99' };
      expect((await staffList('127.0.0.3', API_KEY, rotated, proxied.app)).statusCode).toBe(429);
      // Through the proxy the client is 10.3.3.99, not this machine: the key answers this machine only.
      const remote = await staffList('127.0.0.2', API_KEY, rotated, proxied.app);
      expect(remote.statusCode).toBe(403);
      expect(remote.json().status).toBe('address_not_allowed');
      expect(
        (await staffList('127.0.0.2', API_KEY, { 'x-forwarded-for': '127.0.0.9' }, proxied.app)).statusCode,
      ).toBe(200);
    } finally {
      await proxied.close();
    }
  }, 90_000);
});

describe('text PostgreSQL cannot store', () => {
  test.each([
    ['NUL in a JSON field', '{"first_name":"A\\u0000lex"}', 'body.first_name'],
    ['a lone surrogate in a JSON field', '{"message":"hi \\ud800"}', 'body.message'],
    ['a NUL inside a nested value', '{"tags":[{"x":"\\u0000"}]}', 'body.tags.0.x'],
  ])('%s is a 400 field error on a public form', async (_case, payload, field) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/contact?${q()}`,
      payload,
      headers: { 'content-type': 'application/json' },
      remoteAddress: '10.8.0.1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      status: 'invalid_request',
      errors: [{ field, message: 'contains characters that are not allowed' }],
    });
  });

  test.each([
    ['search text', `/api/v1/search?${q({ saleplan_id: 1 })}&q=fill%00er`, 'query.q'],
    ['a CMS id', `/api/v1/page/abc%00?${q()}`, 'params.id'],
    ['a media path', '/api/v1/media/x%00.png', 'params.*'],
    ['a town query', `/api/v1/store-locator/search?${q()}&town=Le%00eds`, 'query.town'],
    ['an index filter', `/api/v1/faq?${q()}&category=a%00`, 'query.category'],
  ])('NUL in %s is a 400 naming the field', async (_case, url, field) => {
    const res = await t.app.inject({ url, remoteAddress: '10.8.0.2' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field, message: 'contains characters that are not allowed' });
  });

  test('PUT with a string id is a 400, not an intersection error', async () => {
    for (const id of ['abc', '12', 'NaN']) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/faq?${q()}`,
        headers: { 'x-api-key': API_KEY },
        payload: { id, question: 'Still here?' },
        remoteAddress: '127.8.0.3',
      });
      expect(res.statusCode, id).toBeLessThan(500);
      if (id !== '12') expect(res.statusCode, id).toBe(400);
    }
  });
});

describe('URLs and bodies the router or parser refuse', () => {
  test.each(['/api/v1/site/%zz', '/api/v1/page/%C0%AE', `/api/v1/notice/${'a'.repeat(5000)}?${q()}`])(
    '%s is answered with the typed error body, not the framework’s',
    async (url) => {
      const res = await t.app.inject({ url, remoteAddress: '10.8.1.1' });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.body).not.toMatch(/FST_|"code"/);
      expect(res.json()).toHaveProperty('status');
    },
  );

  test('a JSON body nested thousands of levels deep is a 400, not a stack overflow', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/contact?${q()}`,
      headers: { 'content-type': 'application/json' },
      payload: `{"first_name":${'['.repeat(5000)}${']'.repeat(5000)}}`,
      remoteAddress: '10.8.1.2',
    });
    expect(res.statusCode).toBe(400);
  });
});
