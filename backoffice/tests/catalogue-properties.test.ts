/**
 * Property tests: random strings, numbers and JSON in every query parameter (and path segment) of the
 * catalogue, search and URL calls never produce a server error.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** Values a query parameter might carry: junk text, numbers, JSON of any shape, and plausible values. */
const paramValue = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.integer().map(String),
  fc.double({ noNaN: false }).map(String),
  fc.json({ maxDepth: 3 }),
  fc.constantFrom(
    '1',
    '2',
    '3',
    '0',
    '-1',
    '',
    'true',
    'wood',
    '{"surface":["wood"]}',
    '{"min":100,"max":2000}',
    '1,2,3',
  ),
);

/** A query string mixing the common parameters (sometimes valid) with random values for `names`. */
const queryFor = (names: string[]) =>
  fc
    .record(
      {
        site_id: fc.oneof(fc.constant('3'), paramValue),
        saleplan_id: fc.oneof(fc.constantFrom('1', '2'), paramValue),
        lang: fc.oneof(fc.constant('en'), paramValue),
        ...Object.fromEntries(names.map((name) => [name, paramValue])),
      },
      { requiredKeys: ['site_id'] },
    )
    .map((params) => new URLSearchParams(params as Record<string, string>).toString());

const pathSegment = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.integer().map(String),
  fc.bigInt().map(String),
  fc.constantFrom('plasterboard-finishing-solutions', '1', '05060591001010', '123', 'fillers'),
);

const neverFails = async (url: string) => {
  const response = await t.app.inject({ method: 'GET', url });
  expect(response.statusCode, `${url} → ${response.body.slice(0, 300)}`).toBeLessThan(500);
};

const runs = { numRuns: 120 };

describe('catalogue query parameters never cause a 5xx', () => {
  it('GET /category and /category/:id', async () => {
    await fc.assert(
      fc.asyncProperty(queryFor(['depth']), async (query) => neverFails(`/api/v1/category?${query}`)),
      runs,
    );
    await fc.assert(
      fc.asyncProperty(pathSegment, queryFor([]), async (id, query) =>
        neverFails(`/api/v1/category/${encodeURIComponent(id)}?${query}`),
      ),
      runs,
    );
  });

  it('GET /product', async () => {
    await fc.assert(
      fc.asyncProperty(
        queryFor(['perPage', 'page', 'promoted', 'categories', 'price', 'orderBy', 'text', 'caracteristics']),
        async (query) => neverFails(`/api/v1/product?${query}`),
      ),
      runs,
    );
  });

  it('GET /product/:id and /product/scan/:code', async () => {
    await fc.assert(
      fc.asyncProperty(pathSegment, queryFor([]), async (id, query) =>
        neverFails(`/api/v1/product/${encodeURIComponent(id)}?${query}`),
      ),
      runs,
    );
    await fc.assert(
      fc.asyncProperty(pathSegment, queryFor([]), async (code, query) =>
        neverFails(`/api/v1/product/scan/${encodeURIComponent(code)}?${query}`),
      ),
      runs,
    );
  });

  it('GET /filters-products, facets and guide', async () => {
    await fc.assert(
      fc.asyncProperty(
        queryFor(['guide_de_choix', 'categories', 'price', 'text', 'caracteristics']),
        async (query) => neverFails(`/api/v1/filters-products?${query}`),
      ),
      runs,
    );
  });

  it('GET /search', async () => {
    await fc.assert(
      fc.asyncProperty(queryFor(['type', 'text', 'language', 'limit']), async (query) =>
        neverFails(`/api/v1/search?${query}`),
      ),
      runs,
    );
  });

  it('GET /search with arbitrary text, including tsquery operators', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ minLength: 1, maxLength: 60 }),
          fc.constantFrom('a & b | !c', "'", ':*', '(()', '% _ \\', 'PW-10%'),
        ),
        async (text) =>
          neverFails(`/api/v1/search?site_id=3&saleplan_id=1&type=Suggest&text=${encodeURIComponent(text)}`),
      ),
      runs,
    );
  });

  it('GET /url and /url/entity', async () => {
    await fc.assert(
      fc.asyncProperty(queryFor([]), async (query) => neverFails(`/api/v1/url?${query}`)),
      runs,
    );
    await fc.assert(
      fc.asyncProperty(queryFor(['entity_type', 'slug', 'depth']), async (query) =>
        neverFails(`/api/v1/url/entity?${query}`),
      ),
      runs,
    );
  });

  it('writes with random bodies never cause a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/api/v1/product', '/api/v1/category'),
        fc.constantFrom('POST', 'PUT', 'DELETE') as fc.Arbitrary<'POST' | 'PUT' | 'DELETE'>,
        fc.oneof(
          fc.json({ maxDepth: 3 }).map((json) => JSON.parse(json) as unknown),
          fc.object(),
        ),
        async (url, method, body) => {
          const response = await t.app.inject({
            method,
            url: `${url}?site_id=3`,
            headers: { 'x-api-key': 'test-api-key-0123456789', 'content-type': 'application/json' },
            payload: JSON.stringify(body ?? null),
          });
          expect(response.statusCode, response.body.slice(0, 300)).toBeLessThan(500);
        },
      ),
      { numRuns: 60 },
    );
  });
});
