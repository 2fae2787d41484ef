/**
 * The fuzzer's hostile values and the requests built from them. Pure: everything it needs (the operations of the
 * OpenAPI document, a few real slugs and search terms) is passed in, so the same inputs give the same requests.
 *
 * Three families:
 * - API requests per OpenAPI operation: a plausible baseline (required parameters filled with real values) with
 *   ONE thing made hostile: a path parameter, a query parameter, a body field, or the whole body.
 * - Storefront pages: the on-demand routes (search results, selector guide, filtered listings, careers filters,
 *   preview) with hostile segments and query strings, and static pages with hostile query strings and methods.
 * - Protocol cases, on any base request: 2 MB bodies, bogus Content-Encoding, Expect: 100-continue, TRACE, …
 */
import { TARGET_SEGMENTS, SITE_ID, PLAN_IDS } from '../../src/lib/config.ts';
import { encodeGuideAnswers } from '../../src/lib/selector-guide.ts';
import { fillPath, schemaType, type JsonSchema, type Operation } from './openapi.ts';

export type Target = 'backoffice' | 'storefront';

/** One request of the fuzz run. */
export interface FuzzRequest {
  /** `backoffice` = straight to it; `storefront` = the public origin (pages and its /api/v1 proxy). */
  target: Target;
  /** The route template, for grouping: `GET /api/v1/product/{id}`, `GET /{target}/results/{search}`. */
  route: string;
  /** What is hostile, without the concrete value: `query text: nul`, `protocol: 2 MB body`. */
  name: string;
  method: string;
  /** The request target exactly as sent (percent-encoding included). */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** Send the body only after `100 Continue` (or 1 s without an answer, as curl does). */
  expectContinue?: boolean;
  /** A whole request written as is on a fresh socket, for bytes node:http refuses to send. */
  raw?: Buffer;
  /** Statuses this case must get (e.g. 431 for an oversized header); otherwise any status below 500 passes. */
  expectStatus?: number[];
  /**
   * Presents a missing or wrong secret (a keyed call without the key, a preview token). The back-office brakes a
   * client after 10 of those a minute (429 to whatever it sends), so these go out from an address of their own.
   */
  guessing?: boolean;
  /** Send on a connection of its own (protocol cases: whatever they do to a connection stays with them). */
  fresh?: boolean;
  /** Part of the --quick subset (every operation and route at least once, every protocol case once). */
  quick: boolean;
}

/** A hostile value for a URL path segment or query value, written raw (already percent-encoded). */
export interface UrlValue {
  name: string;
  url: string;
}

/** A hostile JSON value, as the bytes that go in the body (raw escapes and invalid UTF-8 included). */
export interface JsonValue {
  name: string;
  json: Buffer;
}

const utf8 = (text: string) => Buffer.from(text, 'utf8');
const LONG = 'a'.repeat(5000);
/** Nested arrays deep enough to break a recursive validator or serializer. */
export const DEEP_NESTING = 5000;

export const URL_VALUES: readonly UrlValue[] = [
  { name: 'nul', url: '%00' },
  { name: 'nul inside', url: 'a%00b' },
  { name: 'lone surrogate', url: '%ED%A0%80' },
  { name: 'lone low surrogate', url: 'x%ED%BF%BFx' },
  { name: 'overlong utf-8', url: '%C0%AE%C0%AE' },
  { name: 'overlong nul', url: '%C0%80' },
  { name: 'truncated utf-8', url: '%E2%82' },
  { name: 'invalid utf-8', url: '%FF%FE' },
  { name: 'bad escape', url: '%zz' },
  { name: 'lone percent', url: '%' },
  { name: 'double-encoded nul', url: '%2500' },
  { name: 'very long', url: LONG },
  { name: 'string id', url: 'abc' },
  { name: 'negative', url: '-1' },
  { name: 'zero', url: '0' },
  { name: 'huge number', url: '99999999999999999999' },
  { name: 'float', url: '1.5' },
  { name: 'exponent', url: '1e309' },
  { name: 'NaN', url: 'NaN' },
  { name: 'empty', url: '' },
  { name: 'space', url: '%20' },
  { name: 'markup', url: '%22%3E%3Csvg%20onload%3Dfuzz()%3E' },
  { name: 'sql', url: "'%20OR%201%3D1--" },
  { name: 'crlf', url: 'x%0D%0ASet-Cookie:%20fuzz%3D1' },
  { name: 'traversal', url: '..%2F..%2F..%2Fetc%2Fpasswd' },
  { name: 'operator object', url: '%7B%22%24gt%22%3A%22%22%7D' },
  { name: 'rtl override', url: '%E2%80%AEabc' },
  { name: 'emoji', url: '%F0%9F%A7%B1' },
];

