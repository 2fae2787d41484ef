/**
 * The category tree in the staff API (issue 25, docs/api-contract.md "Staff: categories"): a `catalogue` person
 * lists every category with its version, creates one, moves it under a new parent and among its siblings (the
 * siblings numbered again, in one transaction); a move under itself or a subcategory is a 409 with a clear message,
 * a third level a 400, a stale version a 409; a `content` person gets 403.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeClock } from '../src/lib/clock.ts';
import { createTestApp, q, type TestApp } from './helpers.ts';
import { consoleHeaders, inviteAndEnrol, type StaffPerson } from './staff-helpers.ts';

const clock = fakeClock(new Date('2027-06-01T09:00:00Z'));
let t: TestApp;
let catalogue: StaffPerson;
let content: StaffPerson;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  catalogue = await inviteAndEnrol(t.app, clock, 'catalogue');
  content = await inviteAndEnrol(t.app, clock, 'content');
});
afterAll(() => t.close());

function call(method: 'GET' | 'POST' | 'PATCH', path: string, payload?: object, person = catalogue) {
  return t.app.inject({
    method,
    url: `/api/v1${path}${path.includes('?') ? '&' : '?'}${q()}`,
    headers: consoleHeaders(person.session),
    ...(payload ? { payload } : {}),
  });
}

interface Row {
  id: number;
  slug: string;
  parent_id: number | null;
  position: number;
  version: number;
}

async function tree(): Promise<Row[]> {
  const response = await call('GET', '/staff/categories');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.items;
}

async function create(slug: string, parent_id: number | null = null, position = 0) {
  const response = await call('POST', '/category', { slug, name: slug, parent_id, position });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; version: number };
}

const childrenOf = (rows: Row[], parent: number | null) =>
  rows.filter((r) => r.parent_id === parent).toSorted((a, b) => a.position - b.position);

const versionOf = async (id: number) => (await tree()).find((r) => r.id === id)!.version;

describe('the category tree', () => {
  it('moves a category under a new parent at a place, numbering the siblings again', async () => {
    const top = await create('tree-top');
    const a = await create('tree-a', top.id, 0);
    const b = await create('tree-b', top.id, 1);
    const c = await create('tree-c');
    // c goes under top, first.
    const moved = await call('POST', `/staff/categories/${c.id}/move`, {
      version: c.version,
      parent_id: top.id,
      position: 0,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toEqual({ id: c.id, version: c.version + 1 });
    expect(childrenOf(await tree(), top.id).map((r) => [r.slug, r.position])).toEqual([
      ['tree-c', 0],
      ['tree-a', 1],
      ['tree-b', 2],
    ]);
    // Reorder: b up to the front, among the same siblings.
    const reordered = await call('POST', `/staff/categories/${b.id}/move`, {
      version: await versionOf(b.id),
      parent_id: top.id,
      position: 0,
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(childrenOf(await tree(), top.id).map((r) => r.slug)).toEqual(['tree-b', 'tree-c', 'tree-a']);
    // Out to the top level, last.
    const out = await call('POST', `/staff/categories/${a.id}/move`, {
      version: await versionOf(a.id),
      parent_id: null,
      position: 100_000,
    });
    expect(out.statusCode, out.body).toBe(200);
    const tops = childrenOf(await tree(), null);
    expect(tops.at(-1)!.slug).toBe('tree-a');
    expect(tops.map((r) => r.position)).toEqual(tops.map((_, i) => i));
    expect(childrenOf(await tree(), top.id).map((r) => r.slug)).toEqual(['tree-b', 'tree-c']);
  });

  it('refuses a move under itself or a subcategory (409), a third level (400) and a stale version (409)', async () => {
    const top = await create('cycle-top');
    const child = await create('cycle-child', top.id);
    const self = await call('POST', `/staff/categories/${top.id}/move`, {
      version: top.version,
      parent_id: top.id,
      position: 0,
    });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe('A category cannot move under itself or one of its subcategories');
    const under = await call('POST', `/staff/categories/${top.id}/move`, {
      version: top.version,
      parent_id: child.id,
      position: 0,
    });
    expect(under.statusCode).toBe(409);
    expect(under.json().message).toMatch(/under itself or one of its subcategories/);
    const other = await create('cycle-other');
    const third = await call('POST', `/staff/categories/${other.id}/move`, {
      version: other.version,
      parent_id: child.id,
      position: 0,
    });
    expect(third.statusCode).toBe(400);
    expect(third.json().message).toMatch(/two levels/);
    const stale = await call('POST', `/staff/categories/${child.id}/move`, {
      version: child.version + 5,
      parent_id: null,
      position: 0,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ status: 'version_conflict', current_version: child.version });
    const unknown = await call('POST', `/staff/categories/999999/move`, {
      version: 1,
      parent_id: null,
      position: 0,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('renames from the version, a stale rename is a 409; a content person gets 403', async () => {
    const made = await create('rename-me');
    const renamed = await call('PATCH', `/category/${made.id}`, { version: made.version, name: 'Renamed' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const stale = await call('PATCH', `/category/${made.id}`, { version: made.version, name: 'Again' });
    expect(stale.statusCode).toBe(409);
    expect((await call('GET', '/staff/categories', undefined, content)).statusCode).toBe(403);
    const refused = await call(
      'POST',
      `/staff/categories/${made.id}/move`,
      { version: made.version + 1, parent_id: null, position: 0 },
      content,
    );
    expect(refused.statusCode).toBe(403);
  });
});
