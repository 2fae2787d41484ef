/**
 * The HTTP guards of browser writes and per-visitor limits (issue 21): a basket, checkout or account write is taken
 * only from a page of the shop's own origin, scheme included (`Sec-Fetch-Site: same-origin` only, not `same-site`
 * or `none`; an `Origin` on another scheme or host is refused), calls without these headers (servers) still pass;
 * a per-visitor limit answers 429 `too_many_requests` with `Retry-After`, in the one error body.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productOf } from './cart-helpers.ts';
import { createTestApp, PART_PLAN, q, type TestApp } from './helpers.ts';

let t: TestApp;
let product: Awaited<ReturnType<typeof productOf>>;

beforeAll(async () => {
  t = await createTestApp({ siteHosts: ['shop.plasterwick.example'] });
  product = await productOf(t.app, 'plasterwick-multi-fill-powder', PART_PLAN);
});
afterAll(() => t.close());

const addToBasket = (headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/cart/items?${q({ saleplan_id: PART_PLAN })}`,
    payload: { items: [{ element_id: product.id, quantity: 1 }] },
    headers,
  });

describe('browser writes come from the shop’s own origin', () => {
  it('refuses Sec-Fetch-Site same-site and none, not only cross-site', async () => {
    for (const fetchSite of ['cross-site', 'same-site', 'none']) {
      const response = await addToBasket({ 'sec-fetch-site': fetchSite });
      expect(response.statusCode, fetchSite).toBe(403);
      expect(response.json().status).toBe('cross_site_request');
    }
    expect((await addToBasket({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(201);
  });

  it('compares the scheme of the Origin, not only its host', async () => {
    const site = new URL(t.app.config.mail.siteUrl);
    const otherScheme = `${site.protocol === 'https:' ? 'http' : 'https'}://${site.host}`;
    for (const origin of [
      otherScheme,
      'https://shop.plasterwick.example.evil.example',
      `${site.protocol === 'https:' ? 'http' : 'https'}://shop.plasterwick.example`,
      'null',
    ]) {
      const response = await addToBasket({ 'sec-fetch-site': 'same-origin', origin });
      expect(response.statusCode, origin).toBe(403);
    }
    for (const origin of [site.origin, `${site.protocol}//shop.plasterwick.example`]) {
      expect((await addToBasket({ 'sec-fetch-site': 'same-origin', origin })).statusCode, origin).toBe(201);
    }
  });

  it('takes the request’s own origin as the storefront forwards it, scheme included', async () => {
    const proxied = await createTestApp({ trustProxy: true }, { seed: false });
    const headers = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'www.plasterwick.example' };
    const write = (origin: string) =>
      proxied.app.inject({
        method: 'POST',
        url: `/api/v1/auth/logout?${q()}`,
        headers: { ...headers, origin, 'sec-fetch-site': 'same-origin' },
        payload: {},
      });
    expect((await write('https://www.plasterwick.example')).statusCode).toBe(204);
    expect((await write('http://www.plasterwick.example')).statusCode).toBe(403);
    await proxied.close();
  });

  it('lets a call without these headers through (a server, not a browser)', async () => {
    expect((await addToBasket({})).statusCode).toBe(201);
  });
});

describe('per-visitor limits', () => {
  it('checkout: the 61st completion a minute from one visitor is 429 too_many_requests with Retry-After', async () => {
    const complete = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/checkout/complete?${q()}`,
        payload: {},
        remoteAddress: '10.61.0.1',
      });
    for (let n = 1; n <= 60; n++) expect((await complete()).statusCode).toBe(400);
    const limited = await complete();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      status: 'too_many_requests',
      message: expect.stringMatching(/^Too many requests: please try again in /),
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