export const JSON_VALUES: readonly JsonValue[] = [
  { name: 'nul', json: utf8('"a\\u0000b"') },
  { name: 'lone surrogate', json: utf8('"\\ud800"') },
  { name: 'lone low surrogate', json: utf8('"x\\udfffx"') },
  // Raw bytes, not escapes: an overlong "." and bytes that are never UTF-8, inside a JSON string.
  { name: 'overlong utf-8', json: Buffer.from([0x22, 0xc0, 0xae, 0xc0, 0xae, 0x22]) },
  { name: 'invalid utf-8', json: Buffer.from([0x22, 0x61, 0xff, 0xfe, 0x22]) },
  { name: 'percent escapes', json: utf8('"%00%zz%C0%AE"') },
  { name: 'string id', json: utf8('"abc"') },
  { name: 'numeric string', json: utf8('"1"') },
  { name: 'negative', json: utf8('-1') },
  { name: 'zero', json: utf8('0') },
  { name: 'huge number', json: utf8('99999999999999999999') },
  { name: 'exponent', json: utf8('1e309') },
  { name: 'float', json: utf8('1.5') },
  { name: 'null', json: utf8('null') },
  { name: 'boolean', json: utf8('true') },
  { name: 'empty string', json: utf8('""') },
  { name: 'empty array', json: utf8('[]') },
  { name: 'empty object', json: utf8('{}') },
  { name: 'operator object', json: utf8('{"$gt":""}') },
  { name: 'very long string', json: utf8(`"${'a'.repeat(100_000)}"`) },
  { name: 'deep nesting', json: utf8('['.repeat(DEEP_NESTING) + ']'.repeat(DEEP_NESTING)) },
  { name: 'array of lone surrogates', json: utf8('["\\ud800","\\udc00"]') },
  { name: 'markup', json: utf8('"\\"><svg onload=fuzz()>"') },
  { name: 'sql', json: utf8(`"' OR 1=1--"`) },
  { name: 'prototype key', json: utf8('{"__proto__":{"polluted":true}}') },
];

/** The values the --quick subset rotates through. */
const QUICK_URL = new Set([
  'nul',
  'lone surrogate',
  'overlong utf-8',
  'bad escape',
  'string id',
  'huge number',
]);
const QUICK_JSON = new Set([
  'nul',
  'lone surrogate',
  'overlong utf-8',
  'string id',
  'deep nesting',
  'huge number',
]);
const quickUrlValues = URL_VALUES.filter((value) => QUICK_URL.has(value.name));
const quickJsonValues = JSON_VALUES.filter((value) => QUICK_JSON.has(value.name));

/** What the fuzzer knows of the real catalogue, to build requests that get past the first validation. */
export interface Catalogue {
  productSlugs: string[];
  categorySlugs: string[];
  pageSlugs: string[];
  folderSlugs: string[];
  searchTerms: string[];
  /** Valid listing filter segments (`CATEGORIES__1`, `SURFACE__plaster`). */
  filterSegments: string[];
  /** One valid set of selector-guide answers. */
  guideAnswers: Record<string, string>;
  /** Valid careers filter segments (`CONTRACT__permanent`). */
  careersSegments: string[];
  /** Paths of static pages (from the build's sitemap.xml). */
  staticPaths: string[];
  /** A media key (`p/pw-1001-visuel-1.png`) and a GTIN, for the media and scan routes. */
  mediaKey: string;
  gtin: string;
}

export interface CaseOptions {
  /** Sent as `x-api-key` on operations that need it. Without it those answer 401 before reading the body. */
  apiKey?: string;
}

const BASE_HEADERS = { 'user-agent': 'plasterwick-fuzz/1', accept: '*/*' } as const;

function request(
  fields: Omit<FuzzRequest, 'headers' | 'quick'> & { headers?: Record<string, string>; quick?: boolean },
): FuzzRequest {
  return { ...fields, headers: { ...BASE_HEADERS, ...fields.headers }, quick: fields.quick ?? false };
}

/** The same request sent to the other side: every API case goes straight to the back-office and through the proxy. */
function bothTargets(req: FuzzRequest): FuzzRequest[] {
  return [req, { ...req, target: 'storefront' }];
}

// ---------------------------------------------------------------------------------------------------------------
// Baseline values from schemas

const PLACEHOLDER = 'FUZZ_PLACEHOLDER_7f3a9c';
export const MISSING_ID = 2147483647;

/** A plausible value for a string field, by its name and rules (the validators check formats, not just types). */
function sampleString(name: string, schema: JsonSchema): string {
  if (schema.enum?.length) return String(schema.enum[0]);
  const key = name.toLowerCase();
  let value = 'Fuzz test';
  if (key.includes('email')) value = 'fuzz@example.com';
  else if (key.includes('phone')) value = '01632 960123';
  else if (key.includes('postcode')) value = 'SW1A 1AA';
  else if (key === 'slug' || schema.pattern?.startsWith('^[a-z0-9]+')) value = 'fuzz-test';
  else if (key === 'gtin' || schema.pattern?.includes('\\d{8')) value = '5012345678900';
  else if (key === 'reference' || schema.pattern?.startsWith('^[A-Z0-9]')) value = 'FUZZ-1';
  else if (key.includes('url')) value = 'https://example.com/fuzz';
  else if (schema.format === 'date' || key.endsWith('_on')) value = '2027-06-01';
  else if (schema.format === 'date-time' || key.endsWith('_at')) value = '2027-06-01T09:00:00.000Z';
  else if (key === 'lang' || key === 'language') value = 'en';
  else if (key === 'colour' || key === 'color') value = '#1b6b4a';
  const min = schema.minLength ?? 0;
  if (value.length < min) value = value.padEnd(min, 'x');
  if (schema.maxLength !== undefined && value.length > schema.maxLength)
    value = value.slice(0, schema.maxLength);
  return value;
}

