import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fieldPaths,
  JSON_VALUES,
  jsonWith,
  MISSING_ID,
  operationCases,
  pageCases,
  planRequests,
  protocolCases,
  sampleFromSchema,
  shuffle,
  URL_VALUES,
  type Catalogue,
  type FuzzRequest,
} from './cases.ts';
import { listOperations, type Operation } from './openapi.ts';

const catalogue: Catalogue = {
  productSlugs: ['plasterwick-multi-fill-powder'],
  categorySlugs: ['fillers'],
  pageSlugs: ['about-us'],
  folderSlugs: ['fill-a-crack'],
  searchTerms: ['filler'],
  filterSegments: ['CATEGORIES__1'],
  guideAnswers: { surface: 'plaster' },
  careersSegments: ['CONTRACT__permanent'],
  staticPaths: ['/', '/professional-filler/contact', '/robots.txt'],
  mediaKey: 'p/pw-1001-visuel-1.png',
  gtin: '5012345678900',
};

const common = [
  {
    in: 'query',
    name: 'site_id',
    required: true,
    schema: { type: 'integer', minimum: 0, exclusiveMinimum: true },
  },
  { in: 'query', name: 'lang', schema: { type: 'string' } },
  { in: 'query', name: 'sales_plan_id', schema: { type: 'integer' } },
];
const operations: Operation[] = listOperations({
  paths: {
    '/api/v1/product/{id}': {
      get: { parameters: [...common, { in: 'path', name: 'id', schema: { type: 'string' } }] },
    },
    '/api/v1/search': {
      get: {
        parameters: [...common, { in: 'query', name: 'text', required: true, schema: { type: 'string' } }],
      },
    },
    '/api/v1/contact': {
      post: {
        parameters: common,
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  first_name: { type: 'string', minLength: 1 },
                  email: { type: 'string' },
                  audience: { type: 'string', enum: ['pro', 'part'] },
                },
              },
            },
          },
        },
      },
    },
    '/api/v1/product': {
      put: {
        security: [{ apiKey: [] }],
        parameters: common,
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  id: { type: 'integer' },
                  name: { type: 'string' },
                  category_ids: { type: 'array', minItems: 1, items: { type: 'integer' } },
                },
              },
            },
          },
        },
      },
    },
  },
});
const byRoute = (route: string) => operations.find((op) => `${op.method} ${op.path}` === route)!;
const text = (req: FuzzRequest) => req.body?.toString('utf8') ?? '';

describe('hostile values', () => {
  it('cover the issue list: NUL, lone surrogates, overlong UTF-8, %zz, string ids, huge numbers', () => {
    const urls = URL_VALUES.map((value) => value.url);
    for (const url of [
      '%00',
      '%ED%A0%80',
      '%C0%AE%C0%AE',
      '%C0%80',
      '%zz',
      'abc',
      '-1',
      '99999999999999999999',
    ])
      expect(urls).toContain(url);
  });

  it('write lone surrogates and NUL as raw JSON escapes, and overlong UTF-8 as raw bytes', () => {
    const json = Object.fromEntries(JSON_VALUES.map((value) => [value.name, value.json]));
    expect(json['lone surrogate']!.toString('latin1')).toBe('"\\ud800"');
    expect(json['nul']!.toString('latin1')).toBe('"a\\u0000b"');
    expect([...json['overlong utf-8']!]).toEqual([0x22, 0xc0, 0xae, 0xc0, 0xae, 0x22]);
  });
});

describe('jsonWith', () => {
  it('replaces exactly one field with the raw bytes, keeping the rest valid', () => {
    const body = jsonWith({ a: 'x', b: [{ c: 1 }] }, ['b', 0, 'c'], Buffer.from('"\\ud800"'));
    expect(body.toString('latin1')).toBe('{"a":"x","b":[{"c":"\\ud800"}]}');
  });

  it('gives JSON equal to the object with that field replaced, for any object and any of its fields', () => {
    const value = fc.dictionary(
      fc.string({ minLength: 1, maxLength: 5 }),
      fc.oneof(
        fc.string(),
        fc.integer(),
        fc.array(fc.integer(), { maxLength: 3 }),
        fc.dictionary(fc.string(), fc.boolean()),
      ),
      { minKeys: 1, maxKeys: 5 },
    );
    fc.assert(
      fc.property(value, fc.nat(), (object, pick) => {
        const paths = fieldPaths(object);
        const field = paths[pick % paths.length]!;
        const parsed = JSON.parse(jsonWith(object, field, Buffer.from('"REPLACED"')).toString('utf8'));
        let node: unknown = parsed;
        for (const key of field) node = (node as Record<string | number, unknown>)[key];
        expect(node).toBe('REPLACED');
        return true;
      }),
    );
  });
});

