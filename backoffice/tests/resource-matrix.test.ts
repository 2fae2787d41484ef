/**
 * Spec §7's generic resource helper: every one of its 20 resources × index, show, create, update, delete answers
 * what the contract says, with and without the API key. Writes without the key carry a junk body on purpose:
 * the key is checked before the body. Read-only resources answer 405 with their `Allow` header.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { contentEntries } from '../src/db/schema.ts';
import { insertSubmission } from '../src/modules/forms/service.ts';
import { solvedBotCheck } from './bot-check-solver.ts';
import { API_KEY, createTestApp, q, SITE_ID, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Operation = 'index' | 'show' | 'create' | 'update' | 'delete';
const OPERATIONS: Operation[] = ['index', 'show', 'create', 'update', 'delete'];

/** Expected status of one operation, without and with the API key. */
type Expected = Record<Operation, { without: number; with: number }>;

const open = (status: number) => ({ without: status, with: status });
const keyed = (status: number) => ({ without: 401, with: status });

const cms: Expected = {
  index: open(200),
  show: open(200),
  create: keyed(201),
  update: keyed(200),
  delete: keyed(200),
};
const submission: Expected = {
  index: keyed(200),
  show: keyed(200),
  create: open(201),
  update: keyed(200),
  delete: keyed(200),
};
const fixed = (show: number): Expected => ({
  index: open(200),
  show: open(show),
  create: open(405),
  update: open(405),
  delete: open(405),
});
/** The logged-in customer's own profile (no id, no create, no delete): 401 to a visitor, key or not. */
const ownProfile: Expected = {
  index: open(401),
  show: open(405),
  create: open(405),
  update: open(401),
  delete: open(405),
};
const accountOnly: Expected = {
  index: open(401),
  show: open(401),
  create: open(401),
  update: open(401),
  delete: open(401),
};

interface Fixture {
  expected: Expected;
  /** Extra query for the index (the store locator needs a place, cities a prefix). */
  indexQuery?: Record<string, string>;
  /** An id the show call can find. */
  showId(): Promise<string>;
  /** A valid create body (so the keyed create really creates). */
  createBody(): Promise<Record<string, unknown>>;
  /** Changes for the update of the created item. */
  changes?: Record<string, unknown>;
  /**
   * The update is a full replace (the CMS resources, docs/api-contract.md "Writes that never lose data"): its body
   * is the created item as answered, with the changes.
   */
  replace?: true;
}

const unique = () => Math.random().toString(36).slice(2, 8).replace(/\d/g, 'x');

const listSchema = z.object({ data: z.object({ items: z.array(z.object({ id: z.number() }).loose()) }) });
const itemSchema = z.object({ data: z.object({ id: z.number() }).loose() });

async function firstId(resource: string, query: Record<string, string> = {}): Promise<string> {
  const res = await t.app.inject({ url: `/api/v1/${resource}?${q({ saleplan_id: 1, ...query })}` });
  const id = listSchema.parse(res.json()).data.items[0]?.id;
  if (id === undefined) throw new Error(`no ${resource} to show`);
  return String(id);
}

/** An existing item read back, without its id and with `overrides`: a create body the API accepts. */
async function readBack(resource: string, overrides: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    url: `/api/v1/${resource}/${await firstId(resource)}?${q({ saleplan_id: 1 })}`,
  });
  const { id: _id, ...body } = itemSchema.parse(res.json()).data;
  return { ...body, ...overrides };
}

const contact = {
  first_name: 'Alex',
  last_name: 'Morgan',
  email: 'alex.morgan@example.co.uk',
  subject: 'Stock question',
  message: 'Is the fine filler in stock in Preston?',
  accept_terms: true,
};
const formBodies: Record<string, Record<string, unknown>> = {
  contact,
  'construction-starts': {
    ...contact,
    phone: '0117 496 0000',
    company: 'Patel Build',
    site_address: '12 Harbour Road',
    site_postcode: 'BS1 5TY',
    site_town: 'Bristol',
    start_date: '2027-03-01',
    duration_weeks: 4,
    surface: 'plaster',
  },
  application: { ...contact, phone: '07700 900456' },
};