function sampleNumber(name: string, schema: JsonSchema, integer: boolean): number {
  const key = name.toLowerCase();
  if (key === 'site_id') return SITE_ID;
  // An id no row has: with --api-key a baseline PUT or DELETE must not change or remove real data.
  if (key === 'id') return MISSING_ID;
  if (key === 'plan_id' || key === 'sales_plan_id' || key === 'saleplan_id') return PLAN_IDS.pro;
  if (key === 'latitude') return 51.5;
  if (key === 'longitude') return -0.12;
  let value = 1;
  if (schema.minimum !== undefined) {
    const exclusive = schema.exclusiveMinimum === true;
    value = Math.max(value, exclusive ? schema.minimum + (integer ? 1 : 0.5) : schema.minimum);
  }
  if (schema.maximum !== undefined) value = Math.min(value, schema.maximum);
  return integer ? Math.ceil(value) : value;
}

/** A value that satisfies `schema` as far as cheaply possible: every property present, arrays at minItems (≥ 1). */
export function sampleFromSchema(schema: JsonSchema, name = '', depth = 0): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum.find((value) => value !== null) ?? schema.enum[0];
  if (depth > 6) return null;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return sampleFromSchema(variants[0]!, name, depth);
  if (schema.allOf?.length)
    return Object.assign({}, ...schema.allOf.map((part) => sampleFromSchema(part, name, depth)));
  switch (schemaType(schema)) {
    case 'string':
      return sampleString(name, schema);
    case 'integer':
      return sampleNumber(name, schema, true);
    case 'number':
      return sampleNumber(name, schema, false);
    case 'boolean':
      return false;
    case 'array': {
      const count = Math.max(1, schema.minItems ?? 1);
      return Array.from({ length: count }, () => sampleFromSchema(schema.items ?? {}, name, depth + 1));
    }
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, property]) => [
          key,
          sampleFromSchema(property, key, depth + 1),
        ]),
      );
    default:
      return 'fuzz';
  }
}

type FieldPath = (string | number)[];

/** The paths of the fields of `value` a case can make hostile: leaves and containers, up to `maxDepth` deep. */
export function fieldPaths(value: unknown, maxDepth = 3, prefix: FieldPath = []): FieldPath[] {
  if (prefix.length >= maxDepth || value === null || typeof value !== 'object') return [];
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.slice(0, 1).map((item, index) => [index, item])
    : Object.entries(value);
  return entries.flatMap(([key, child]) => [
    [...prefix, key],
    ...fieldPaths(child, maxDepth, [...prefix, key]),
  ]);
}

function setAt(root: unknown, path: FieldPath, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(root))
    return root.map((item, index) => (index === head ? setAt(item, rest, replacement) : item));
  const object = root as Record<string, unknown>;
  return { ...object, [head!]: setAt(object[head!], rest, replacement) };
}

/** `value` serialized with the field at `path` replaced by the raw JSON bytes `json` (escapes kept as written). */
export function jsonWith(value: unknown, path: FieldPath, json: Buffer): Buffer {
  const text = JSON.stringify(setAt(value, path, PLACEHOLDER));
  const [before, after] = text.split(`"${PLACEHOLDER}"`);
  return Buffer.concat([utf8(before!), json, utf8(after ?? '')]);
}

