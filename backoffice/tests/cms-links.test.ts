/**
 * Links that run script (issue 21): every URL field of the CMS (slides and pushes, menu items and their pushes,
 * page blocks, covers) and every link setting takes only `https:`, `http:`, `mailto:`, `tel:` links and paths of the
 * site, on every write (create, full replace, patch, a menu's item calls): anything else is a 400 naming the field.
 * The data migration `clear-unsafe-links` empties the links stored before, once, and the content version moves.
 */
import { LINK_MESSAGE } from '@plasterwick/shop-rules/links';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { clearUnsafeLinks } from '../src/data-migrations/clear-unsafe-links.ts';
import { dataMigrationList } from '../src/data-migrations/index.ts';
import { runDataMigrations } from '../src/db/data-migrations.ts';
import { contentEntries, contentVersion, dataMigrations } from '../src/db/schema.ts';
import { resources } from '../src/modules/content/resources.ts';
import { createTestApp, q, SITE_ID, type TestApp } from './helpers.ts';
import { staffCall, type StaffMethod } from './support/staff-writes.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const write = (method: StaffMethod, path: string, payload: object) => staffCall(t.app, method, path, payload);

const UNSAFE = [
  'javascript:alert(document.cookie)',
  'JavaScript:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  '//evil.example/phish',
  '/\\evil.example',
];
const SAFE = [
  'https://www.plasterwick.example/',
  'mailto:sales@plasterwick.example',
  'tel:+441614960000',
  '/diy-filler',
];

/** The 400 of a write whose link breaks the rule: one error, on the field. */
function expectRefusedLink(response: Awaited<ReturnType<typeof write>>, field: string) {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json()).toMatchObject({
    status: 'invalid_request',
    errors: [{ field, message: LINK_MESSAGE }],
  });
}

const cover = {
  url: '/api/v1/media/x.png',
  webp: '/api/v1/media/x.webp',
  alt: '',
  title: '',
  width: null,
  height: null,
};
const slide = (url: string) => ({ kind: 'slide', titre: 'Summer', text: '', label_link: 'See', url, cover });
const menuItem = (url: string, pushUrl = '/diy-filler') => ({
  label: 'Help',
  slug: 'help',
  type: 'external_url',
  url,
  pushes: [{ titre: 'Tip', text: 'Read this', url: pushUrl }],
  childs: [],
});

describe('every URL field refuses links that are not https, http, mailto, tel or a path of the site', () => {
  it('a slide: created, replaced and patched', async () => {
    for (const url of UNSAFE) expectRefusedLink(await write('POST', '/slider', slide(url)), 'body.url');
    const created = await write('POST', '/slider', slide(SAFE[0]!));
    expect(created.statusCode, created.body).toBe(201);
    const { id, version } = created.json().data as { id: number; version: number };
    expectRefusedLink(
      await write('PUT', '/slider', { id, ...slide(UNSAFE[0]!), audiences: ['pro'], position: 0 }),
      'body.url',
    );
    expectRefusedLink(await write('PATCH', `/slider/${id}`, { version, url: UNSAFE[0] }), 'body.url');
    expectRefusedLink(
      await write('PATCH', `/slider/${id}`, { version, cover: { ...cover, url: 'javascript:alert(1)' } }),
      'body.cover.url',
    );
    for (const url of SAFE) {
      const current = (await t.app.inject({ url: `/api/v1/slider/${id}?${q()}` })).json().data
        .version as number;
      const patched = await write('PATCH', `/slider/${id}`, { version: current, url });
      expect(patched.statusCode, patched.body).toBe(200);
    }
  });

  it('a menu: its items and their pushes, whole and one by one', async () => {
    expectRefusedLink(
      await write('POST', '/menu', { code: 'menu_footer_part', items: [menuItem(UNSAFE[0]!)] }),
      'body.items.0.url',
    );
    expectRefusedLink(
      await write('POST', '/menu', {
        code: 'menu_footer_part',
        items: [menuItem('/diy-filler', UNSAFE[3]!)],
      }),
      'body.items.0.pushes.0.url',
    );
    const menus = z
      .object({ data: z.object({ items: z.array(resources.menu.item) }) })
      .parse((await t.app.inject({ url: `/api/v1/menu?${q({ perPage: 100 })}` })).json());
    const menu = menus.data.items.find((m) => m.items.length > 0)!;
    const { childs: _childs, ...fields } = menuItem(UNSAFE[4]!);
    expectRefusedLink(
      await write('POST', `/menu/${menu.id}/items`, { version: menu.version, ...fields }),
      'body.url',
    );
    expectRefusedLink(
      await write('PATCH', `/menu/${menu.id}/items/${menu.items[0]!.id}`, {
        version: menu.version,
        url: UNSAFE[5],
      }),
      'body.url',
    );
    const added = await write('POST', `/menu/${menu.id}/items`, {
      version: menu.version,
      ...menuItem('tel:+441614960000'),
    });
    expect(added.statusCode, added.body).toBe(201);
  });

  it("a page's push block", async () => {
    const page = {
      slug: 'links-test-page',
      title: 'Links',
      blocks: [{ kind: 'push', titre: 'Where to buy', text: 'Near you', url: UNSAFE[1] }],
    };
    expectRefusedLink(await write('POST', '/page', page), 'body.blocks.0.url');
    const created = await write('POST', '/page', {
      ...page,
      blocks: [{ ...page.blocks[0], url: 'where-to-find-our-products' }],
    });
    expect(created.statusCode, created.body).toBe(201);
  });

  it('a link setting, not the other settings', async () => {
    expectRefusedLink(
      await write('POST', '/setting', { code: 'link_twitter', value: UNSAFE[0] }),
      'body.value',
    );
    expectRefusedLink(
      await write('POST', '/setting', { code: 'careers_url', value: UNSAFE[3] }),
      'body.value',
    );
    const created = await write('POST', '/setting', { code: 'link_twitter', value: SAFE[0] });
    expect(created.statusCode, created.body).toBe(201);
    const { id, version } = created.json().data as { id: number; version: number };
    expectRefusedLink(await write('PATCH', `/setting/${id}`, { version, value: UNSAFE[0] }), 'body.value');
    expectRefusedLink(
      await write('PUT', '/setting', { id, code: 'link_twitter', value: UNSAFE[2] }),
      'body.value',
    );
    // Text settings keep their words, colons included.
    const hours = await write('POST', '/setting', {
      code: 'returns_note',
      value: 'Note: returns within 30 days',
    });
    expect(hours.statusCode, hours.body).toBe(201);
  });
});

