/**
 * The calls added to complete the generic resource matrix: staff handling of form submissions, stockist
 * create/update/delete with field-named validation errors, the 405 answers of read-only resources, and
 * property tests that none of them answers ≥ 500 whatever it is sent.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { submissionItem } from '../src/modules/forms/schemas.ts';
import { stockistRecord } from '../src/modules/store-locator/schemas.ts';
import { solvedBotCheck } from './bot-check-solver.ts';
import { API_KEY, createTestApp, q, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const key = { 'x-api-key': API_KEY };
let ip = 0;
/** Each public post from its own address, so the forms' rate limit never bites here. */
const nextAddress = () => `127.30.${Math.floor(ip / 250) % 250}.${(ip++ % 250) + 1}`;

const errorSchema = z.object({
  status: z.string(),
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
});
const fieldsOf = (body: unknown) =>
  Object.fromEntries(errorSchema.parse(body).errors.map((e) => [e.field, e.message]));

const listSchema = z.object({ data: z.object({ items: z.array(submissionItem), total: z.number() }) });
const oneSubmission = z.object({ data: submissionItem });
const oneStockist = z.object({ data: stockistRecord });

async function contentVersion(): Promise<number> {
  const res = await t.app.inject({ url: `/api/v1/content-version?${q()}` });
  return z.object({ data: z.object({ version: z.number() }) }).parse(res.json()).data.version;
}

