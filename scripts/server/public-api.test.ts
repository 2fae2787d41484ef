import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isPublicCall, PUBLIC_API } from './public-api.ts';

describe('the public /api/v1 list', () => {
  it('is the table docs/security.md shows', () => {
    const doc = readFileSync(path.resolve(import.meta.dirname, '../../docs/security.md'), 'utf8');
    const table = doc.slice(doc.indexOf('<!-- public-api:start -->'), doc.indexOf('<!-- public-api:end -->'));
    const rows = [
      ...table.matchAll(/^\| (GET|POST|PUT|PATCH|DELETE) +\| `\/api\/v1([^`]+)` +\| (.+?) +\|$/gm),
    ].map(([, method, callPath, what]) => ({ method, path: callPath, what }));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows).toEqual(PUBLIC_API);
  });

  it.each([
    ['GET', '/product/12', true],
    ['HEAD', '/product/12', true],
    ['GET', '/media/products/a/b.webp', true],
    ['POST', '/contact', true],
    ['GET', '/contact', false],
    ['GET', '/page/preview/1', false],
    ['GET', '/page/about-us', true],
    ['GET', '/openapi.json', false],
    ['GET', '/docs', false],
    ['PUT', '/page', false],
    ['DELETE', '/faq', false],
    ['POST', '/faq', false],
    ['GET', '/media', false],
    ['GET', '/product/12/', false],
    ['GET', '//page/preview/1', false],
    ['TRACE', '/health', false],
    ['PATCH', '/cart/items/12', true],
    ['DELETE', '/cart/items/12', true],
    ['PUT', '/checkout/delivery', true],
    ['GET', '/checkout/complete', false],
    ['PUT', '/cart/items/12', false],
    ['GET', '/orders/PW-000123', true],
    ['GET', '/orders', true],
    ['POST', '/orders/PW-000123/reorder', true],
    ['GET', '/orders/PW-000123/invoice.pdf', true],
    ['GET', '/orders/PW-000123/credit-notes/CN-000045.pdf', true],
    ['GET', '/staff/orders/12/invoice.pdf', false],
    ['POST', '/auth/login', true],
    ['GET', '/auth/login', false],
    ['POST', '/auth/password/reset', true],
    ['GET', '/me', true],
    ['PATCH', '/me', true],
    ['PUT', '/me', false],
    ['POST', '/profile', false],
    ['PUT', '/profile', true],
    ['DELETE', '/address', true],
    ['DELETE', '/address/3', false],
    ['PUT', '/wishlist', true],
    ['POST', '/wishlist/send', true],
    ['GET', '/customers', false],
    ['PUT', '/customers/1/trade', false],
    ['POST', '/payments/fake/webhook', true],
  ])('%s %s public: %s', (method, callPath, expected) => {
    expect(isPublicCall(method, callPath)).toBe(expected);
  });
});