export function formatFieldPath(path: FieldPath): string {
  return path
    .map((part) => (typeof part === 'number' ? `[${part}]` : part))
    .join('.')
    .replace(/\.\[/g, '[');
}

// ---------------------------------------------------------------------------------------------------------------
// API operations

/** The valid value of a path parameter: a real slug for slug routes, a real id otherwise. */
function samplePathParam(op: Operation, name: string, schema: JsonSchema, catalogue: Catalogue): string {
  if (name === '*') return catalogue.mediaKey;
  if (name === 'code') return catalogue.gtin;
  if (schemaType(schema) === 'integer') return '1';
  const resource = op.path.split('/')[3];
  const slugs: Record<string, string[]> = {
    product: catalogue.productSlugs,
    category: catalogue.categorySlugs,
    page: catalogue.pageSlugs,
    folder: catalogue.folderSlugs,
  };
  return encodeURIComponent(slugs[resource ?? '']?.[0] ?? '1');
}

/** The baseline query: the shop's common parameters plus every required one, each with a plausible value. */
function baselineQuery(op: Operation, catalogue: Catalogue): QueryPair[] {
  const pairs: QueryPair[] = [];
  for (const param of op.queryParams) {
    const common = ['site_id', 'lang', 'sales_plan_id'].includes(param.name);
    if (!common && !param.required) continue;
    let value: string;
    if (param.name === 'text') value = catalogue.searchTerms[0] ?? 'filler';
    else if (param.name === 'slug') value = catalogue.productSlugs[0] ?? 'fuzz';
    else if (param.name === 'entity_type') value = 'product';
    else value = String(sampleFromSchema(param.schema, param.name));
    pairs.push([param.name, encodeURIComponent(value)]);
  }
  return pairs;
}

/** A query parameter, raw (percent-encoded); no value = the bare name (`?flag`). */
type QueryPair = [name: string, value?: string];

function queryString(pairs: QueryPair[]): string {
  const parts = pairs.map(([key, value]) => (value === undefined ? key : `${key}=${value}`));
  return parts.length ? `?${parts.join('&')}` : '';
}

interface OperationBase {
  op: Operation;
  route: string;
  pathValues: Record<string, string>;
  query: QueryPair[];
  body?: unknown;
  headers: Record<string, string>;
  guessing: boolean;
}

function baseOf(op: Operation, catalogue: Catalogue, options: CaseOptions): OperationBase {
  const pathValues = Object.fromEntries(
    op.pathParams.map((param) => [param.name, samplePathParam(op, param.name, param.schema, catalogue)]),
  );
  const headers: Record<string, string> = {};
  if (op.needsKey && options.apiKey) headers['x-api-key'] = options.apiKey;
  return {
    op,
    route: `${op.method} ${op.path}`,
    pathValues,
    query: baselineQuery(op, catalogue),
    body: op.body ? sampleFromSchema(op.body) : undefined,
    headers,
    guessing: (op.needsKey && !options.apiKey) || op.path.includes('/preview/'),
  };
}

function apiRequest(
  base: OperationBase,
  name: string,
  changes: {
    pathValues?: Record<string, string>;
    query?: QueryPair[];
    body?: Buffer;
    contentType?: string;
    quick?: boolean;
  },
): FuzzRequest {
  const body = changes.body ?? (base.body === undefined ? undefined : utf8(JSON.stringify(base.body)));
  const headers = { ...base.headers };
  if (body) headers['content-type'] = changes.contentType ?? 'application/json';
  return request({
    target: 'backoffice',
    route: base.route,
    name,
    method: base.op.method,
    path:
      fillPath(base.op.path, { ...base.pathValues, ...changes.pathValues }) +
      queryString(changes.query ?? base.query),
    headers,
    body,
    quick: changes.quick,
    guessing: base.guessing,
  });
}

/** Whole-body cases: an id of the wrong type, bodies that are not objects, broken JSON, other content types. */
function wholeBodies(base: OperationBase): { name: string; body: Buffer; contentType?: string }[] {
  const sample = JSON.stringify(base.body ?? {});
  const deepObject = '{"a":'.repeat(DEEP_NESTING) + '1' + '}'.repeat(DEEP_NESTING);
  return [
    { name: 'string id', body: utf8('{"id":"abc"}') },
    { name: 'string id in sample', body: utf8(JSON.stringify({ ...(base.body as object), id: 'abc' })) },
    { name: 'numeric string id', body: utf8('{"id":"1"}') },
    { name: 'negative id', body: utf8('{"id":-1}') },
    { name: 'huge id', body: utf8('{"id":99999999999999999999}') },
    { name: 'exponent id', body: utf8('{"id":1e309}') },
    { name: 'float id', body: utf8('{"id":1.5}') },
    { name: 'array id', body: utf8('{"id":[1,2]}') },
    { name: 'operator id', body: utf8('{"id":{"$gt":0}}') },
    { name: 'lone surrogate id', body: utf8('{"id":"\\ud800"}') },
    { name: 'nul id', body: utf8('{"id":"1\\u0000"}') },
    { name: 'array body', body: utf8('[]') },
    { name: 'string body', body: utf8('"fuzz"') },
    { name: 'null body', body: utf8('null') },
    { name: 'number body', body: utf8('1') },
    { name: 'empty body', body: Buffer.alloc(0) },
    { name: 'truncated json', body: utf8(sample.slice(0, Math.max(1, Math.floor(sample.length / 2)))) },
    { name: 'trailing garbage', body: utf8(`${sample}}}`) },
    {
      name: 'prototype pollution',
      body: utf8('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}'),
    },
    { name: 'deep object', body: utf8(deepObject) },
    {
      name: 'duplicate keys',
      body: utf8(`${sample.slice(0, -1)}${sample.length > 2 ? ',' : ''}"id":1,"id":"abc"}`),
    },
    { name: 'byte order mark', body: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8(sample)]) },
    { name: 'nul key', body: utf8('{"a\\u0000b":1,"\\ud800":2}') },
    {
      name: 'invalid utf-8 key',
      body: Buffer.concat([utf8('{"'), Buffer.from([0xc0, 0xae, 0xff]), utf8('":1}')]),
    },
    { name: 'text/plain', body: utf8(sample), contentType: 'text/plain' },
    {
      name: 'form-urlencoded',
      body: utf8('id=abc&name=%00&x=%zz'),
      contentType: 'application/x-www-form-urlencoded',
    },
    {
      name: 'broken multipart',
      body: utf8('--fuzz\r\nContent-Disposition: form-data; name="file"; filename="../../x"\r\n\r\nxx'),
      contentType: 'multipart/form-data; boundary=fuzz',
    },
    { name: 'json utf-16 charset', body: utf8(sample), contentType: 'application/json; charset=utf-16' },
    { name: 'json bogus charset', body: utf8(sample), contentType: 'application/json; charset=fuzz' },
    { name: 'unknown content type', body: utf8(sample), contentType: 'application/x-fuzz' },
  ];
}

