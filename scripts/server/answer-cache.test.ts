import { describe, expect, it } from 'vitest';
import { AnswerCache, answerKey, isCacheableAnswer, isCacheableRequest } from './answer-cache.ts';

const HTML = { 'content-type': 'text/html; charset=utf-8' };
const page = (bytes: number) => Buffer.alloc(bytes, 'a');

describe('AnswerCache', () => {
  it('keeps answers by key and forgets the least recently used beyond its entries', () => {
    const cache = new AnswerCache({ maxEntries: 2 });
    cache.set('a', 200, HTML, page(10));
    cache.set('b', 200, HTML, page(10));
    expect(cache.get('a')?.body.identity.length).toBe(10);
    cache.set('c', 200, HTML, page(10));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
    expect(cache.size).toBe(2);
  });

  it('stays within its bytes, counting the compressed forms once made', async () => {
    const cache = new AnswerCache({ maxBytes: 10_000 });
    cache.set('a', 200, HTML, page(4000));
    cache.set('b', 200, HTML, page(4000));
    expect(cache.bytes).toBe(8000);
    const brotli = await cache.get('a')!.body.get('br');
    expect(cache.bytes).toBe(8000 + brotli.length);
    cache.set('c', 200, HTML, page(4000));
    expect(cache.bytes).toBeLessThanOrEqual(10_000);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.set('huge', 200, HTML, page(20_000))).toBeUndefined();
    expect(cache.get('huge')).toBeUndefined();
  });

  it('forgets an answer after its maximum age', () => {
    let now = 0;
    const cache = new AnswerCache({ maxAgeMs: 1000, now: () => now });
    cache.set('a', 200, HTML, page(10));
    now = 999;
    expect(cache.get('a')).toBeDefined();
    now = 1001;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.bytes).toBe(0);
  });

  it('keeps the page headers, not the connection ones', () => {
    const cache = new AnswerCache();
    const stored = cache.set(
      'a',
      200,
      { ...HTML, 'content-length': '10', Date: 'x', 'x-robots-tag': 'noindex' },
      page(10),
    );
    expect(stored?.headers).toEqual({ ...HTML, 'x-robots-tag': 'noindex' });
  });

  it('counts hits and misses', () => {
    const cache = new AnswerCache();
    cache.get('a');
    cache.set('a', 200, HTML, page(10));
    cache.get('a');
    expect([cache.hits, cache.misses]).toEqual([1, 1]);
  });
});

describe('what may be cached', () => {
  it('only GET and HEAD requests without credentials, outside the preview', () => {
    expect(isCacheableRequest('GET', '/diy-filler/results/filler', {})).toBe(true);
    expect(isCacheableRequest('HEAD', '/diy-filler/results/filler', { cookie: 'i18n_redirected=en' })).toBe(
      true,
    );
    expect(isCacheableRequest('POST', '/diy-filler/results/filler', {})).toBe(false);
    expect(isCacheableRequest('GET', '/preview/12', {})).toBe(false);
    expect(isCacheableRequest('GET', '/x', { cookie: 'a=1; pw_session=s' })).toBe(false);
    expect(isCacheableRequest('GET', '/x', { cookie: 'pw_auth=1' })).toBe(false);
    expect(isCacheableRequest('GET', '/x', { 'x-cart-token': 't' })).toBe(false);
    expect(isCacheableRequest('GET', '/x', { authorization: 'Basic x' })).toBe(false);
    expect(isCacheableRequest('GET', '/x', { 'x-api-key': 'k' })).toBe(false);
    // A cookie whose name merely contains a credential's is someone else's.
    expect(isCacheableRequest('GET', '/x', { cookie: 'not_pw_session=1' })).toBe(true);
  });

  it('only public HTML pages (200 or 404) that set no cookie', () => {
    expect(isCacheableAnswer(200, HTML)).toBe(true);
    expect(isCacheableAnswer(404, HTML)).toBe(true);
    expect(isCacheableAnswer(500, HTML)).toBe(false);
    expect(isCacheableAnswer(503, HTML)).toBe(false);
    expect(isCacheableAnswer(302, HTML)).toBe(false);
    expect(isCacheableAnswer(200, { ...HTML, 'Set-Cookie': 'a=1' })).toBe(false);
    expect(isCacheableAnswer(200, { ...HTML, 'cache-control': 'no-store' })).toBe(false);
    expect(isCacheableAnswer(200, { ...HTML, 'Cache-Control': 'private, max-age=60' })).toBe(false);
    expect(isCacheableAnswer(200, { 'content-type': 'application/json' })).toBe(false);
  });

  it('keys by content version, host (any case), audience and the full URL', () => {
    const key = (over: Partial<Parameters<typeof answerKey>[0]>) =>
      answerKey({ contentVersion: 1, host: 'shop.example', audience: 'diy-filler', url: '/a?x=1', ...over });
    expect(key({ host: 'SHOP.example' })).toBe(key({}));
    for (const change of [
      { contentVersion: 2 },
      { host: 'other.example' },
      { audience: 'pro' },
      { url: '/a?x=2' },
    ])
      expect(key(change)).not.toBe(key({}));
  });
});
