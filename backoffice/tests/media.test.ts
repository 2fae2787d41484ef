/** Media bytes: content type, immutable caching, ETag revalidation, unknown keys. */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { z } from 'zod';
import { createTestApp, q, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

test('a seeded PDF is served with its type, immutable caching and an ETag', async () => {
  const res = await t.app.inject({ url: '/api/v1/media/docs/product-catalogue.pdf' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  const etag = res.headers.etag;
  expect(etag).toMatch(/^".+"$/);
  const again = await t.app.inject({
    url: '/api/v1/media/docs/product-catalogue.pdf',
    headers: { 'if-none-match': String(etag) },
  });
  expect(again.statusCode).toBe(304);
  expect(again.rawPayload.length).toBe(0);
});

test('slider covers resolve to PNG and WebP bytes', async () => {
  const list = await t.app.inject({ url: `/api/v1/slider?${q({ perPage: 1 })}` });
  const cover = z
    .object({
      data: z.object({
        items: z.array(z.object({ cover: z.object({ url: z.string(), webp: z.string() }) })),
      }),
    })
    .parse(list.json()).data.items[0]?.cover;
  expect(cover).toBeDefined();
  const png = await t.app.inject({ url: cover!.url });
  expect(png.headers['content-type']).toBe('image/png');
  expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  const webp = await t.app.inject({ url: cover!.webp });
  expect(webp.headers['content-type']).toBe('image/webp');
  expect(webp.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
});

test('an unknown key is a 404 JSON error', async () => {
  const res = await t.app.inject({ url: '/api/v1/media/docs/missing.pdf' });
  expect(res.statusCode).toBe(404);
  expect(res.json()).toMatchObject({ status: 'not_found' });
});