/** Extra query pairs that are hostile by shape rather than value. */
function shapeQueries(base: OperationBase, name: string): { name: string; query: QueryPair[] }[] {
  const without = base.query.filter(([key]) => key !== name);
  return [
    { name: `query ${name}: repeated`, query: [...without, [name, '1'], [name, 'abc']] },
    { name: `query ${name}: brackets`, query: [...without, [`${name}[]`, '1']] },
    { name: `query ${name}: nested`, query: [...without, [`${name}[a][b]`, '1']] },
    { name: `query ${name}: no value`, query: [...without, [name]] },
  ];
}

/**
 * Every case of one operation, back-office and proxy. `index` rotates which hostile value the quick subset uses,
 * so the subset covers every value somewhere while sending each operation only a few requests.
 */
export function operationCases(
  op: Operation,
  catalogue: Catalogue,
  options: CaseOptions = {},
  index = 0,
): FuzzRequest[] {
  const base = baseOf(op, catalogue, options);
  const out: FuzzRequest[] = [];
  const quickUrl = quickUrlValues[index % quickUrlValues.length]!;
  const quickJson = quickJsonValues[index % quickJsonValues.length]!;
  // Without the key, a keyed operation answers 401 before it looks at the body: field-level cases are noise.
  const locked = op.needsKey && !options.apiKey;

  out.push(apiRequest(base, 'baseline', { quick: true }));
  for (const param of op.pathParams) {
    for (const value of URL_VALUES) {
      out.push(
        apiRequest(base, `path ${param.name}: ${value.name}`, {
          pathValues: { [param.name]: value.url },
          quick: quickUrlValues.includes(value),
        }),
      );
    }
    if (param.name === '*') {
      for (const [name, url] of [
        ['traversal', '..%2F..%2Fpackage.json'],
        ['dot segments', 'p/../../../etc/passwd'],
        ['encoded dots', '%2e%2e/%2e%2e/%2e%2e/etc/passwd'],
        ['absolute', '/etc/passwd'],
      ] as const)
        out.push(apiRequest(base, `path *: ${name}`, { pathValues: { '*': url } }));
    }
  }
  const firstQuick =
    op.queryParams.find((param) => !['site_id', 'lang', 'sales_plan_id'].includes(param.name)) ??
    op.queryParams[0];
  for (const param of op.queryParams) {
    const others = base.query.filter(([key]) => key !== param.name);
    for (const value of locked ? quickUrlValues : URL_VALUES) {
      out.push(
        apiRequest(base, `query ${param.name}: ${value.name}`, {
          query: [...others, [param.name, value.url]],
          quick: param === firstQuick && value === quickUrl,
        }),
      );
    }
    if (!locked)
      for (const shape of shapeQueries(base, param.name))
        out.push(apiRequest(base, shape.name, { query: shape.query }));
  }
  for (const [name, url] of [
    ['nul name', '%00'],
    ['bad escape name', '%zz'],
    ['lone surrogate name', '%ED%A0%80'],
  ] as const) {
    out.push(apiRequest(base, `query: ${name}`, { query: [...base.query, [url, '1']] }));
  }
  if (op.body !== undefined) {
    const fields = locked ? [] : fieldPaths(base.body);
    fields.forEach((field, fieldIndex) => {
      for (const value of JSON_VALUES) {
        out.push(
          apiRequest(base, `body ${formatFieldPath(field)}: ${value.name}`, {
            body: jsonWith(base.body, field, value.json),
            quick: fieldIndex === 0 && value === quickJson,
          }),
        );
      }
    });
    for (const whole of wholeBodies(base)) {
      out.push(
        apiRequest(base, `body: ${whole.name}`, {
          body: whole.body,
          contentType: whole.contentType,
          quick: whole.name === 'string id' || (fields.length === 0 && whole.name === 'nul key'),
        }),
      );
    }
  }
  for (const req of protocolCases(apiRequest(base, 'baseline', {}), false)) out.push(req);
  return out.flatMap(bothTargets);
}

// ---------------------------------------------------------------------------------------------------------------
// Protocol cases

const TWO_MB = 2 * 1024 * 1024;
let bigBody: Buffer | undefined;
/** A 2 MB JSON body, built once and shared by every case that sends it. */
export function twoMegabyteBody(): Buffer {
  bigBody ??= Buffer.concat([utf8('{"message":"'), Buffer.alloc(TWO_MB, 'a'), utf8('"}')]);
  return bigBody;
}

const JSON_TYPE = { 'content-type': 'application/json' };

/**
 * Protocol-level variants of `base` (same route): oversized and mislabelled bodies, Expect, unusual methods,
 * malformed paths and oversized headers. `quick` marks them all as part of the quick subset.
 */
