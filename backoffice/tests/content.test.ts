/** Generic CMS resources: shapes, filters, audience, drafts and preview, writes with the API key, content version. */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import {
  faqItem,
  folderItem,
  menuItem,
  noticeItem,
  pageItem,
  sliderItem,
  tagItem,
  testimonyItem,
  codeLabelItem,
} from '../src/modules/content/resources.ts';
import { contentVersionSchema, sitemapSchema } from '../src/modules/content/schemas.ts';
import { API_KEY, createTestApp, PART_PLAN, PREVIEW_TOKEN, PRO_PLAN, q, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const list = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.object({ items: z.array(item), total: z.number().int() }) });
const one = <T extends z.ZodType>(item: T) => z.object({ data: item });

async function get<T extends z.ZodType>(url: string, schema: T, status = 200): Promise<z.infer<T>> {
  const res = await t.app.inject({ url: `/api/v1${url}` });
  expect(res.statusCode, res.body).toBe(status);
  return schema.parse(res.json());
}

const write = (
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  resource: string,
  payload?: object,
  key: string | null = API_KEY,
) =>
  t.app.inject({
    method,
    url: `/api/v1/${resource}?${q()}`,
    headers: key ? { 'x-api-key': key } : {},
    ...(payload ? { payload } : {}),
  });

describe('indexes and shows', () => {
  test('every resource lists with its schema', async () => {
    const cases: [string, z.ZodType][] = [
      ['page', pageItem],
      ['folder', folderItem],
      ['faq', faqItem],
      ['tags', tagItem],
      ['notice', noticeItem],
      ['slider', sliderItem],
      ['testimony', testimonyItem],
      ['menu', menuItem],
      ['country', codeLabelItem],
      ['civility', codeLabelItem],
    ];
    for (const [resource, item] of cases) {
      const body = await get(`/${resource}?${q()}`, list(item));
      expect(body.data.items.length, resource).toBeGreaterThan(0);
      expect(body.data.total).toBeGreaterThanOrEqual(body.data.items.length);
    }
  });

  test('paging: perPage and page slice the list, total stays', async () => {
    const first = await get(`/faq?${q({ perPage: 5, page: 1 })}`, list(faqItem));
    const second = await get(`/faq?${q({ perPage: 5, page: 2 })}`, list(faqItem));
    expect(first.data.items).toHaveLength(5);
    expect(second.data.total).toBe(first.data.total);
    expect(second.data.items[0]?.id).not.toBe(first.data.items[0]?.id);
    const past = await get(`/faq?${q({ perPage: 5, page: 999 })}`, list(faqItem));
    expect(past.data.items).toHaveLength(0);
    await get(`/faq?${q({ perPage: 101 })}`, z.object({ status: z.literal('invalid_request') }), 400);
  });

  test('filters: page type and tag, careers filters, FAQ tag, tags kind, notice section, menu code', async () => {
    const news = await get(`/page?${q({ type: 'actualite' })}`, list(pageItem));
    expect(news.data.items.length).toBeGreaterThan(1);
    expect(news.data.items.every((p) => p.type === 'actualite')).toBe(true);
    const dates = news.data.items.map((p) => p.published_at ?? '');
    expect(dates).toEqual([...dates].sort().reverse());
    const launches = await get(`/page?${q({ type: 'actualite', tag: 'product-launches' })}`, list(pageItem));
    expect(launches.data.total).toBeGreaterThan(0);
    expect(launches.data.items.every((p) => p.tags.some((tag) => tag.slug === 'product-launches'))).toBe(
      true,
    );
    const preston = await get(
      `/page?${q({ type: 'job', location: 'preston', contract: 'permanent' })}`,
      list(pageItem),
    );
    expect(preston.data.total).toBeGreaterThan(0);
    expect(
      preston.data.items.every((p) => p.job?.location === 'Preston' && p.job.contract === 'permanent'),
    ).toBe(true);
    const faq = await get(`/faq?${q({ tag: 'health-and-safety' })}`, list(faqItem));
    expect(faq.data.items.length).toBeGreaterThan(0);
    expect(faq.data.items.every((f) => f.tags.some((tag) => tag.slug === 'health-and-safety'))).toBe(true);
    const kinds = await get(`/tags?${q({ kind: 'folder' })}`, list(tagItem));
    expect(kinds.data.items.length).toBeGreaterThan(0);
    expect(kinds.data.items.every((tag) => tag.kind === 'folder')).toBe(true);
    const technical = await get(`/notice?${q({ section: 'technical', perPage: 100 })}`, list(noticeItem));
    expect(technical.data.items.length).toBeGreaterThan(0);
    expect(technical.data.items.every((n) => n.section === 'technical')).toBe(true);
    expect(
      technical.data.items.some(
        (n) => n.type.slug === 'technical-data-sheet' && n.type.label === 'Technical data sheets',
      ),
    ).toBe(true);
    const menu = await get(`/menu?${q({ code: 'menu_footer_part' })}`, list(menuItem));
    expect(menu.data.items.map((m) => m.code)).toEqual(['menu_footer_part']);
    const folders = await get(`/folder?${q({ type: 'repairs' })}`, list(folderItem));
    expect(folders.data.items.length).toBeGreaterThan(0);
    expect(folders.data.items.every((f) => f.type.slug === 'repairs' && f.type.label === 'Repairs')).toBe(
      true,
    );
  });

  test('audience: from the plan or the audience parameter', async () => {
    const pro = await get(`/slider?${q({ saleplan_id: PRO_PLAN, kind: 'slide' })}`, list(sliderItem));
    const part = await get(`/slider?${q({ audience: 'part', kind: 'slide' })}`, list(sliderItem));
    expect(pro.data.items.length).toBeGreaterThan(0);
    expect(part.data.items.length).toBeGreaterThan(0);
    expect(pro.data.items.every((s) => s.audiences.includes('pro'))).toBe(true);
    expect(part.data.items.every((s) => s.audiences.includes('part'))).toBe(true);
    expect(pro.data.items.map((s) => s.id)).not.toEqual(part.data.items.map((s) => s.id));
    await get(
      `/slider?${q({ audience: 'everyone' })}`,
      z.object({ status: z.literal('invalid_request') }),
      400,
    );
  });

  test('show by id and by slug; page by slug; unknown → 404', async () => {
    const bySlug = await get(`/page/terms-of-sale?${q()}`, one(pageItem));
    expect(bySlug.data.title).toBe('Terms of sale');
    const byId = await get(`/page/${bySlug.data.id}?${q()}`, one(pageItem));
    expect(byId.data.slug).toBe('terms-of-sale');
    const folder = await get(`/folder/repair-exterior-render?${q()}`, one(folderItem));
    expect(folder.data.steps.length).toBeGreaterThan(0);
    const missing = await get(
      `/page/no-such-page?${q()}`,
      z.object({ status: z.literal('not_found'), message: z.string() }),
      404,
    );
    expect(missing.message).toContain('no-such-page');
    await get(`/faq/999999?${q()}`, z.object({ status: z.literal('not_found') }), 404);
  });

  test('unknown site → 404, unknown plan → 404', async () => {
    await get(`/page?site_id=99`, z.object({ status: z.literal('not_found') }), 404);
    await get(`/page?${q({ saleplan_id: 77 })}`, z.object({ status: z.literal('not_found') }), 404);
  });
});

