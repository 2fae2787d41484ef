/** Old-URL redirects as the storefront reads them. */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { z } from 'zod';
import { redirectItem } from '../src/modules/redirect/schemas.ts';
import { createTestApp, q, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

test('the redirect list: 301s from old paths to pages, the home page or files that exist', async () => {
  const res = await t.app.inject({ url: `/api/v1/redirect?${q()}` });
  expect(res.statusCode).toBe(200);
  const items = z.object({ data: z.object({ items: z.array(redirectItem) }) }).parse(res.json()).data.items;
  expect(items.length).toBeGreaterThanOrEqual(40);
  expect(items.every((r) => r.status === 301 && r.from.startsWith('/') && r.to.startsWith('/'))).toBe(true);
  expect(items).toContainEqual({
    from: '/business-customer/faq',
    to: '/professional-filler/frequently-asked-questions',
    status: 301,
  });
  expect(items).toContainEqual({ from: '/individual-customer', to: '/diy-filler', status: 301 });
  // Every file target is a stored media file.
  for (const file of items.filter((r) => r.to.startsWith('/api/v1/media/'))) {
    expect((await t.app.inject({ url: file.to })).statusCode, file.to).toBe(200);
  }
});

test('the redirect list needs a known site', async () => {
  expect((await t.app.inject({ url: '/api/v1/redirect' })).statusCode).toBe(400);
  expect((await t.app.inject({ url: '/api/v1/redirect?site_id=8' })).statusCode).toBe(404);
});