describe('sampleFromSchema', () => {
  it('respects enums, lengths, exclusive minimums and minItems; ids point at no row', () => {
    expect(
      sampleFromSchema({
        type: 'object',
        properties: {
          id: { type: 'integer' },
          audience: { enum: ['part', 'pro'] },
          code: { type: 'string', minLength: 12 },
          count: { type: 'integer', minimum: 0, exclusiveMinimum: true },
          email: { type: 'string' },
          list: { type: 'array', minItems: 3, items: { type: 'string' } },
        },
      }),
    ).toEqual({
      id: MISSING_ID,
      audience: 'part',
      code: 'Fuzz testxxx',
      count: 1,
      email: 'fuzz@example.com',
      list: ['Fuzz test', 'Fuzz test', 'Fuzz test'],
    });
  });
});

describe('operationCases', () => {
  it('sends every case straight to the back-office and through the storefront proxy', () => {
    const cases = operationCases(byRoute('GET /api/v1/product/{id}'), catalogue);
    const direct = cases.filter((req) => req.target === 'backoffice');
    expect(direct.length * 2).toBe(cases.length);
    expect(cases.filter((req) => req.target === 'storefront').map((req) => req.path)).toEqual(
      direct.map((req) => req.path),
    );
  });

  it('fills a valid baseline (real slug, site and plan) and makes one path or query value hostile at a time', () => {
    const cases = operationCases(byRoute('GET /api/v1/product/{id}'), catalogue);
    const baseline = cases.find((req) => req.name === 'baseline')!;
    expect(baseline.path).toBe(
      '/api/v1/product/plasterwick-multi-fill-powder?site_id=3&lang=en&sales_plan_id=1',
    );
    expect(cases.find((req) => req.name === 'path id: nul')!.path).toBe(
      '/api/v1/product/%00?site_id=3&lang=en&sales_plan_id=1',
    );
    const search = operationCases(byRoute('GET /api/v1/search'), catalogue);
    expect(search.find((req) => req.name === 'query text: lone surrogate')!.path).toBe(
      '/api/v1/search?site_id=3&lang=en&sales_plan_id=1&text=%ED%A0%80',
    );
  });

  it('makes each body field hostile in turn, and sends whole-body cases such as a string id', () => {
    const cases = operationCases(byRoute('POST /api/v1/contact'), catalogue);
    const nul = cases.find((req) => req.name === 'body first_name: nul')!;
    expect(text(nul)).toBe('{"first_name":"a\\u0000b","email":"fuzz@example.com","audience":"pro"}');
    expect(nul.headers['content-type']).toBe('application/json');
    expect(text(cases.find((req) => req.name === 'body: string id')!)).toBe('{"id":"abc"}');
  });

  it('without the API key, keeps keyed operations to cases the key check does not hide', () => {
    const locked = operationCases(byRoute('PUT /api/v1/product'), catalogue);
    expect(locked.some((req) => req.name.startsWith('body name:'))).toBe(false);
    expect(locked.some((req) => req.name === 'body: string id')).toBe(true);
    expect(locked.every((req) => !('x-api-key' in req.headers))).toBe(true);
    // Each of those is a wrong guess to the back-office's brake: they come from their own address.
    expect(locked.every((req) => req.guessing)).toBe(true);
    expect(operationCases(byRoute('POST /api/v1/contact'), catalogue).some((req) => req.guessing)).toBe(
      false,
    );

    const open = operationCases(byRoute('PUT /api/v1/product'), catalogue, { apiKey: 'k' });
    expect(open.some((req) => req.guessing)).toBe(false);
    const field = open.find((req) => req.name === 'body category_ids[0]: string id')!;
    expect(field.headers['x-api-key']).toBe('k');
    expect(JSON.parse(text(field))).toEqual({ id: MISSING_ID, name: 'Fuzz test', category_ids: ['abc'] });
  });
});