describe('drafts and preview', () => {
  test('a draft is neither listed nor shown, but the preview shows it with the token', async () => {
    const pages = await get(`/page?${q({ perPage: 100 })}`, list(pageItem));
    expect(pages.data.items.map((p) => p.slug)).not.toContain('spring-promotion');
    await get(`/page/spring-promotion?${q()}`, z.object({ status: z.literal('not_found') }), 404);
    const [draft] = await t.database.db.query.contentEntries.findMany({
      where: (c, { eq }) => eq(c.slug, 'spring-promotion'),
    });
    const id = draft?.id;
    expect(id).toBeDefined();
    const viaQuery = await get(`/page/preview/${id}?${q({ token: PREVIEW_TOKEN })}`, one(pageItem));
    expect(viaQuery.data.status).toBe('draft');
    const viaHeader = await t.app.inject({
      url: `/api/v1/page/preview/${id}?${q()}`,
      headers: { 'x-preview-token': PREVIEW_TOKEN },
    });
    expect(viaHeader.statusCode).toBe(200);
    await get(`/page/preview/${id}?${q()}`, z.object({ status: z.literal('unauthorized') }), 401);
    await get(
      `/page/preview/${id}?${q({ token: 'wrong-token' })}`,
      z.object({ status: z.literal('unauthorized') }),
      401,
    );
    await get(
      `/page/preview/abc?${q({ token: PREVIEW_TOKEN })}`,
      z.object({ status: z.literal('invalid_request') }),
      400,
    );
  });
});

