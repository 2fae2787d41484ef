/**
 * Writes that never lose data (issue 20, the CMS resources): every entry carries a `version`, a patch changes only
 * what it names, a full replace names every field, a menu's items change one at a time, and a write made from a
 * version another write already moved on is refused with 409 `version_conflict`, changing nothing. Each change is
 * checked through the public read of the entry.
 */
import { versionConflictBody } from '../src/lib/http.ts';
import { expectStale, staffCall, type StaffMethod } from './support/staff-writes.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { resources } from '../src/modules/content/resources.ts';
import { createTestApp, q, type TestApp } from './helpers.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const pageAnswer = z.object({ data: resources.page.item });
const menuAnswer = z.object({ data: resources.menu.item });
type Page = z.infer<typeof resources.page.item>;
type Menu = z.infer<typeof resources.menu.item>;

const staffWrite = (method: StaffMethod, path: string, payload?: object) =>
  staffCall(t.app, method, path, payload);

async function readPage(id: number): Promise<Page> {
  const response = await t.app.inject({ url: `/api/v1/page/${id}?${q()}` });
  expect(response.statusCode, response.body).toBe(200);
  return pageAnswer.parse(response.json()).data;
}

async function readMenu(id: number): Promise<Menu> {
  const response = await t.app.inject({ url: `/api/v1/menu/${id}?${q()}` });
  expect(response.statusCode, response.body).toBe(200);
  return menuAnswer.parse(response.json()).data;
}

const taken = new Set<number>();

/** A seeded published page with blocks, tags and an extract (what a careless write could empty), not yet used. */
async function richPage(): Promise<Page> {
  const listing = await t.app.inject({ url: `/api/v1/page?${q({ perPage: 100 })}` });
  const pages = z.object({ data: z.object({ items: z.array(resources.page.item) }) }).parse(listing.json());
  const page = pages.data.items.find(
    (p) => !taken.has(p.id) && p.blocks.length > 0 && p.tags.length > 0 && p.extract !== '',
  );
  if (!page) throw new Error('No seeded page has blocks, tags and an extract');
  taken.add(page.id);
  return readPage(page.id);
}

/** A seeded menu whose tree has top-level items and children. */
async function richMenu(): Promise<Menu> {
  const listing = await t.app.inject({ url: `/api/v1/menu?${q({ perPage: 100 })}` });
  const menus = z.object({ data: z.object({ items: z.array(resources.menu.item) }) }).parse(listing.json());
  const menu = menus.data.items.find((m) => m.items.length > 1 && m.items.some((i) => i.childs.length > 0));
  if (!menu) throw new Error('No seeded menu has nested items');
  return menu;
}

describe('versions', () => {
  it('every entry answer carries its version, 1 when created', async () => {
    const page = await richPage();
    expect(page.version).toBeGreaterThanOrEqual(1);
    const created = await staffWrite('POST', '/faq', { question: 'Versioned?', answer: '<p>Yes.</p>' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ data: { version: 1 } });
  });
});