describe('form submissions (staff, API key)', () => {
  const message = (n: number) => ({
    first_name: 'Alex',
    last_name: `Morgan ${n}`,
    email: `alex${n}@example.co.uk`,
    subject: `Question ${n}`,
    message: 'Is the fine filler in stock?',
    accept_terms: true,
  });
  const ids: number[] = [];

  beforeAll(async () => {
    for (let n = 1; n <= 3; n++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/contact?${q()}`,
        payload: { ...message(n), bot_check: await solvedBotCheck(t.app) },
        remoteAddress: nextAddress(),
      });
      ids.push(z.object({ data: z.object({ id: z.number() }) }).parse(res.json()).data.id);
    }
  });

  test('never readable or writable without the key (a wrong key or a bearer of it is no better)', async () => {
    const requests = [
      { method: 'GET' as const, url: `/api/v1/contact?${q()}` },
      { method: 'GET' as const, url: `/api/v1/contact/${ids[0]}?${q()}` },
      {
        method: 'PUT' as const,
        url: `/api/v1/contact?${q()}`,
        payload: { id: ids[0], version: 1, status: 'done' },
      },
      { method: 'DELETE' as const, url: `/api/v1/contact?${q({ id: ids[0] })}` },
    ];
    for (const request of requests) {
      for (const headers of [{}, { 'x-api-key': 'wrong' }, { authorization: 'Bearer wrong' }]) {
        // Each from its own address: ten failures from one client would be braked with 429.
        const res = await t.app.inject({ ...request, headers, remoteAddress: nextAddress() });
        expect(res.statusCode, `${request.method} ${request.url}`).toBe(401);
        expect(res.body).not.toContain('alex');
      }
    }
    const bearer = await t.app.inject({
      url: `/api/v1/contact/${ids[0]}?${q()}`,
      headers: { authorization: `Bearer ${API_KEY}` },
    });
    expect(bearer.statusCode).toBe(200);
  });

  test('index: newest first, paged, one form per path, filtered by status', async () => {
    const res = await t.app.inject({ url: `/api/v1/contact?${q({ perPage: 2 })}`, headers: key });
    expect(res.statusCode, res.body).toBe(200);
    const first = listSchema.parse(res.json()).data;
    expect(first.total).toBe(3);
    expect(first.items.map((i) => i.id)).toEqual([ids[2], ids[1]]);
    expect(first.items[0]).toMatchObject({
      kind: 'contact',
      status: 'new',
      note: '',
      data: expect.objectContaining({ email: 'alex3@example.co.uk', subject: 'Question 3' }),
    });
    const second = await t.app.inject({ url: `/api/v1/contact?${q({ perPage: 2, page: 2 })}`, headers: key });
    expect(listSchema.parse(second.json()).data.items.map((i) => i.id)).toEqual([ids[0]]);

    const otherForm = await t.app.inject({ url: `/api/v1/construction-starts?${q()}`, headers: key });
    expect(listSchema.parse(otherForm.json()).data).toEqual({ items: [], total: 0 });

    const bad = await t.app.inject({ url: `/api/v1/contact?${q({ status: 'archived' })}`, headers: key });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad.json())).toHaveProperty('querystring.status');
  });

  test('show: by id within its own form; another form’s id or an unknown one is 404', async () => {
    const res = await t.app.inject({ url: `/api/v1/contact/${ids[0]}?${q()}`, headers: key });
    expect(oneSubmission.parse(res.json()).data).toMatchObject({ id: ids[0], kind: 'contact' });
    const asOtherForm = await t.app.inject({
      url: `/api/v1/construction-starts/${ids[0]}?${q()}`,
      headers: key,
    });
    expect(asOtherForm.statusCode).toBe(404);
    expect(asOtherForm.json()).toMatchObject({ status: 'not_found' });
    const unknown = await t.app.inject({ url: `/api/v1/contact/999999?${q()}`, headers: key });
    expect(unknown.statusCode).toBe(404);
    const notAnId = await t.app.inject({ url: `/api/v1/contact/abc?${q()}`, headers: key });
    expect(notAnId.statusCode).toBe(400);
    expect(fieldsOf(notAnId.json())).toHaveProperty('params.id');
  });

  test('update: status and note change, what the visitor sent does not', async () => {
    const before = oneSubmission.parse(
      (await t.app.inject({ url: `/api/v1/contact/${ids[1]}?${q()}`, headers: key })).json(),
    ).data;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/contact?${q()}`,
      headers: key,
      payload: {
        id: ids[1],
        version: before.version,
        status: 'in_progress',
        note: '  Called back  ',
        data: { email: 'x@y.z' },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = oneSubmission.parse(res.json()).data;
    expect(after).toMatchObject({
      status: 'in_progress',
      note: 'Called back',
      data: before.data,
      version: before.version + 1,
    });
    expect(Date.parse(after.updated_at)).toBeGreaterThanOrEqual(Date.parse(before.updated_at));

    const done = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/contact?${q()}`,
      headers: key,
      payload: { id: ids[1], version: after.version, status: 'done' },
    });
    expect(oneSubmission.parse(done.json()).data).toMatchObject({ status: 'done', note: 'Called back' });
    const filtered = await t.app.inject({ url: `/api/v1/contact?${q({ status: 'done' })}`, headers: key });
    expect(listSchema.parse(filtered.json()).data.items.map((i) => i.id)).toEqual([ids[1]]);
  });

  test('update: a bad status, nothing to change, or an unknown id are clear errors', async () => {
    const put = (payload: object, path = 'contact') =>
      t.app.inject({ method: 'PUT', url: `/api/v1/${path}?${q()}`, headers: key, payload });
    const badStatus = await put({ id: ids[0], version: 1, status: 'closed' });
    expect(badStatus.statusCode).toBe(400);
    expect(fieldsOf(badStatus.json())).toHaveProperty('body.status');
    const nothing = await put({ id: ids[0], version: 1 });
    expect(nothing.statusCode).toBe(400);
    expect(fieldsOf(nothing.json())['body.status']).toBe('Give a status or a note to change');
    const noId = await put({ version: 1, status: 'done' });
    expect(fieldsOf(noId.json())).toHaveProperty('body.id');
    expect((await put({ id: 999999, version: 1, status: 'done' })).statusCode).toBe(404);
    expect((await put({ id: ids[0], version: 1, status: 'done' }, 'application')).statusCode).toBe(404);
  });

  test('delete: by body or query id; then gone; no id is a 400 naming it', async () => {
    const del = (payload: object | undefined, query: Record<string, number> = {}) =>
      t.app.inject({ method: 'DELETE', url: `/api/v1/contact?${q(query)}`, headers: key, payload });
    const byBody = await del({ id: ids[0] });
    expect(byBody.statusCode, byBody.body).toBe(200);
    expect(byBody.json()).toEqual({ data: { id: ids[0] } });
    expect((await t.app.inject({ url: `/api/v1/contact/${ids[0]}?${q()}`, headers: key })).statusCode).toBe(
      404,
    );
    expect((await del(undefined, { id: ids[0] ?? 0 })).statusCode).toBe(404);
    const missing = await del(undefined);
    expect(missing.statusCode).toBe(400);
    expect(fieldsOf(missing.json())).toEqual({ id: 'Required' });
  });

  test('staff calls do not bump the content version (submissions are not published content)', async () => {
    const before = await contentVersion();
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/contact?${q()}`,
      headers: key,
      payload: { id: ids[2], version: 1, note: 'seen' },
    });
    expect(await contentVersion()).toBe(before);
  });
});