describe('the data migration clear-unsafe-links', () => {
  const name = 'clear-unsafe-links';
  const version = async () =>
    (await t.database.db.select().from(contentVersion).where(eq(contentVersion.id, 1)))[0]?.version ?? 0;

  it('changed nothing on the seeded shop', async () => {
    const [marker] = await t.database.db.select().from(dataMigrations).where(eq(dataMigrations.name, name));
    expect(marker).toMatchObject({ name, changed: 0 });
    expect(await clearUnsafeLinks(t.database.db)).toBe(0);
  });

  it('empties the links stored before, once, and moves the content version', async () => {
    const db = t.database.db;
    const rows = await db
      .insert(contentEntries)
      .values([
        {
          siteId: SITE_ID,
          resource: 'slider',
          type: 'push',
          title: 'Old push',
          data: {
            text: '',
            label_link: 'Go',
            url: 'javascript:alert(1)',
            cover: { ...cover, url: 'data:image/png,x' },
          },
        },
        {
          siteId: SITE_ID,
          resource: 'menu',
          slug: 'menu_links_test',
          title: 'menu_links_test',
          data: {
            items: [
              {
                ...menuItem('https://www.plasterwick.example/'),
                childs: [{ ...menuItem('JAVASCRIPT:alert(1)', 'vbscript:x'), label: 'Child' }],
              },
            ],
          },
        },
        {
          siteId: SITE_ID,
          resource: 'setting',
          slug: 'link_old',
          title: 'link_old',
          data: { value: '//evil.example' },
        },
        {
          siteId: SITE_ID,
          resource: 'setting',
          slug: 'old_note',
          title: 'old_note',
          data: { value: 'Note: kept' },
        },
      ])
      .returning({ id: contentEntries.id, version: contentEntries.version });
    await db.delete(dataMigrations).where(eq(dataMigrations.name, name));
    const before = await version();

    expect(await runDataMigrations(db, dataMigrationList)).toEqual([{ name, changed: 3 }]);
    expect(await version()).toBe(before + 1);
    const stored = new Map(
      (await db.select().from(contentEntries))
        .filter((row) => rows.some((r) => r.id === row.id))
        .map((row) => [row.id, row]),
    );
    const [push, menu, link, note] = rows.map((row) => stored.get(row.id)!);
    expect(push!.data).toMatchObject({ url: '', cover: { url: '', webp: '/api/v1/media/x.webp' } });
    expect(push!.version).toBe(rows[0]!.version + 1);
    expect(menu!.data).toMatchObject({
      items: [
        {
          url: 'https://www.plasterwick.example/',
          pushes: [{ url: '/diy-filler' }],
          childs: [{ url: '', pushes: [{ url: '' }] }],
        },
      ],
    });
    expect(link!.data).toEqual({ value: '' });
    expect(note!.data).toEqual({ value: 'Note: kept' });
    expect(note!.version).toBe(rows[3]!.version);

    // Marked as run: a second start does nothing.
    expect(await runDataMigrations(db, dataMigrationList)).toEqual([]);
    expect(await clearUnsafeLinks(db)).toBe(0);
  });
});