/** A form body as the storefront posts it: with a freshly solved bot check. */
const formBody = async (kind: string) => ({ ...formBodies[kind], bot_check: await solvedBotCheck(t.app) });

async function submissionId(kind: string): Promise<string> {
  // The job application is multipart with a CV (forms.test.ts posts it); here only its staff calls matter.
  if (kind === 'application') {
    return String(
      await insertSubmission(t.database.db, SITE_ID, kind, formBodies.application ?? {}, new Date()),
    );
  }
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/${kind}?${q()}`,
    payload: await formBody(kind),
  });
  return String(z.object({ data: z.object({ id: z.number() }) }).parse(res.json()).data.id);
}

const nothing = async () => ({});

const fixtures: Record<string, Fixture> = {
  address: { expected: accountOnly, showId: async () => '1', createBody: nothing },
  category: {
    expected: cms,
    showId: () => firstId('category', { depth: '1' }),
    createBody: async () => ({ slug: `matrix-${unique()}`, name: 'Matrix category' }),
    // A full replace: every field (PATCH /category/{id} changes some).
    changes: {
      slug: 'matrix-category-renamed',
      name: 'Matrix category, renamed',
      description: '',
      parent_id: null,
      position: 0,
    },
  },
  contact: {
    expected: submission,
    showId: () => submissionId('contact'),
    createBody: () => formBody('contact'),
    changes: { version: 1, status: 'in_progress' },
  },
  'construction-starts': {
    expected: submission,
    showId: () => submissionId('construction-starts'),
    createBody: () => formBody('construction-starts'),
    changes: { version: 1, status: 'done' },
  },
  application: {
    // A JSON create is refused for want of the CV file (400): the application is multipart.
    expected: { ...submission, create: open(400) },
    showId: () => submissionId('application'),
    createBody: () => formBody('application'),
    changes: { version: 1, note: 'Invited to interview' },
  },
  page: {
    expected: cms,
    showId: () => firstId('page'),
    createBody: () => readBack('page', { slug: `matrix-${unique()}` }),
    changes: { title: 'Matrix page' },
    replace: true,
  },
  menu: {
    expected: cms,
    showId: () => firstId('menu'),
    // Every menu code is taken by the seed: free one (in the database, outside the API) to create it again.
    createBody: async () => {
      const body = await readBack('menu', { code: 'menu_prefooter_part' });
      const deleted = await t.database.db
        .delete(contentEntries)
        .where(
          and(
            eq(contentEntries.siteId, SITE_ID),
            eq(contentEntries.resource, 'menu'),
            eq(contentEntries.slug, 'menu_prefooter_part'),
          ),
        )
        .returning({ id: contentEntries.id });
      expect(deleted).toHaveLength(1);
      return body;
    },
    changes: { items: [] },
    replace: true,
  },
  sitemap: { expected: fixed(405), showId: async () => '1', createBody: nothing },
  site: { expected: fixed(200), showId: async () => String(SITE_ID), createBody: nothing },
  setting: {
    expected: cms,
    // The settings index is flat code/value pairs (no ids): take an id from the database.
    showId: async () => {
      const [row] = await t.database.db
        .select({ id: contentEntries.id })
        .from(contentEntries)
        .where(and(eq(contentEntries.siteId, SITE_ID), eq(contentEntries.resource, 'setting')));
      return String(row?.id);
    },
    createBody: async () => ({ code: `matrix_${unique()}`, value: 'on' }),
    changes: { value: 'off' },
    replace: true,
  },
  slider: {
    expected: cms,
    showId: () => firstId('slider'),
    createBody: () => readBack('slider', { titre: 'Matrix slide' }),
    changes: { titre: 'Matrix slide, renamed' },
    replace: true,
  },
  testimony: {
    expected: cms,
    showId: () => firstId('testimony'),
    createBody: () => readBack('testimony', { author: 'Matrix author' }),
    changes: { rating: 4 },
    replace: true,
  },
  folder: {
    expected: cms,
    showId: () => firstId('folder'),
    createBody: () => readBack('folder', { slug: `matrix-${unique()}` }),
    changes: { title: 'Matrix folder' },
    replace: true,
  },
  city: { expected: fixed(405), indexQuery: { q: 'Man' }, showId: async () => 'M1', createBody: nothing },
  civility: {
    expected: cms,
    showId: () => firstId('civility'),
    createBody: async () => ({ code: unique(), label: 'Matrix' }),
    changes: { label: 'Matrix, renamed' },
    replace: true,
  },
  country: {
    expected: cms,
    showId: () => firstId('country'),
    createBody: async () => ({ code: unique(), label: 'Matrixland' }),
    changes: { label: 'Matrixland, renamed' },
    replace: true,
  },
  tags: {
    expected: cms,
    showId: () => firstId('tags'),
    createBody: async () => ({ slug: `matrix-${unique()}`, label: 'Matrix', kind: 'faq' }),
    changes: { label: 'Matrix, renamed' },
    replace: true,
  },
  'store-locator': {
    expected: cms,
    indexQuery: { postcode: 'M1 1AE' },
    showId: () => firstId('store-locator', { postcode: 'M1 1AE' }),
    createBody: async () => ({
      name: 'Matrix Builders Merchant',
      type: 'builders_merchant',
      address: '1 Matrix Way',
      town: 'Manchester',
      postcode: 'M1 1AE',
      phone: '0161 496 0001',
      audiences: ['pro'],
    }),
    // A full replace: every field, the point included (PATCH /store-locator/{id} changes some).
    changes: {
      name: 'Matrix Builders Merchant, renamed',
      type: 'builders_merchant',
      address: '1 Matrix Way',
      town: 'Manchester',
      postcode: 'M1 1AE',
      latitude: 53.4794,
      longitude: -2.2453,
      phone: '0161 496 0000',
      opening_hours: [],
      audiences: ['pro', 'part'],
    },
  },
  notice: {
    expected: cms,
    showId: () => firstId('notice'),
    createBody: () => readBack('notice', { title: 'Matrix notice' }),
    changes: { title: 'Matrix notice, renamed' },
    replace: true,
  },
  profile: {
    expected: ownProfile,
    showId: async () => '1',
    createBody: async () => ({ first_name: 'Lee' }),
    changes: { first_name: 'Lee' },
  },
};

/** The resources of spec §7's generic helper, in its order. */
const RESOURCES = [
  'address',
  'category',
  'contact',
  'construction-starts',
  'application',
  'page',
  'menu',
  'sitemap',
  'site',
  'setting',
  'slider',
  'testimony',
  'folder',
  'city',
  'civility',
  'country',
  'tags',
  'store-locator',
  'notice',
  'profile',
];

const errorBody = z.object({ status: z.string(), message: z.string().min(1) });

interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: Record<string, unknown>;
}

let keyless = 0;
/** Key-less calls come from ever new addresses: ten failures from one client would be braked with 429. */
async function call({ method, url, payload }: Call, withKey: boolean) {
  return t.app.inject({
    method,
    url,
    payload,
    headers: withKey ? { 'x-api-key': API_KEY } : {},
    remoteAddress: withKey
      ? '127.20.0.1'
      : `127.21.${Math.floor(keyless / 250) % 250}.${(keyless++ % 250) + 1}`,
  });
}

test('the matrix covers the 20 resources of the generic helper', () => {
  expect(RESOURCES).toHaveLength(20);
  expect(Object.keys(fixtures).sort()).toEqual([...RESOURCES].sort());
});

describe.each(RESOURCES)('%s', (resource) => {
  const fixture = fixtures[resource];
  if (!fixture) throw new Error(`no fixture for ${resource}`);
  const { expected } = fixture;
  const base = `/api/v1/${resource}`;

  test('index, show, create, update and delete answer the expected status with and without the key', async () => {
    const showId = await fixture.showId();
    const seen: Record<string, number> = {};
    const want: Record<string, number> = {};

    async function check(operation: Operation, withKey: boolean, request: Call) {
      const res = await call(request, withKey);
      const label = `${operation} ${withKey ? 'with' : 'without'} key`;
      seen[label] = res.statusCode;
      want[label] = expected[operation][withKey ? 'with' : 'without'];
      if (res.statusCode >= 400) {
        expect(errorBody.safeParse(res.json()).success, `${label}: ${res.body}`).toBe(true);
      }
      if (res.statusCode === 405) {
        expect(res.json()).toMatchObject({ status: 'method_not_allowed' });
        expect(res.headers.allow, label).toBeDefined();
      }
      return res;
    }

    const indexUrl = `${base}?${q({ saleplan_id: 1, ...fixture.indexQuery })}`;
    await check('index', false, { method: 'GET', url: indexUrl });
    await check('index', true, { method: 'GET', url: indexUrl });
    const showUrl = `${base}/${encodeURIComponent(showId)}?${q({ saleplan_id: 1 })}`;
    await check('show', false, { method: 'GET', url: showUrl });
    await check('show', true, { method: 'GET', url: showUrl });

    // Without the key, writes carry a body that would not validate: the key is checked first.
    const junk = { id: 'not-a-number', unexpected: true };
    const writeUrl = `${base}?${q()}`;
    const createBody = await fixture.createBody();
    await check('create', false, {
      method: 'POST',
      url: writeUrl,
      payload: expected.create.without === 201 ? createBody : junk,
    });
    await check('update', false, { method: 'PUT', url: writeUrl, payload: junk });
    await check('delete', false, { method: 'DELETE', url: writeUrl, payload: junk });

    // A public create used its body above; a form's solved bot check is good for one submission only.
    const created = await check('create', true, {
      method: 'POST',
      url: writeUrl,
      payload: expected.create.without === 201 ? await fixture.createBody() : createBody,
    });
    const createdId = created.statusCode === 201 ? itemId(created.json()) : Number(showId);
    const whole = fixture.replace ? itemSchema.parse(created.json()).data : {};
    await check('update', true, {
      method: 'PUT',
      url: writeUrl,
      payload: { ...whole, id: createdId, ...fixture.changes },
    });
    await check('delete', true, { method: 'DELETE', url: `${base}?${q({ id: createdId })}` });

    expect(seen).toEqual(want);
    if (expected.delete.with === 200) {
      const gone = await call({ method: 'GET', url: `${base}/${createdId}?${q({ saleplan_id: 1 })}` }, true);
      expect(gone.statusCode).toBe(404);
    }
  });
});

function itemId(body: unknown): number {
  const parsed = z
    .object({
      data: z.union([
        z.object({ id: z.number() }),
        z.object({ items: z.array(z.object({ id: z.number() })).min(1) }),
      ]),
    })
    .parse(body);
  return 'id' in parsed.data ? parsed.data.id : (parsed.data.items[0]?.id ?? 0);
}

test('every call of the matrix is in the OpenAPI document', async () => {
  const doc = z
    .object({ paths: z.record(z.string(), z.record(z.string(), z.unknown())) })
    .parse((await t.app.inject({ url: '/api/v1/openapi.json' })).json());
  const where: Record<Operation, [string, string]> = {
    index: ['', 'get'],
    show: ['/{id}', 'get'],
    create: ['', 'post'],
    update: ['', 'put'],
    delete: ['', 'delete'],
  };
  const missing = RESOURCES.flatMap((resource) =>
    OPERATIONS.filter((operation) => {
      const [suffix, method] = where[operation];
      return !doc.paths[`/api/v1/${resource}${suffix}`]?.[method];
    }).map((operation) => `${operation} ${resource}`),
  );
  expect(missing).toEqual([]);
});