describe('PATCH /{resource}/{id}', () => {
  it('changes only the title of a page: blocks, tags, extract and the rest stay', async () => {
    const before = await richPage();
    const response = await staffWrite('PATCH', `/page/${before.id}`, {
      version: before.version,
      title: 'New title',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(pageAnswer.parse(response.json()).data.version).toBe(before.version + 1);

    const after = await readPage(before.id);
    expect(after.title).toBe('New title');
    expect({ ...after, title: before.title, version: before.version }).toEqual(before);
  });

  it('requires the version and refuses unknown fields', async () => {
    const before = await richPage();
    const noVersion = await staffWrite('PATCH', `/page/${before.id}`, { title: 'x' });
    expect(noVersion.statusCode).toBe(400);
    expect(versionConflictBody.parse(noVersion.json()).errors?.map((e) => e.field)).toContain('body.version');
    const unknown = await staffWrite('PATCH', `/page/${before.id}`, {
      version: before.version,
      colour: 'red',
    });
    expect(unknown.statusCode).toBe(400);
    expect(await readPage(before.id)).toEqual(before);
  });
});

describe('PUT /{resource}', () => {
  it('is a full replace: a body missing required fields is a 400 naming them, and nothing changes', async () => {
    const before = await richPage();
    const response = await staffWrite('PUT', '/page', {
      id: before.id,
      version: before.version,
      title: 'Only',
    });
    expect(response.statusCode).toBe(400);
    const fields = versionConflictBody.parse(response.json()).errors?.map((e) => e.field) ?? [];
    expect(fields).toEqual(
      expect.arrayContaining(['body.slug', 'body.blocks', 'body.tags', 'body.audiences']),
    );
    expect(await readPage(before.id)).toEqual(before);
  });

  it('takes the entry as read back, with the fields changed', async () => {
    const before = await richPage();
    const response = await staffWrite('PUT', '/page', { ...before, extract: 'Replaced extract' });
    expect(response.statusCode, response.body).toBe(200);
    const after = await readPage(before.id);
    expect({ ...after, extract: before.extract, version: before.version }).toEqual(before);
    expect(after.version).toBe(before.version + 1);
  });
});

describe('two writes from the same version', () => {
  it('the first wins, the second is a 409 naming the current version and changes nothing', async () => {
    const before = await richPage();
    const first = await staffWrite('PATCH', `/page/${before.id}`, {
      version: before.version,
      title: 'First',
    });
    expect(first.statusCode, first.body).toBe(200);
    const afterFirst = await readPage(before.id);

    const second = await staffWrite('PATCH', `/page/${before.id}`, {
      version: before.version,
      extract: 'Lost?',
    });
    expectStale(second, before.version + 1);
    const replace = await staffWrite('PUT', '/page', { ...before, title: 'Second' });
    expect(replace.statusCode).toBe(409);
    expect(await readPage(before.id)).toEqual(afterFirst);
  });

  it('a setting is an entry too', async () => {
    const listing = await t.app.inject({ url: `/api/v1/setting?${q()}` });
    const code = z.object({ data: z.array(z.object({ code: z.string() })) }).parse(listing.json()).data[0]!
      .code;
    const created = await staffWrite('POST', '/setting', { code: `${code}_copy`, value: 'a' });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = z.object({ data: z.object({ id: z.number() }) }).parse(created.json()).data;
    expect((await staffWrite('PATCH', `/setting/${id}`, { version: 1, value: 'b' })).statusCode).toBe(200);
    const stale = await staffWrite('PATCH', `/setting/${id}`, { version: 1, value: 'c' });
    expect(stale.statusCode).toBe(409);
    expect(versionConflictBody.parse(stale.json()).current_version).toBe(2);
    const shown = await t.app.inject({ url: `/api/v1/setting/${id}?${q()}` });
    expect(shown.json()).toMatchObject({ data: { value: 'b', version: 2 } });
  });
});

describe('menu items one by one', () => {
  it('every item has a stable id', async () => {
    const menu = await richMenu();
    const again = await readMenu(menu.id);
    expect(again).toEqual(menu);
    expect(menu.items.every((item) => typeof item.id === 'number')).toBe(true);
  });

  it('a changed item leaves the other items; add and remove keep the rest of the tree', async () => {
    const before = await richMenu();
    const [first, ...others] = before.items;
    const patched = await staffWrite('PATCH', `/menu/${before.id}/items/${first!.id}`, {
      version: before.version,
      label: 'Renamed',
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const afterPatch = await readMenu(before.id);
    expect(afterPatch.version).toBe(before.version + 1);
    expect(afterPatch.items[0]).toEqual({ ...first, label: 'Renamed' });
    expect(afterPatch.items.slice(1)).toEqual(others);

    const added = await staffWrite('POST', `/menu/${before.id}/items`, {
      version: afterPatch.version,
      label: 'New item',
      slug: 'new-item',
      type: 'cms_page',
      position: 1,
    });
    expect(added.statusCode, added.body).toBe(201);
    const afterAdd = await readMenu(before.id);
    const newItem = afterAdd.items[1]!;
    expect(newItem).toMatchObject({ label: 'New item', childs: [] });
    expect([afterAdd.items[0], ...afterAdd.items.slice(2)]).toEqual(afterPatch.items);

    const stale = await staffWrite('DELETE', `/menu/${before.id}/items/${newItem.id}`, {
      version: afterPatch.version,
    });
    expect(stale.statusCode).toBe(409);
    const removed = await staffWrite('DELETE', `/menu/${before.id}/items/${newItem.id}`, {
      version: afterAdd.version,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await readMenu(before.id)).items).toEqual(afterPatch.items);
  });

  it('a patch naming parent_item_id or position moves the item with its children', async () => {
    const before = await richMenu();
    const parent = before.items.find((item) => item.childs.length > 0)!;
    const [child] = parent.childs;
    const out = await staffWrite('PATCH', `/menu/${before.id}/items/${child!.id}`, {
      version: before.version,
      parent_item_id: null,
      position: 0,
    });
    expect(out.statusCode, out.body).toBe(200);
    const afterOut = await readMenu(before.id);
    expect(afterOut.items[0]).toEqual(child);
    expect(afterOut.items.find((item) => item.id === parent.id)!.childs).toEqual(parent.childs.slice(1));

    const back = await staffWrite('PATCH', `/menu/${before.id}/items/${child!.id}`, {
      version: afterOut.version,
      parent_item_id: parent.id,
      position: 0,
    });
    expect(back.statusCode, back.body).toBe(200);
    expect((await readMenu(before.id)).items).toEqual(before.items);

    const underItself = await staffWrite('PATCH', `/menu/${before.id}/items/${parent.id}`, {
      version: afterOut.version + 1,
      parent_item_id: child!.id,
    });
    expect(underItself.statusCode).toBe(400);
    const stale = await staffWrite('PATCH', `/menu/${before.id}/items/${parent.id}`, {
      version: before.version,
      position: 1,
    });
    expect(stale.statusCode).toBe(409);
  });
});

describe('the OpenAPI document', () => {
  it('types the page write bodies and answers', async () => {
    const response = await t.app.inject({ url: '/api/v1/openapi.json' });
    const doc = response.json() as {
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema: object }> } }>
      >;
    };
    const bodyOf = (path: string, method: string) =>
      doc.paths[path]?.[method]?.requestBody?.content['application/json']?.schema as
        { properties?: Record<string, unknown>; required?: string[] } | undefined;
    const put = bodyOf('/api/v1/page', 'put');
    expect(Object.keys(put?.properties ?? {})).toEqual(
      expect.arrayContaining(['id', 'version', 'title', 'blocks']),
    );
    expect(put?.required).toEqual(expect.arrayContaining(['id', 'slug', 'title', 'blocks']));
    expect(Object.keys(bodyOf('/api/v1/page', 'post')?.properties ?? {})).toContain('blocks');
    expect(Object.keys(bodyOf('/api/v1/page/{id}', 'patch')?.properties ?? {})).toContain('version');
  });
});