export function protocolCases(base: FuzzRequest, quick: boolean): FuzzRequest[] {
  const small = utf8('{"id":1}');
  const [pathname = '/', search = ''] = base.path.split(/(?=\?)/);
  const variant = (name: string, changes: Partial<FuzzRequest>): FuzzRequest => {
    const req = {
      ...base,
      name: `protocol: ${name}`,
      quick,
      fresh: true,
      ...changes,
      headers: { ...base.headers, ...changes.headers },
    };
    if (!req.body) delete req.headers['content-type'];
    return req;
  };
  const writeMethod = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(base.method) ? base.method : 'POST';
  return [
    variant('2 MB body', { method: writeMethod, headers: JSON_TYPE, body: twoMegabyteBody() }),
    variant('2 MB body, chunked', {
      method: writeMethod,
      headers: { ...JSON_TYPE, 'transfer-encoding': 'chunked' },
      body: twoMegabyteBody(),
    }),
    variant('Content-Encoding: bogus', {
      method: writeMethod,
      headers: { ...JSON_TYPE, 'content-encoding': 'bogus' },
      body: small,
    }),
    variant('Content-Encoding: gzip, not gzip', {
      method: writeMethod,
      headers: { ...JSON_TYPE, 'content-encoding': 'gzip' },
      body: small,
    }),
    variant('Expect: 100-continue', {
      method: writeMethod,
      headers: { ...JSON_TYPE, expect: '100-continue' },
      body: base.body ?? small,
      expectContinue: true,
    }),
    variant('Expect: 100-continue, 2 MB', {
      method: writeMethod,
      headers: { ...JSON_TYPE, expect: '100-continue' },
      body: twoMegabyteBody(),
      expectContinue: true,
    }),
    variant('Expect: bogus', { headers: { expect: 'fuzz' } }),
    variant('Connection: close', { headers: { connection: 'close' } }),
    variant('TRACE', { method: 'TRACE', body: undefined }),
    variant('OPTIONS', { method: 'OPTIONS', body: undefined }),
    variant('PROPFIND', {
      method: 'PROPFIND',
      headers: { 'content-type': 'application/xml', depth: '1' },
      body: utf8('<?xml version="1.0"?><propfind xmlns="DAV:"><allprop/></propfind>'),
    }),
    variant('GET with a body', { method: 'GET', headers: JSON_TYPE, body: utf8('{"id":"\\ud800"}') }),
    variant('path %zz', { path: `${pathname}/%zz${search}` }),
    variant('path bad escape prefix', { path: `/%zz${pathname}${search}` }),
    variant('path nul', { path: `${pathname}%00${search}` }),
    variant('path encoded slash and dots', { path: `${pathname}/..%2F..%2F%2e%2e%2Fetc%2Fpasswd${search}` }),
    variant('query %zz', { path: `${pathname}${search ? `${search}&` : '?'}%zz=%zz&q=%ED%A0%80` }),
    variant('very long header', { headers: { 'x-fuzz': 'a'.repeat(20_000) }, expectStatus: [431] }),
    variant('very long URL', { path: `${pathname}?q=${'a'.repeat(20_000)}`, expectStatus: [414, 431] }),
    variant('latin-1 bytes in a header', { headers: { 'accept-language': 'ÿþ\u00c0\u00ae' } }),
    variant('hostile cookie', { headers: { cookie: 'i18n_redirected=%zz; a=%ED%A0%80; =; b' } }),
    variant('hostile Accept-Encoding', { headers: { 'accept-encoding': 'gzip;q=fuzz, br;q=-1, *;q=2' } }),
    variant('hostile Range', { headers: { range: 'bytes=999999999-1,-0,a-b' } }),
    variant('Host: another site', { headers: { host: 'evil.example' } }),
    variant('raw invalid UTF-8 in the path', {
      raw: Buffer.concat([
        utf8(`GET ${pathname}/`),
        Buffer.from([0xc0, 0xae, 0xff]),
        utf8(' HTTP/1.1\r\nHost: fuzz\r\nConnection: close\r\n\r\n'),
      ]),
    }),
    variant('raw bad Content-Length', {
      raw: utf8(
        `POST ${base.path} HTTP/1.1\r\nHost: fuzz\r\nContent-Length: abc\r\nConnection: close\r\n\r\n{}`,
      ),
    }),
  ];
}

// ---------------------------------------------------------------------------------------------------------------
// Storefront pages

function pageRequest(
  route: string,
  name: string,
  path: string,
  changes: Partial<FuzzRequest> = {},
): FuzzRequest {
  return request({
    target: 'storefront',
    route,
    name,
    method: 'GET',
    path,
    ...changes,
    headers: { accept: 'text/html,*/*', ...changes.headers },
  });
}

