/**
 * CMS HTML is sanitised on write: for each field the storefront renders as markup (page blocks, folder steps, FAQ
 * answers, product descriptions), unsafe HTML written through the API comes back from the public GET without what
 * runs, redirects or loads. The one-off data migration cleans rows written before, once.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { sanitizeStoredHtml } from '../src/data-migrations/sanitize-stored-html.ts';
import { dataMigrationList } from '../src/data-migrations/index.ts';
import { runDataMigrations } from '../src/db/data-migrations.ts';
import { contentEntries, contentVersion, dataMigrations, products } from '../src/db/schema.ts';
import { categoryListResponse, productResponse } from '../src/modules/catalogue/schemas.ts';
import { faqItem, folderItem, pageItem } from '../src/modules/content/resources.ts';
import { API_KEY, createTestApp, PART_PLAN, q, SITE_ID, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** Every attack of the brief next to harmless text and allowed markup. */
const DIRTY =
  '<meta http-equiv="refresh" content="0;url=https://evil.example">' +
  '<p onclick="steal()">Fill <strong>deep</strong> holes in layers &amp; sand flush.</p>' +
  '<script>alert(1)</script>' +
  '<img src=x onerror=alert(1)>' +
  '<ul><li><a href="javascript:alert(1)">Bad link</a></li>' +
  '<li><a href="data:text/html,<script>alert(1)</script>">Data link</a></li>' +
  '<li><a href="https://www.example.org/guide">Good link</a></li></ul>';
const CLEAN =
  '<p>Fill <strong>deep</strong> holes in layers &amp; sand flush.</p>' +
  '<ul><li><a>Bad link</a></li><li><a>Data link</a></li>' +
  '<li><a href="https://www.example.org/guide">Good link</a></li></ul>';