describe('stockists (writes with the API key)', () => {
  const shop = {
    name: 'Northgate Builders Merchant',
    type: 'builders_merchant',
    address: '4 Northgate',
    town: 'Manchester',
    postcode: 'm1 1ae',
    latitude: 53.4794,
    longitude: -2.2453,
    phone: '0161 496 0123',
    opening_hours: [{ days: 'Mon–Fri', hours: '7am–5pm' }],
    audiences: ['pro', 'part'],
  };
  const post = (payload: unknown, headers: Record<string, string> = key) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/store-locator?${q()}`,
      headers,
      payload: payload as object,
      remoteAddress: nextAddress(),
    });
  const put = (payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1/store-locator?${q()}`,
      headers: key,
      payload: payload as object,
    });

  test('create → 201 with the stored stockist, shown publicly, found nearby, content version bumped', async () => {
    const version = await contentVersion();
    const res = await post(shop);
    expect(res.statusCode, res.body).toBe(201);
    const created = oneStockist.parse(res.json()).data;
    expect(created).toMatchObject({ ...shop, postcode: 'M1 1AE' });
    expect(await contentVersion()).toBeGreaterThan(version);

    const shown = await t.app.inject({ url: `/api/v1/store-locator/${created.id}?${q()}` });
    expect(shown.statusCode).toBe(200);
    expect(oneStockist.parse(shown.json()).data).toEqual(created);

    const near = await t.app.inject({
      url: `/api/v1/store-locator?${q({ lat: shop.latitude, lng: shop.longitude, radius: 1, perPage: 100 })}`,
    });
    const items = z.object({ data: z.object({ items: z.array(z.object({ id: z.number() })) }) });
    expect(items.parse(near.json()).data.items.map((i) => i.id)).toContain(created.id);
  });

  test('create without coordinates: located from the postcode table', async () => {
    const { latitude: _lat, longitude: _lng, ...withoutPoint } = shop;
    const res = await post({ ...withoutPoint, postcode: 'LS1 4AP', town: 'Leeds' });
    expect(res.statusCode, res.body).toBe(201);
    const created = oneStockist.parse(res.json()).data;
    // Leeds: the LS area or district centroid of the seed.
    expect(created.latitude).toBeGreaterThan(53.5);
    expect(created.latitude).toBeLessThan(54.2);
    expect(created.longitude).toBeGreaterThan(-2);
    expect(created.longitude).toBeLessThan(-1.2);

    const unknownArea = await post({ ...withoutPoint, postcode: 'QQ1 1AA' });
    expect(unknownArea.statusCode).toBe(400);
    expect(fieldsOf(unknownArea.json())).toHaveProperty('body.latitude');
  });

  test('validation errors name every bad field, with the form messages', async () => {
    const res = await post({
      ...shop,
      name: ' ',
      type: 'garden_centre',
      postcode: 'M1',
      latitude: 48.1,
      phone: '12345',
      opening_hours: [{ days: '', hours: '9–5' }],
      audiences: [],
    });
    expect(res.statusCode).toBe(400);
    const fields = fieldsOf(res.json());
    expect(fields).toMatchObject({
      'body.name': 'Field required',
      'body.type': 'must be one of builders_merchant, trade_counter, diy_store',
      'body.postcode': 'Please enter a valid postcode',
      'body.latitude': 'must be within the UK (49 to 61)',
      'body.phone': 'Please enter a valid phone number',
      'body.opening_hours.0.days': 'Field required',
      'body.audiences': 'Field required',
    });
    const swapped = await post({ ...shop, latitude: shop.longitude, longitude: shop.latitude });
    expect(Object.keys(fieldsOf(swapped.json())).sort()).toEqual(['body.latitude', 'body.longitude']);
    const half = await post({ ...shop, longitude: undefined });
    expect(fieldsOf(half.json())).toEqual({
      'body.longitude': 'Give latitude and longitude together (or neither, to locate the postcode)',
    });
    const repeated = await post({ ...shop, audiences: ['pro', 'pro'] });
    expect(fieldsOf(repeated.json())).toEqual({ 'body.audiences': 'must not repeat an audience' });
    const missing = await post({});
    expect(Object.keys(fieldsOf(missing.json())).sort()).toEqual(
      ['address', 'audiences', 'name', 'phone', 'postcode', 'town', 'type'].map((f) => `body.${f}`),
    );
  });

  test('the key is checked before the body', async () => {
    expect((await post({ name: 1 }, {})).statusCode).toBe(401);
    expect((await post(shop, { 'x-api-key': 'wrong' })).statusCode).toBe(401);
  });

  test('patch: fields not sent are kept; a new postcode alone moves the shop', async () => {
    const created = oneStockist.parse((await post(shop)).json()).data;
    const patch = (id: number, payload: object) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/v1/store-locator/${id}?${q()}`,
        headers: key,
        payload,
      });
    const renamed = await patch(created.id, { version: 1, name: 'Northgate Merchants', audiences: ['pro'] });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(oneStockist.parse(renamed.json()).data).toEqual({
      ...created,
      name: 'Northgate Merchants',
      audiences: ['pro'],
      version: 2,
    });
    const moved = oneStockist.parse(
      (
        await patch(created.id, { version: 2, postcode: 'bs1 5ty', town: 'Bristol', address: '1 Quay' })
      ).json(),
    ).data;
    expect(moved).toMatchObject({ postcode: 'BS1 5TY', town: 'Bristol', name: 'Northgate Merchants' });
    expect(moved.latitude).toBeLessThan(52);
    expect(moved.longitude).toBeLessThan(-2.4);

    const pinned = oneStockist.parse(
      (await patch(created.id, { version: 3, latitude: 51.45, longitude: -2.59 })).json(),
    ).data;
    expect(pinned).toMatchObject({ latitude: 51.45, longitude: -2.59, postcode: 'BS1 5TY', version: 4 });

    const bad = await patch(created.id, { version: 4, phone: 'call us', latitude: 51 });
    expect(Object.keys(fieldsOf(bad.json())).sort()).toEqual(['body.longitude', 'body.phone']);
    expect((await patch(999999, { version: 1, name: 'Nowhere' })).statusCode).toBe(404);
    expect(fieldsOf((await put({ name: 'No id' })).json())).toHaveProperty('body.id');
  });

  test('delete: by query or body id, bumps the content version; then 404', async () => {
    const created = oneStockist.parse((await post(shop)).json()).data;
    const version = await contentVersion();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/store-locator?${q({ id: created.id })}`,
      headers: key,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { id: created.id } });
    expect(await contentVersion()).toBeGreaterThan(version);
    expect((await t.app.inject({ url: `/api/v1/store-locator/${created.id}?${q()}` })).statusCode).toBe(404);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/store-locator?${q()}`,
      headers: key,
      payload: { id: created.id },
    });
    expect(again.statusCode).toBe(404);
  });

  test('show: an unknown or malformed id is 404 or 400, not 500', async () => {
    expect((await t.app.inject({ url: `/api/v1/store-locator/999999?${q()}` })).statusCode).toBe(404);
    const bad = await t.app.inject({ url: `/api/v1/store-locator/x1?${q()}` });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad.json())).toHaveProperty('params.id');
  });
});

describe('read-only resources answer 405 with Allow', () => {
  test.each([
    ['POST', '/site', 'GET, HEAD', /fixed reference data/],
    ['PUT', '/site', 'GET, HEAD', /fixed reference data/],
    ['DELETE', '/site', 'GET, HEAD', /fixed reference data/],
    ['POST', '/sitemap', 'GET, HEAD', /built from the published/],
    ['PUT', '/sitemap', 'GET, HEAD', /built from the published/],
    ['DELETE', '/sitemap', 'GET, HEAD', /built from the published/],
    ['GET', '/sitemap/1', '', /GET \/sitemap/],
    ['POST', '/city', 'GET, HEAD', /derived from stockists/],
    ['PUT', '/city', 'GET, HEAD', /derived from stockists/],
    ['DELETE', '/city', 'GET, HEAD', /derived from stockists/],
    ['GET', '/city/M1', '', /GET \/city\?q=/],
  ] as const)('%s %s', async (method, path, allow, message) => {
    for (const headers of [{}, key]) {
      const res = await t.app.inject({ method, url: `/api/v1${path}?${q()}`, headers, payload: { id: 3 } });
      expect(res.statusCode).toBe(405);
      expect(res.headers.allow).toBe(allow);
      const body = z.object({ status: z.literal('method_not_allowed'), message: z.string() }).strict();
      expect(body.parse(res.json()).message).toMatch(message);
    }
  });

  test('the OpenAPI summaries say so', async () => {
    const doc = z
      .object({
        paths: z.record(z.string(), z.record(z.string(), z.object({ summary: z.string() }).loose())),
      })
      .parse((await t.app.inject({ url: '/api/v1/openapi.json' })).json());
    expect(doc.paths['/api/v1/site']?.post?.summary).toMatch(/^Not allowed \(405\)/);
    expect(doc.paths['/api/v1/city/{id}']?.get?.summary).toMatch(/^Not allowed \(405\)/);
    expect(doc.paths['/api/v1/sitemap']?.delete?.summary).toMatch(/^Not allowed \(405\)/);
  });

  test('address: every call is 401 "Please log in" without a session, the API key being no session', async () => {
    for (const [method, path] of [
      ['GET', '/address'],
      ['GET', '/address/1'],
      ['POST', '/address'],
      ['PUT', '/address'],
      ['DELETE', '/address'],
    ] as const) {
      for (const headers of [{}, key]) {
        const res = await t.app.inject({ method, url: `/api/v1${path}?${q()}`, headers, payload: {} });
        expect(res.statusCode, `${method} ${path}`).toBe(401);
        expect(res.json()).toEqual({ status: 'unauthorized', message: 'Please log in' });
      }
    }
  });
});

describe('properties: the new calls never answer ≥ 500', () => {
  const forms = ['contact', 'construction-starts', 'application'] as const;
  const anyId = fc.oneof(
    fc.integer({ min: -5, max: 3_000_000_000 }).map(String),
    fc.string({ maxLength: 30 }),
    fc.constantFrom('0', '1e3', '00012', '-1', '2147483648', ' 1'),
  );

  test('show of submissions and stockists with any id', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...forms, 'store-locator'), anyId, async (path, raw) => {
        const res = await t.app.inject({
          url: `/api/v1/${path}/${encodeURIComponent(raw)}?${q()}`,
          headers: key,
        });
        expect(res.statusCode).toBeLessThan(500);
      }),
      { numRuns: 100 },
    );
  });

  test('submission updates and deletes with any body or query', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...forms),
        fc.constantFrom('PUT', 'DELETE'),
        fc.oneof(
          fc.anything({ maxDepth: 2 }),
          fc.record(
            {
              id: fc.oneof(fc.integer(), fc.string(), fc.constant(null)),
              status: fc.string(),
              note: fc.anything(),
            },
            { requiredKeys: [] },
          ),
        ),
        fc.option(anyId, { nil: undefined }),
        async (path, method, body, queryId) => {
          const res = await t.app.inject({
            method,
            url: `/api/v1/${path}?${q({ id: queryId })}`,
            headers: { ...key, 'content-type': 'application/json' },
            payload: JSON.stringify(body ?? null),
          });
          expect(res.statusCode).toBeLessThan(500);
        },
      ),
      { numRuns: 120 },
    );
  });

  test('stockist writes with any body', async () => {
    const field = fc.oneof(
      fc.string({ maxLength: 20 }),
      fc.double(),
      fc.integer(),
      fc.constant(null),
      fc.boolean(),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('POST', 'PUT', 'DELETE'),
        fc.oneof(
          fc.anything({ maxDepth: 2 }),
          fc.record(
            {
              id: fc.oneof(fc.integer({ min: -2, max: 3_000_000_000 }), fc.string()),
              name: field,
              type: fc.oneof(fc.constantFrom('builders_merchant', 'diy_store'), field),
              address: field,
              town: field,
              postcode: fc.oneof(fc.constantFrom('M1 1AE', 'LS1 4AP', 'ZZ9 9ZZ', 'M1'), field),
              latitude: fc.oneof(fc.double({ min: 45, max: 65 }), field),
              longitude: fc.oneof(fc.double({ min: -12, max: 5 }), field),
              phone: fc.oneof(fc.constant('0161 496 0000'), field),
              opening_hours: fc.oneof(
                fc.array(fc.record({ days: field, hours: field }), { maxLength: 3 }),
                field,
              ),
              audiences: fc.oneof(fc.subarray(['pro', 'part']), fc.array(field, { maxLength: 3 })),
            },
            { requiredKeys: [] },
          ),
        ),
        async (method, body) => {
          const res = await t.app.inject({
            method,
            url: `/api/v1/store-locator?${q()}`,
            headers: { ...key, 'content-type': 'application/json' },
            payload: JSON.stringify(body ?? null),
          });
          expect(res.statusCode).toBeLessThan(500);
        },
      ),
      { numRuns: 150 },
    );
  });

  test('read-only and account-only calls with any method, path id and body', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/site', '/sitemap', '/city', '/address'),
        fc.option(anyId, { nil: undefined }),
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE'),
        fc.anything({ maxDepth: 2 }),
        async (path, raw, method, body) => {
          const url = `/api/v1${path}${raw === undefined ? '' : `/${encodeURIComponent(raw)}`}?${q()}`;
          const res = await t.app.inject({
            method,
            url,
            headers: { 'content-type': 'application/json' },
            payload: method === 'GET' ? undefined : JSON.stringify(body ?? null),
          });
          expect(res.statusCode).toBeLessThan(500);
        },
      ),
      { numRuns: 120 },
    );
  });
});
