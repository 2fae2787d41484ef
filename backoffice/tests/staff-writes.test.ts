/**
 * Writes that never lose data (issue 20), for the staff writes other than products and the CMS (categories,
 * stockists, a submission's handling, a customer's trade terms): a patch changes
 * only what it names, a full replace names every field (a body missing one is a 400 that changes nothing), and of
 * two writes made from the same version the first wins and the second is a 409 `version_conflict` naming the
 * stored version, changing nothing. Each change is checked through the read staff use.
 */
import { versionedWriteResponse } from '../src/lib/http.ts';
import { fieldsNamed, expectStale, staffCall, type StaffMethod } from './support/staff-writes.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { categoryListResponse } from '../src/modules/catalogue/schemas.ts';
import { submissions } from '../src/db/schema.ts';
import { submissionResponse } from '../src/modules/forms/schemas.ts';
import { stockistResponse } from '../src/modules/store-locator/schemas.ts';
import { staffCustomerSchema } from '../src/modules/trade/schemas.ts';
import { createCustomer } from './account-helpers.ts';
import { API_KEY, createTestApp, q, SITE_ID, type TestApp } from './helpers.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const staffWrite = (method: StaffMethod, path: string, payload?: object) =>
  staffCall(t.app, method, path, payload);

let serial = 0;

describe('categories', () => {
  type Category = z.infer<typeof categoryListResponse>['data']['items'][number];

  async function read(id: number): Promise<Category> {
    const response = await t.app.inject({ url: `/api/v1/category/${id}?${q()}` });
    expect(response.statusCode, response.body).toBe(200);
    const { children: _children, ...category } = categoryListResponse.parse(response.json()).data.items[0]!;
    return category;
  }

  /** A new top-level category with every field filled. */
  async function newCategory(): Promise<Category> {
    serial += 1;
    const response = await staffWrite('POST', '/category', {
      slug: `staff-writes-${serial}`,
      name: `Staff writes ${serial}`,
      description: 'Everything for the job',
      position: 7,
    });
    expect(response.statusCode, response.body).toBe(201);
    const { id, version } = versionedWriteResponse.parse(response.json()).data;
    expect(version).toBe(1);
    const category = await read(id);
    expect(category.version).toBe(1);
    return category;
  }

  const fullBody = (c: Category) => ({
    id: c.id,
    slug: c.slug,
    name: c.name,
    description: c.description,
    parent_id: c.parent_id,
    position: c.position,
  });

  it('a PATCH of one field keeps the others and answers the next version', async () => {
    const before = await newCategory();
    const response = await staffWrite('PATCH', `/category/${before.id}`, { version: 1, name: 'Renamed' });
    expect(versionedWriteResponse.parse(response.json()).data).toEqual({ id: before.id, version: 2 });
    expect(await read(before.id)).toEqual({ ...before, name: 'Renamed', version: 2 });
  });

  it('a PATCH without version, or with an unknown field, is a 400 naming it', async () => {
    const before = await newCategory();
    expect(fieldsNamed(await staffWrite('PATCH', `/category/${before.id}`, { name: 'x' }))).toContain(
      'body.version',
    );
    expect((await staffWrite('PATCH', `/category/${before.id}`, { version: 1, cover: 'x' })).statusCode).toBe(
      400,
    );
    expect(await read(before.id)).toEqual(before);
  });

  it('a PUT missing required fields is a 400 naming them and changes nothing', async () => {
    const before = await newCategory();
    const response = await staffWrite('PUT', '/category', { id: before.id, name: 'Only the name' });
    expect(fieldsNamed(response)).toEqual(
      expect.arrayContaining(['body.slug', 'body.description', 'body.parent_id', 'body.position']),
    );
    expect(await read(before.id)).toEqual(before);
  });

  it('a full PUT replaces every field, with or without version', async () => {
    const before = await newCategory();
    const replaced = { ...fullBody(before), description: '', position: 3 };
    const response = await staffWrite('PUT', '/category', replaced);
    expect(versionedWriteResponse.parse(response.json()).data).toEqual({ id: before.id, version: 2 });
    const again = await staffWrite('PUT', '/category', { ...replaced, version: 2, name: 'Again' });
    expect(versionedWriteResponse.parse(again.json()).data).toEqual({ id: before.id, version: 3 });
    expect(await read(before.id)).toEqual({
      ...before,
      description: '',
      position: 3,
      name: 'Again',
      version: 3,
    });
  });

  it('of two writes from the same version the first wins; the second is a 409 and changes nothing', async () => {
    const before = await newCategory();
    const first = await staffWrite('PATCH', `/category/${before.id}`, { version: 1, name: 'First' });
    expect(first.statusCode, first.body).toBe(200);
    expectStale(
      await staffWrite('PATCH', `/category/${before.id}`, { version: 1, description: 'Second' }),
      2,
    );
    expectStale(await staffWrite('PUT', '/category', { ...fullBody(before), version: 1, name: 'Third' }), 2);
    expect(await read(before.id)).toEqual({ ...before, name: 'First', version: 2 });
  });

  it('a write to an unknown category is a 404', async () => {
    expect((await staffWrite('PATCH', '/category/999999', { version: 1, name: 'x' })).statusCode).toBe(404);
  });
});

