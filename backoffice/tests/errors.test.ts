/** The error body contract on the calls this module owns: 400 / 401 / 404 shapes, never a leaked stack. */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { z } from 'zod';
import { createTestApp, q, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const errorBody = z.strictObject({
  status: z.string(),
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});

test.each([
  ['GET', '/api/v1/page', 400, 'invalid_request'],
  ['GET', `/api/v1/page?${q({ perPage: 'many' })}`, 400, 'invalid_request'],
  ['GET', `/api/v1/page/missing-page?${q()}`, 404, 'not_found'],
  ['POST', `/api/v1/page?${q()}`, 401, 'unauthorized'],
  ['GET', `/api/v1/store-locator?${q({ postcode: 'ZZ9 9ZZ' })}`, 404, 'postcode_not_found'],
  ['GET', `/api/v1/no-such-route?${q()}`, 404, 'not_found'],
  ['GET', '/api/v1/media/nothing/here.png', 404, 'not_found'],
  ['GET', `/api/v1/address?${q()}`, 401, 'unauthorized'],
  ['POST', `/api/v1/wishlist/send?${q()}`, 401, 'unauthorized'],
])('%s %s → %i %s', async (method, url, status, code) => {
  const res = await t.app.inject({
    method: method as 'GET' | 'POST',
    url,
    payload: method === 'POST' ? {} : undefined,
  });
  expect(res.statusCode).toBe(status);
  const body = errorBody.parse(res.json());
  expect(body.status).toBe(code);
  expect(body.message).not.toMatch(/at .*\.ts:\d+/);
});

test('malformed JSON is a 400, not a 500', async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/contact?${q()}`,
    headers: { 'content-type': 'application/json' },
    payload: '{"first_name": ',
  });
  expect(res.statusCode).toBe(400);
  expect(errorBody.parse(res.json()).status).toBe('invalid_request');
});

test('validation errors name the field', async () => {
  const res = await t.app.inject({ url: `/api/v1/faq?${q({ perPage: 0 })}` });
  const body = errorBody.parse(res.json());
  expect(body.errors?.[0]?.field).toBe('querystring.perPage');
});