describe('settings, sitemap, cities, version', () => {
  test('settings carry the contract codes and no link_twitter', async () => {
    const body = await get(
      `/setting?${q()}`,
      z.object({ data: z.array(z.object({ code: z.string(), value: z.string() })) }),
    );
    const settings = Object.fromEntries(body.data.map((s) => [s.code, s.value]));
    expect(settings.phone).toBe('0161 496 0000');
    expect(settings.customer_service_hours).toBe('9am to 5pm, Monday to Friday');
    expect(settings.jobsite_support_delay_hours).toBe('48');
    for (const code of [
      'link_facebook',
      'link_youtube',
      'link_pinterest',
      'link_instagram',
      'link_linkedin',
    ]) {
      expect(settings[code]).toMatch(/^https:\/\//);
    }
    expect(settings).not.toHaveProperty('link_twitter');
    for (const code of ['trust_labels_pro', 'trust_labels_part']) {
      const labels = z
        .array(z.object({ title: z.string(), text: z.string() }))
        .parse(JSON.parse(settings[code] ?? ''));
      expect(labels.length).toBeGreaterThan(0);
    }
  });

  test('sitemap sections per audience', async () => {
    const pro = await get(`/sitemap?${q({ saleplan_id: PRO_PLAN })}`, sitemapSchema);
    const titles = pro.data.items.map((s) => s.title);
    expect(titles).toEqual(
      expect.arrayContaining(['Our fillers', 'How-to guides', 'News', 'Careers', 'Information']),
    );
    const info = pro.data.items.find((s) => s.title === 'Information')?.items.map((i) => i.slug);
    expect(info).toContain('privacy-policy');
    expect(info).not.toContain('spring-promotion');
    const part = await get(`/sitemap?${q({ saleplan_id: PART_PLAN })}`, sitemapSchema);
    const partGuides = part.data.items.find((s) => s.title === 'How-to guides')?.items.map((i) => i.slug);
    expect(partGuides).not.toContain('folder/skim-a-wall-to-a-smooth-finish');
  });

  test('cities by name prefix and by postcode prefix', async () => {
    const schema = z.object({
      data: z.object({ items: z.array(z.object({ name: z.string(), postcode: z.string() })) }),
    });
    const byName = await get(`/city?${q({ q: 'brist' })}`, schema);
    expect(byName.data.items).toEqual([{ name: 'Bristol', postcode: 'BS1' }]);
    const byPostcode = await get(`/city?${q({ postcode: 'cf10' })}`, schema);
    expect(byPostcode.data.items.map((c) => c.name)).toEqual(['Cardiff']);
    const none = await get(`/city?${q({ q: '%_' })}`, schema);
    expect(none.data.items).toEqual([]);
  });
});

describe('writes', () => {
  const faqBody = {
    question: 'Can I fill over silicone?',
    answer: '<p>No: remove the silicone first.</p>',
    tags: ['application'],
  };

  test('writes need the API key', async () => {
    expect((await write('POST', 'faq', faqBody, null)).statusCode).toBe(401);
    expect((await write('POST', 'faq', faqBody, 'not-the-key')).statusCode).toBe(401);
    expect((await write('PUT', 'faq', { id: 1, question: 'x' }, null)).statusCode).toBe(401);
    expect((await write('DELETE', 'faq', { id: 1 }, null)).statusCode).toBe(401);
  });

  test('create, update and delete bump the content version and show at once', async () => {
    const before = await get(`/content-version?${q()}`, one(contentVersionSchema));
    const created = await write('POST', 'faq', faqBody);
    expect(created.statusCode, created.body).toBe(201);
    const item = one(faqItem.extend({ version: z.number() })).parse(created.json()).data;
    expect(item.tags.map((tag) => tag.slug)).toEqual(['application']);
    const afterCreate = await get(`/content-version?${q()}`, one(contentVersionSchema));
    expect(afterCreate.data.version).toBeGreaterThan(before.data.version);
    expect(afterCreate.data.updated_at).not.toBeNull();

    const listed = await get(`/faq?${q({ tag: 'application', perPage: 100 })}`, list(faqItem));
    expect(listed.data.items.map((f) => f.id)).toContain(item.id);

    const updated = await write('PATCH', `faq/${item.id}`, {
      version: item.version,
      question: 'Can I fill over old silicone?',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(one(faqItem).parse(updated.json()).data).toMatchObject({
      question: 'Can I fill over old silicone?',
      answer: faqBody.answer,
    });
    const shown = await get(`/faq/${item.id}?${q()}`, one(faqItem));
    expect(shown.data.question).toBe('Can I fill over old silicone?');

    const afterUpdate = await get(`/content-version?${q()}`, one(contentVersionSchema));
    expect(afterUpdate.data.version).toBeGreaterThan(afterCreate.data.version);

    expect((await write('DELETE', 'faq', { id: item.id })).statusCode).toBe(200);
    await get(`/faq/${item.id}?${q()}`, z.object({ status: z.literal('not_found') }), 404);
    expect((await write('DELETE', 'faq', { id: item.id })).statusCode).toBe(404);
  });

  test('pages: a draft created through the API stays hidden until published', async () => {
    const created = await write('POST', 'page', {
      slug: 'winter-offer',
      title: 'Winter offer',
      status: 'draft',
      blocks: [{ kind: 'text', text: '<p>Frost-proof exterior fillers.</p>' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const page = one(pageItem.extend({ version: z.number() })).parse(created.json()).data;
    await get(`/page/winter-offer?${q()}`, z.object({ status: z.literal('not_found') }), 404);
    const published = await write('PATCH', `page/${page.id}`, { version: page.version, status: 'published' });
    expect(published.statusCode, published.body).toBe(200);
    const shown = await get(`/page/winter-offer?${q()}`, one(pageItem));
    expect(shown.data.published_at).not.toBeNull();
    const duplicate = await write('POST', 'page', { slug: 'winter-offer', title: 'Again' });
    expect(duplicate.statusCode).toBe(400);
  });

  test('invalid bodies are 400 with field errors', async () => {
    const res = await write('POST', 'testimony', { author: '', text: 'Great', rating: 9 });
    expect(res.statusCode).toBe(400);
    const body = z
      .object({
        status: z.literal('invalid_request'),
        errors: z.array(z.object({ field: z.string(), message: z.string() })),
      })
      .parse(res.json());
    expect(body.errors.map((e) => e.field)).toEqual(expect.arrayContaining(['body.author', 'body.rating']));
    expect((await write('POST', 'menu', { code: 'menu_side_pro', items: [] })).statusCode).toBe(400);
    expect((await write('PUT', 'faq', { question: 'no id' })).statusCode).toBe(400);
    expect((await write('DELETE', 'faq')).statusCode).toBe(400);
    expect((await write('PATCH', 'faq/999999', { version: 1, question: 'x' })).statusCode).toBe(404);
  });
});

describe('properties', () => {
  const resources = [
    'page',
    'folder',
    'faq',
    'tags',
    'notice',
    'slider',
    'testimony',
    'menu',
    'country',
    'civility',
    'setting',
  ];
  const value = fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.integer().map(String),
    fc.constantFrom('-1', '0', '1e9', 'NaN', '%', 'pro', 'part'),
  );

  test('index and show queries never answer ≥ 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...resources),
        fc.dictionary(
          fc.constantFrom(
            'perPage',
            'page',
            'audience',
            'type',
            'tag',
            'kind',
            'code',
            'section',
            'contract',
            'location',
            'saleplan_id',
            'site_id',
          ),
          value,
        ),
        fc.string({ maxLength: 20 }),
        async (resource, params, id) => {
          const search = new URLSearchParams({ site_id: '3', ...params }).toString();
          const index = await t.app.inject({ url: `/api/v1/${resource}?${search}` });
          expect(index.statusCode).toBeLessThan(500);
          const show = await t.app.inject({
            url: `/api/v1/${resource}/${encodeURIComponent(id) || 'x'}?${search}`,
          });
          expect(show.statusCode).toBeLessThan(500);
        },
      ),
      { numRuns: 60 },
    );
  });

  test('write bodies never answer ≥ 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...resources),
        fc.constantFrom('POST', 'PUT') as fc.Arbitrary<'POST' | 'PUT'>,
        fc.anything({ maxDepth: 2 }),
        async (resource, method, payload) => {
          const res = await t.app.inject({
            method,
            url: `/api/v1/${resource}?${q()}`,
            headers: { 'x-api-key': API_KEY, 'content-type': 'application/json' },
            payload: JSON.stringify(payload ?? null),
          });
          expect(res.statusCode).toBeLessThan(500);
        },
      ),
      { numRuns: 60 },
    );
  });
});