describe('stockists', () => {
  type Stockist = z.infer<typeof stockistResponse>['data'];

  async function read(id: number): Promise<Stockist> {
    const response = await t.app.inject({ url: `/api/v1/store-locator/${id}?${q()}` });
    expect(response.statusCode, response.body).toBe(200);
    return stockistResponse.parse(response.json()).data;
  }

  /** A new stockist with every field filled, at version 1. */
  async function newStockist(): Promise<Stockist> {
    serial += 1;
    const response = await staffWrite('POST', '/store-locator', {
      name: `Staff Writes Merchant ${serial}`,
      type: 'builders_merchant',
      address: '4 Northgate',
      town: 'Manchester',
      postcode: 'M1 1AE',
      latitude: 53.4794,
      longitude: -2.2453,
      phone: '0161 496 0123',
      opening_hours: [{ days: 'Mon–Fri', hours: '7am–5pm' }],
      audiences: ['pro', 'part'],
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = stockistResponse.parse(response.json()).data;
    expect(created.version).toBe(1);
    expect(await read(created.id)).toEqual(created);
    return created;
  }

  const fullBody = ({ version: _version, ...stockist }: Stockist) => stockist;

  it('a PATCH of one field keeps the others and answers the next version', async () => {
    const before = await newStockist();
    const response = await staffWrite('PATCH', `/store-locator/${before.id}`, {
      version: 1,
      phone: '0161 000 0000',
    });
    const after = { ...before, phone: '0161 000 0000', version: 2 };
    expect(stockistResponse.parse(response.json()).data).toEqual(after);
    expect(await read(before.id)).toEqual(after);
  });

  it('a PATCH without version is a 400 naming it', async () => {
    const before = await newStockist();
    expect(fieldsNamed(await staffWrite('PATCH', `/store-locator/${before.id}`, { name: 'x' }))).toContain(
      'body.version',
    );
    expect(await read(before.id)).toEqual(before);
  });

  it('a PUT missing required fields is a 400 naming them and changes nothing', async () => {
    const before = await newStockist();
    const response = await staffWrite('PUT', '/store-locator', { id: before.id, name: 'Only the name' });
    expect(fieldsNamed(response)).toEqual(
      expect.arrayContaining(['body.address', 'body.opening_hours', 'body.latitude', 'body.audiences']),
    );
    expect(await read(before.id)).toEqual(before);
  });

  it('a full PUT replaces every field, with or without version', async () => {
    const before = await newStockist();
    const replaced = { ...fullBody(before), opening_hours: [], audiences: ['pro'] };
    const response = await staffWrite('PUT', '/store-locator', replaced);
    expect(stockistResponse.parse(response.json()).data).toEqual({ ...replaced, version: 2 });
    const again = await staffWrite('PUT', '/store-locator', { ...replaced, version: 2, name: 'Again' });
    expect(again.statusCode, again.body).toBe(200);
    expect(await read(before.id)).toEqual({ ...replaced, name: 'Again', version: 3 });
  });

  it('of two writes from the same version the first wins; the second is a 409 and changes nothing', async () => {
    const before = await newStockist();
    const first = await staffWrite('PATCH', `/store-locator/${before.id}`, { version: 1, name: 'First' });
    expect(first.statusCode, first.body).toBe(200);
    expectStale(await staffWrite('PATCH', `/store-locator/${before.id}`, { version: 1, town: 'Salford' }), 2);
    expectStale(
      await staffWrite('PUT', '/store-locator', { ...fullBody(before), version: 1, name: 'Third' }),
      2,
    );
    expect(await read(before.id)).toEqual({ ...before, name: 'First', version: 2 });
  });
});

describe("a form submission's handling", () => {
  type Submission = z.infer<typeof submissionResponse>['data'];

  async function read(id: number): Promise<Submission> {
    const response = await t.app.inject({
      url: `/api/v1/contact/${id}?${q()}`,
      headers: { 'x-api-key': API_KEY },
    });
    expect(response.statusCode, response.body).toBe(200);
    return submissionResponse.parse(response.json()).data;
  }

  /** A contact message as a visitor left it (stored directly: the form's bot check is not the subject here). */
  async function newSubmission(): Promise<Submission> {
    const [row] = await t.database.db
      .insert(submissions)
      .values({ siteId: SITE_ID, kind: 'contact', data: { email: 'visitor@example.com', message: 'Hello' } })
      .returning({ id: submissions.id });
    const stored = await read(row!.id);
    expect(stored.version).toBe(1);
    return stored;
  }

  it('an update of the status keeps the note and answers the next version', async () => {
    const before = await newSubmission();
    const noted = await staffWrite('PUT', '/contact', { id: before.id, version: 1, note: 'Call back' });
    expect(submissionResponse.parse(noted.json()).data).toMatchObject({ note: 'Call back', version: 2 });
    const handled = await staffWrite('PUT', '/contact', { id: before.id, version: 2, status: 'done' });
    expect(handled.statusCode, handled.body).toBe(200);
    const after = await read(before.id);
    expect(after).toMatchObject({ status: 'done', note: 'Call back', version: 3, data: before.data });
  });

  it('an update without version is a 400 naming it and changes nothing', async () => {
    const before = await newSubmission();
    expect(fieldsNamed(await staffWrite('PUT', '/contact', { id: before.id, status: 'done' }))).toContain(
      'body.version',
    );
    expect(await read(before.id)).toEqual(before);
  });

  it('of two updates from the same version the first wins; the second is a 409 and changes nothing', async () => {
    const before = await newSubmission();
    const first = await staffWrite('PUT', '/contact', { id: before.id, version: 1, status: 'in_progress' });
    expect(first.statusCode, first.body).toBe(200);
    const firstAnswer = submissionResponse.parse(first.json()).data;
    expectStale(
      await staffWrite('PUT', '/contact', { id: before.id, version: 1, status: 'done', note: 'x' }),
      2,
    );
    expect(await read(before.id)).toEqual(firstAnswer);
  });
});

describe("a customer's trade terms", () => {
  type Trade = z.infer<typeof staffCustomerSchema>['trade'];

  async function read(email: string): Promise<Trade> {
    const response = await t.app.inject({
      url: `/api/v1/customers?email=${encodeURIComponent(email)}&${q()}`,
      headers: { 'x-api-key': API_KEY },
    });
    expect(response.statusCode, response.body).toBe(200);
    return staffCustomerSchema.parse(response.json().items[0]).trade;
  }

  async function approvedAccount() {
    const who = await createCustomer(t.app);
    const approved = await staffWrite('PUT', `/customers/${who.customer.id}/trade`, {
      approved: true,
      payment_terms_days: 30,
      credit_limit_pence: 250_000,
      po_required: true,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    return { id: who.customer.id, email: who.customer.email, trade: await read(who.customer.email) };
  }

  it('a PATCH of the credit limit keeps the other terms and answers the next version', async () => {
    const account = await approvedAccount();
    const patched = await staffWrite('PATCH', `/customers/${account.id}/trade`, {
      version: account.trade.version,
      credit_limit_pence: 400_000,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(await read(account.email)).toEqual({
      ...account.trade,
      credit_limit_pence: 400_000,
      credit_available_pence: 400_000,
      version: account.trade.version + 1,
    });
  });

  it('a PATCH without version, or setting terms on an unapproved account, is a 400 that changes nothing', async () => {
    const account = await approvedAccount();
    expect(
      fieldsNamed(await staffWrite('PATCH', `/customers/${account.id}/trade`, { po_required: false })),
    ).toEqual(['body.version']);
    const plain = await createCustomer(t.app);
    const before = await read(plain.customer.email);
    const refused = await staffWrite('PATCH', `/customers/${plain.customer.id}/trade`, {
      version: before.version,
      credit_limit_pence: 100_000,
    });
    expect(fieldsNamed(refused)).toEqual(['body.credit_limit_pence']);
    expect(refused.json().status).toBe('trade_not_approved');
    expect(await read(plain.customer.email)).toEqual(before);
  });

  it('a PUT approving without every term is a 400 naming them and changes nothing', async () => {
    const plain = await createCustomer(t.app);
    const before = await read(plain.customer.email);
    const refused = await staffWrite('PUT', `/customers/${plain.customer.id}/trade`, { approved: true });
    expect(fieldsNamed(refused).sort()).toEqual([
      'body.credit_limit_pence',
      'body.payment_terms_days',
      'body.po_required',
    ]);
    expect(await read(plain.customer.email)).toEqual(before);
  });

  it('of two writes from the same version the first wins; the second is a 409 and changes nothing', async () => {
    const account = await approvedAccount();
    const first = await staffWrite('PATCH', `/customers/${account.id}/trade`, {
      version: account.trade.version,
      payment_terms_days: 60,
    });
    expect(first.statusCode, first.body).toBe(200);
    const afterFirst = await read(account.email);
    expectStale(
      await staffWrite('PUT', `/customers/${account.id}/trade`, {
        approved: false,
        version: account.trade.version,
      }),
      account.trade.version + 1,
    );
    expect(await read(account.email)).toEqual(afterFirst);
    expect(afterFirst.approved).toBe(true);
  });
});