describe('protocolCases', () => {
  const base = operationCases(byRoute('POST /api/v1/contact'), catalogue).find(
    (req) => req.name === 'baseline',
  )!;
  const cases = protocolCases(base, true);
  const named = (name: string) => cases.find((req) => req.name === `protocol: ${name}`)!;

  it('has the raw-protocol cases of the issue, each on a connection of its own', () => {
    expect(named('2 MB body').body!.length).toBeGreaterThan(2 * 1024 * 1024);
    expect(named('Content-Encoding: bogus').headers['content-encoding']).toBe('bogus');
    expect(named('Content-Encoding: gzip, not gzip').body!.toString()).toBe('{"id":1}');
    expect(named('Expect: 100-continue').expectContinue).toBe(true);
    expect(named('Connection: close').headers.connection).toBe('close');
    for (const method of ['TRACE', 'OPTIONS', 'PROPFIND']) expect(named(method).method).toBe(method);
    expect(named('TRACE').headers['content-type']).toBeUndefined();
    expect(named('path bad escape prefix').path.startsWith('/%zz/api/v1/contact?')).toBe(true);
    expect(named('very long header').expectStatus).toEqual([431]);
    expect(cases.every((req) => req.fresh && req.quick)).toBe(true);
  });
});

describe('pageCases', () => {
  const cases = pageCases(catalogue);

  it('reaches every on-demand page of src/pages (a new one must be added to the fuzzer)', () => {
    const pagesDir = path.resolve(import.meta.dirname, '../../src/pages');
    const walk = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
      );
    const onDemand = walk(pagesDir).filter((file) =>
      /export const prerender = false/.test(readFileSync(file, 'utf8')),
    );
    expect(onDemand.length).toBeGreaterThan(0);
    const paths = cases.map((req) => req.path.split('?')[0]!);
    for (const file of onDemand) {
      const route = path
        .relative(pagesDir, file)
        .replace(/\.astro$/, '')
        .replace(/(^|\/)index$/, '')
        .split('/')
        .map((part) =>
          part === '[target]'
            ? '(?:professional-filler|diy-filler)'
            : part.startsWith('[...')
              ? '.*'
              : part.startsWith('[')
                ? '[^/]+'
                : part,
        )
        .join('/');
      const pattern = new RegExp(`^/${route}$`);
      expect(
        paths.some((p) => pattern.test(p)),
        `${file} is fuzzed`,
      ).toBe(true);
    }
  });

  it('puts hostile values in segments and queries, on both audiences, and probes static pages with methods', () => {
    const paths = cases.map((req) => req.path);
    expect(paths).toContain('/professional-filler/results/%00');
    expect(paths).toContain('/diy-filler/results/filler/%zz');
    expect(paths).toContain('/professional-filler/category/fillers/_p__999999');
    expect(paths).toContain('/preview/1?token=%ED%A0%80');
    expect(paths).toContain('/professional-filler/contact?q=%00');
    expect(cases.some((req) => req.method === 'PUT' && req.path === '/robots.txt')).toBe(true);
    expect(cases.filter((req) => req.guessing).every((req) => req.path.startsWith('/preview/'))).toBe(true);
  });
});

describe('planRequests', () => {
  it('the quick subset sends every operation on both targets and every protocol case', () => {
    const quick = planRequests(operations, catalogue, { quick: true, seed: 1 });
    for (const op of operations) {
      for (const target of ['backoffice', 'storefront'] as const)
        expect(quick.some((req) => req.route === `${op.method} ${op.path}` && req.target === target)).toBe(
          true,
        );
    }
    const protocolNames = new Set(protocolCases(quick[0]!, true).map((req) => req.name));
    for (const name of protocolNames) {
      expect(
        quick.some((req) => req.name === name && req.target === 'backoffice'),
        name,
      ).toBe(true);
      expect(
        quick.some((req) => req.name === name && req.route.includes('{static page}')),
        name,
      ).toBe(true);
    }
    expect(quick.length).toBeLessThan(2500);
  });

  it('is deterministic: the quick subset first, the rest in the order of the seed', () => {
    const key = (req: FuzzRequest) => `${req.target} ${req.method} ${req.path} ${req.name}`;
    const quick = planRequests(operations, catalogue, { quick: true, seed: 1 }).map(key);
    const one = planRequests(operations, catalogue, { quick: false, seed: 1 }).map(key);
    const again = planRequests(operations, catalogue, { quick: false, seed: 1 }).map(key);
    const other = planRequests(operations, catalogue, { quick: false, seed: 2 }).map(key);
    expect(one).toEqual(again);
    expect(one.slice(0, quick.length)).toEqual(quick);
    expect(other.slice(0, quick.length)).toEqual(quick);
    expect(other).not.toEqual(one);
    expect([...other].sort()).toEqual([...one].sort());
  });

  it('shuffle keeps every item', () => {
    fc.assert(
      fc.property(fc.array(fc.integer()), fc.integer(), (items, seed) => {
        expect(shuffle(items, seed).sort()).toEqual([...items].sort());
      }),
    );
  });
});