function expectClean(html: string | undefined) {
  for (const unsafe of [
    '<meta',
    'refresh',
    'evil.example',
    '<script',
    'alert(1)',
    '<img',
    'onerror',
    'onclick',
  ]) {
    expect(html).not.toContain(unsafe);
  }
  expect(html).not.toMatch(/href="(javascript|data):/);
  expect(html).toBe(CLEAN);
}

const one = <T extends z.ZodType>(item: T) => z.object({ data: item });

async function get<T extends z.ZodType>(url: string, schema: T): Promise<z.infer<T>> {
  const res = await t.app.inject({ url: `/api/v1${url}` });
  expect(res.statusCode, res.body).toBe(200);
  return schema.parse(res.json());
}

async function write(method: 'POST' | 'PUT' | 'PATCH', resource: string, payload: object): Promise<number> {
  const res = await t.app.inject({
    method,
    url: `/api/v1/${resource}?${q()}`,
    headers: { 'x-api-key': API_KEY },
    payload,
  });
  expect(res.statusCode, res.body).toBe(method === 'POST' ? 201 : 200);
  return z.object({ data: z.object({ id: z.number() }) }).parse(res.json()).data.id;
}

describe('HTML fields are sanitised on create and on update', () => {
  test('page block text (a push keeps its plain text as typed)', async () => {
    const plain = 'Tips & tricks: a <fine> abrasive';
    const id = await write('POST', 'page', {
      slug: 'sanitised-page',
      title: 'Sanitised page',
      blocks: [
        { kind: 'text', titre: 'Filling', text: DIRTY },
        { kind: 'push', titre: 'Find a stockist', text: plain, url: 'where-to-find-our-products' },
      ],
    });
    const created = (await get(`/page/sanitised-page?${q()}`, one(pageItem))).data;
    expectClean(created.blocks[0]!.text);
    expect(created.blocks[1]!.text).toBe(plain);
    expect(created.blocks[0]!.titre).toBe('Filling');

    await write('PATCH', `page/${id}`, {
      version: 1,
      blocks: [{ kind: 'text', text: `<h2>Again</h2>${DIRTY}` }],
    });
    const updated = (await get(`/page/${id}?${q()}`, one(pageItem))).data;
    expect(updated.blocks[0]!.text).toBe(`<h2>Again</h2>${CLEAN}`);
  });

  test('folder step text', async () => {
    const id = await write('POST', 'folder', {
      slug: 'sanitised-folder',
      title: 'Sanitised folder',
      type: 'repairs',
      steps: [{ title: 'Fill', text: DIRTY }],
    });
    const created = (await get(`/folder/sanitised-folder?${q()}`, one(folderItem))).data;
    expectClean(created.steps[0]!.text);
    expect(created.steps[0]!.title).toBe('Fill');

    await write('PATCH', `folder/${id}`, { version: 1, steps: [{ title: 'Fill again', text: DIRTY }] });
    const updated = (await get(`/folder/${id}?${q()}`, one(folderItem))).data;
    expectClean(updated.steps[0]!.text);
  });

  test('FAQ answer', async () => {
    const id = await write('POST', 'faq', { question: 'Is this answer safe?', answer: DIRTY });
    expectClean((await get(`/faq/${id}?${q()}`, one(faqItem))).data.answer);

    await write('PATCH', `faq/${id}`, { version: 1, answer: `<p>Yes.</p>${DIRTY}` });
    const updated = (await get(`/faq/${id}?${q()}`, one(faqItem))).data;
    expect(updated.answer).toBe(`<p>Yes.</p>${CLEAN}`);
    expect(updated.question).toBe('Is this answer safe?');
  });

  test('product description', async () => {
    const [fillers] = (await get(`/category/fillers?${q({ saleplan_id: PART_PLAN })}`, categoryListResponse))
      .data.items;
    const id = await write('POST', 'product', {
      reference: 'PW-9301',
      name: 'Plasterwick Sanitised Filler',
      short_description: 'A filler made by the sanitiser test.',
      description: DIRTY,
      category_ids: [fillers!.id],
      plans: [{ plan_id: PART_PLAN }],
      variants: [
        {
          reference: 'PW-9301-01',
          label: '1 kg tub',
          gtin: '5000000000012',
          quantity: 1,
          unit: 'kg',
          prices: [{ plan_id: PART_PLAN, inc_vat: 932 }],
        },
      ],
    });
    const shown = async () =>
      (await get(`/product/${id}?${q({ saleplan_id: PART_PLAN })}`, productResponse)).data.items[0]!;
    expectClean((await shown()).description);

    await write('PATCH', `product/${id}`, { version: 1, description: `<p>New.</p>${DIRTY}` });
    expect((await shown()).description).toBe(`<p>New.</p>${CLEAN}`);
  });
});

describe('the one-off data migration', () => {
  const name = 'sanitize-stored-html';
  const version = async () =>
    (await t.database.db.select().from(contentVersion).where(eq(contentVersion.id, 1)))[0]?.version;
  /** Forgets that the migration ran, as on a database that predates it. */
  const forget = () => t.database.db.delete(dataMigrations).where(eq(dataMigrations.name, name));

  test('ran once when the database was opened, and changes nothing on clean data', async () => {
    const [marker] = await t.database.db.select().from(dataMigrations).where(eq(dataMigrations.name, name));
    expect(marker).toMatchObject({ name, changed: 0 });

    await forget();
    const before = await version();
    expect(await runDataMigrations(t.database.db, dataMigrationList)).toEqual([{ name, changed: 0 }]);
    expect(await version()).toBe(before);
  });

  test('cleans unsafe rows written before, bumps the content version, and runs only once', async () => {
    const db = t.database.db;
    const inserted = await db
      .insert(contentEntries)
      .values([
        {
          siteId: SITE_ID,
          resource: 'page',
          slug: 'old-unsafe-page',
          title: 'Old unsafe page',
          publishedAt: new Date(),
          data: {
            extract: '',
            blocks: [
              { kind: 'text', text: DIRTY },
              { kind: 'push', text: 'Tips & <tricks>' },
              { kind: 'image', titre: 'No text' },
            ],
            tags: [],
          },
          searchText: 'alert(1)',
        },
        {
          siteId: SITE_ID,
          resource: 'folder',
          slug: 'old-unsafe-folder',
          title: 'Old unsafe folder',
          type: 'repairs',
          data: { extract: '', steps: [{ title: 'Fill', text: DIRTY }], products: [] },
        },
        { siteId: SITE_ID, resource: 'faq', title: 'Old unsafe answer?', data: { answer: DIRTY, tags: [] } },
        // Not HTML: a menu push's text is plain text the storefront escapes, left as it is.
        {
          siteId: SITE_ID,
          resource: 'menu',
          slug: 'menu_unsafe_test',
          title: 'menu_unsafe_test',
          data: {
            items: [
              {
                label: 'Help',
                slug: 'help',
                type: 'no_destination',
                childs: [],
                pushes: [{ titre: 'Tip', text: DIRTY }],
              },
            ],
          },
        },
      ])
      .returning({ id: contentEntries.id, resource: contentEntries.resource });
    const [product] = await db.select({ id: products.id }).from(products).limit(1);
    await db.update(products).set({ description: DIRTY }).where(eq(products.id, product!.id));

    await forget();
    const before = (await version())!;
    expect(await runDataMigrations(db, dataMigrationList)).toEqual([{ name, changed: 4 }]);
    expect(await version()).toBe(before + 1);

    const rows = new Map(
      (await db.select().from(contentEntries))
        .filter((r) => inserted.some((i) => i.id === r.id))
        .map((r) => [r.resource, r]),
    );
    const page = rows.get('page')!;
    const blocks = page.data.blocks as { kind: string; text?: string }[];
    expectClean(blocks[0]!.text);
    expect(blocks[1]!.text).toBe('Tips & <tricks>');
    expect(blocks[2]).toEqual({ kind: 'image', titre: 'No text' });
    expect(page.searchText).not.toContain('alert');
    expectClean((rows.get('folder')!.data.steps as { text: string }[])[0]!.text);
    expectClean(rows.get('faq')!.data.answer as string);
    expect(rows.get('menu')!.data).toMatchObject({ items: [{ pushes: [{ text: DIRTY }] }] });
    const [description] = await db.select().from(products).where(eq(products.id, product!.id));
    expectClean(description!.description);

    // The public API answers the cleaned rows once the (start-up) cache is empty.
    t.app.cache.clear();
    const faqId = inserted.find((i) => i.resource === 'faq')!.id;
    expectClean((await get(`/faq/${faqId}?${q()}`, one(faqItem))).data.answer);

    // Marked as run: a second start does nothing; and the work itself is idempotent.
    expect(await runDataMigrations(db, dataMigrationList)).toEqual([]);
    expect(await version()).toBe(before + 1);
    expect(await sanitizeStoredHtml(db)).toBe(0);
    const [marker] = await db.select().from(dataMigrations).where(eq(dataMigrations.name, name));
    expect(marker?.changed).toBe(4);
  });
});