/** base64url of raw bytes: selector-guide segments that decode to something hostile. */
function base64url(bytes: Buffer): string {
  return bytes.toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const HOSTILE_QUERIES: readonly UrlValue[] = [
  { name: 'nul', url: 'q=%00' },
  { name: 'bad escape', url: '%zz=%zz' },
  { name: 'lone surrogate', url: 'q=%ED%A0%80' },
  { name: 'overlong utf-8', url: 'utm_source=%C0%AE%C0%AE' },
  { name: 'very long', url: `q=${LONG}` },
  { name: 'markup', url: 'q=%22%3E%3Csvg%20onload%3Dfuzz()%3E' },
  { name: 'repeated', url: 'page=1&page=abc&page[]=2' },
];

/**
 * The on-demand routes with hostile segments and queries, and static pages with hostile queries and methods.
 * Both audiences; valid segments come from the catalogue so each route is reached past its first check.
 */
export function pageCases(catalogue: Catalogue): FuzzRequest[] {
  const out: FuzzRequest[] = [];
  const search = encodeURIComponent(catalogue.searchTerms[0] ?? 'filler');
  const category = catalogue.categorySlugs[0] ?? 'fillers';
  const filter = catalogue.filterSegments[0] ?? 'CATEGORIES__1';
  const guide = encodeGuideAnswers(catalogue.guideAnswers);
  const careers = catalogue.careersSegments[0] ?? 'CONTRACT__permanent';

  Object.values(TARGET_SEGMENTS).forEach((segment, audienceIndex) => {
    const s = `/${segment}`;
    const routes: { route: string; build: (value: string) => string }[] = [
      { route: `GET /{target}/results/{search}`, build: (v) => `${s}/results/${v}` },
      { route: `GET /{target}/results/{search}/{filters}`, build: (v) => `${s}/results/${search}/${v}` },
      { route: `GET /{target}/results?q=`, build: (v) => `${s}/results?q=${v}` },
      { route: `GET /{target}/category/{slug}/{filters}`, build: (v) => `${s}/category/${category}/${v}` },
      {
        route: `GET /{target}/category/{slug}/{filters} (slug)`,
        build: (v) => `${s}/category/${v}/${filter}`,
      },
      { route: `GET /{target}/category/{filters}`, build: (v) => `${s}/category/${v}` },
      { route: `GET /{target}/choice-guide/{answers}`, build: (v) => `${s}/choice-guide/${v}` },
      {
        route: `GET /{target}/choice-guide/{answers}/{filters}`,
        build: (v) => `${s}/choice-guide/${guide}/${v}`,
      },
      { route: `GET /{target}/careers/{filters}`, build: (v) => `${s}/careers/${v}` },
      { route: `GET /{target}/account/orders/{number}`, build: (v) => `${s}/account/orders/${v}` },
      { route: `GET /{target}/product/{slug}`, build: (v) => `${s}/product/${v}` },
      { route: `GET /{target}/{slug}`, build: (v) => `${s}/${v}` },
    ];
    routes.forEach(({ route, build }, routeIndex) => {
      for (const value of URL_VALUES) {
        const quick = audienceIndex === 0 && value === quickUrlValues[routeIndex % quickUrlValues.length];
        out.push(pageRequest(route, `segment: ${value.name}`, build(value.url), { quick }));
      }
      for (const value of HOSTILE_QUERIES)
        out.push(pageRequest(route, `query: ${value.name}`, `${build(filter)}?${value.url}`));
    });

    // Filter segments that look right but are not: bad keys, bad values, too many, page out of range.
    const listing = `GET /{target}/{listing}/{filters}`;
    for (const [name, segments] of [
      ['page zero', '_p__0'],
      ['page huge', '_p__999999'],
      ['page past the end', '_p__99999'],
      ['unknown filter', 'FUZZ__x'],
      ['filter value not in facet', `${filter.split('__')[0]}__does-not-exist`],
      ['empty values', `${filter.split('__')[0]}__`],
      ['lower-case key', filter.toLowerCase()],
      ['too many segments', Array.from({ length: 30 }, (_, i) => `K${i}__v`).join('/')],
      ['repeated filter', `${filter}/${filter}/${filter}`],
      ['numeric price filter', 'PRICE__-1__99999999999999999999'],
    ] as const) {
      out.push(pageRequest(listing, `filters: ${name}`, `${s}/category/${category}/${segments}`));
      out.push(pageRequest(listing, `filters: ${name}`, `${s}/results/${search}/${segments}`));
      out.push(pageRequest(listing, `filters: ${name}`, `${s}/choice-guide/${guide}/${segments}`));
    }

    // Selector-guide answers that are valid base64url of hostile JSON.
    const firstQuestion = Object.keys(catalogue.guideAnswers)[0] ?? 'surface';
    for (const [name, json] of [
      ['nul answer', utf8(`{"${firstQuestion}":"a\\u0000b"}`)],
      ['lone surrogate answer', utf8(`{"${firstQuestion}":"\\ud800"}`)],
      [
        'invalid utf-8',
        Buffer.concat([utf8(`{"${firstQuestion}":"`), Buffer.from([0xc0, 0xae]), utf8('"}')]),
      ],
      ['unknown question', utf8('{"fuzz":"x"}')],
      ['unknown answer', utf8(`{"${firstQuestion}":"does-not-exist"}`)],
      ['prototype key', utf8('{"__proto__":"x"}')],
      ['array', utf8('["x"]')],
      ['deep nesting', utf8('['.repeat(DEEP_NESTING) + ']'.repeat(DEEP_NESTING))],
      ['very long answer', utf8(`{"${firstQuestion}":"${'a'.repeat(3000)}"}`)],
    ] as const) {
      out.push(
        pageRequest(
          `GET /{target}/choice-guide/{answers}`,
          `answers: ${name}`,
          `${s}/choice-guide/${base64url(json)}`,
        ),
      );
    }

    // Careers filters: a valid segment plus hostile neighbours.
    for (const [name, segments] of [
      ['unknown key', `${careers}/FUZZ__x`],
      ['page segment', `${careers}/_p__2`],
      ['too many', `${careers}/${careers}/${careers}/${careers}/${careers}`],
      ['unknown value', 'CONTRACT__does-not-exist'],
    ] as const) {
      out.push(
        pageRequest(`GET /{target}/careers/{filters}`, `filters: ${name}`, `${s}/careers/${segments}`),
      );
    }
  });

  // The preview route: hostile ids and tokens.
  for (const value of URL_VALUES) {
    out.push(
      pageRequest('GET /preview/{id}', `id: ${value.name}`, `/preview/${value.url}?token=fuzz`, {
        quick: value.name === 'nul',
        guessing: true,
      }),
    );
    out.push(
      pageRequest('GET /preview/{id}?token=', `token: ${value.name}`, `/preview/1?token=${value.url}`, {
        // Tokens go to the back-office in a header: characters a header cannot carry must not break the page.
        quick: ['lone surrogate', 'emoji', 'crlf'].includes(value.name),
        guessing: true,
      }),
    );
  }
  // A hostile audience segment in front of the on-demand routes.
  for (const value of URL_VALUES) {
    out.push(
      pageRequest(
        'GET /{hostile target}/results/{search}',
        `target: ${value.name}`,
        `/${value.url}/results/${search}`,
        { quick: value.name === 'bad escape' },
      ),
    );
  }
  // Open-redirect probes: the server's own redirects must stay on this site.
  for (const [name, path] of [
    ['double slash', '//evil.example/'],
    ['double slash page', '//evil.example/%2e%2e'],
    ['backslash', '/\\evil.example/'],
    ['encoded slash', '/%2F%2Fevil.example/'],
    ['trailing slash host', '/professional-filler//evil.example/'],
  ] as const) {
    out.push(pageRequest('GET /{open redirect}', `path: ${name}`, path, { quick: name === 'double slash' }));
  }

  // Static pages: hostile queries and methods.
  catalogue.staticPaths.forEach((path, pathIndex) => {
    HOSTILE_QUERIES.forEach((value, valueIndex) => {
      out.push(
        pageRequest('GET {static page}', `query: ${value.name}`, `${path}?${value.url}`, {
          quick: pathIndex === valueIndex,
        }),
      );
    });
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      out.push(
        pageRequest(`${method} {static page}`, `method: ${method}`, path, {
          method,
          headers: JSON_TYPE,
          body: utf8('{"id":"\\ud800"}'),
          quick: pathIndex === 0,
        }),
      );
    }
  });
  return out;
}

/** Protocol cases on the storefront: a static page, an on-demand page and a proxied API call. */
export function storefrontProtocolCases(catalogue: Catalogue): FuzzRequest[] {
  const search = encodeURIComponent(catalogue.searchTerms[0] ?? 'filler');
  const staticPath = catalogue.staticPaths[0] ?? '/';
  return [
    ...protocolCases(pageRequest('GET {static page}', 'baseline', staticPath), true),
    ...protocolCases(
      pageRequest(`GET /{target}/results/{search}`, 'baseline', `/${TARGET_SEGMENTS.pro}/results/${search}`),
      false,
    ),
  ];
}

/** Protocol cases once per target on one API operation (the quick subset's share). */
export function quickApiProtocolCases(
  op: Operation,
  catalogue: Catalogue,
  options: CaseOptions = {},
): FuzzRequest[] {
  const base = apiRequest(baseOf(op, catalogue, options), 'baseline', {});
  return protocolCases(base, true).flatMap(bothTargets);
}

// ---------------------------------------------------------------------------------------------------------------
// Order

/** mulberry32: a small seeded PRNG, so a run's order is reproducible from its seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A shuffled copy (Fisher–Yates) in the order `seed` gives. */
export function shuffle<T>(items: readonly T[], seed: number): T[] {
  const random = seededRandom(seed);
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

export interface PlanOptions extends CaseOptions {
  quick: boolean;
  seed: number;
}

/**
 * The run's requests in order: first the quick subset (every operation and route, every protocol case), in a
 * fixed order; then, unless quick, everything else shuffled by the seed. The caller stops at its limits.
 */
export function planRequests(
  operations: readonly Operation[],
  catalogue: Catalogue,
  options: PlanOptions,
): FuzzRequest[] {
  const all: FuzzRequest[] = [];
  operations.forEach((op, index) => all.push(...operationCases(op, catalogue, options, index)));
  // Protocol cases once on a read (which the storefront forwards) and once on a public form (a body it takes).
  const protocolOps = new Set([
    operations.find((op) => op.method === 'GET' && !op.needsKey && op.pathParams.length === 0),
    operations.find((op) => op.method === 'POST' && op.body && !op.needsKey),
  ]);
  for (const op of protocolOps) if (op) all.push(...quickApiProtocolCases(op, catalogue, options));
  all.push(...storefrontProtocolCases(catalogue));
  all.push(...pageCases(catalogue));
  const quick = all.filter((req) => req.quick);
  if (options.quick) return quick;
  return [
    ...quick,
    ...shuffle(
      all.filter((req) => !req.quick),
      options.seed,
    ),
  ];
}
