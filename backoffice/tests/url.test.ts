/** GET /url (every public URL) and GET /url/entity (entity + breadcrumb parents). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contentEntries } from '../src/db/schema.ts';
import { entityResponse, urlListResponse } from '../src/modules/url/schemas.ts';
import { createTestApp, PART_PLAN, PRO_PLAN, q, SITE_ID, type TestApp } from './helpers.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const [parent] = await t.database.db
    .insert(contentEntries)
    .values({
      siteId: SITE_ID,
      resource: 'page',
      type: 'cms',
      slug: 'url-test-about',
      title: 'About the URL test',
      status: 'published',
      audiences: ['pro', 'part'],
      publishedAt: new Date(),
    })
    .returning({ id: contentEntries.id });
  await t.database.db.insert(contentEntries).values([
    {
      siteId: SITE_ID,
      resource: 'page',
      type: 'cms',
      slug: 'url-test-history',
      title: 'Our history (URL test)',
      status: 'published',
      audiences: ['pro'],
      parentId: parent!.id,
      publishedAt: new Date(),
    },
    {
      siteId: SITE_ID,
      resource: 'page',
      type: 'actualite',
      slug: 'url-test-news',
      title: 'URL test news',
      status: 'published',
      audiences: ['part'],
      publishedAt: new Date(),
    },
    {
      siteId: SITE_ID,
      resource: 'page',
      type: 'cms',
      slug: 'url-test-draft',
      title: 'Draft',
      status: 'draft',
      audiences: ['pro', 'part'],
    },
    {
      siteId: SITE_ID,
      resource: 'folder',
      type: 'walls',
      slug: 'url-test-folder',
      title: 'Fill a crack (URL test)',
      status: 'published',
      audiences: ['pro', 'part'],
      publishedAt: new Date(),
    },
  ]);
  await t.app.contentChanged();
});
afterAll(() => t?.close());

const errorSchema = z.object({
  status: z.string(),
  message: z.string(),
  exist_in: z.array(z.number()).optional(),
});

const urls = async (params: Record<string, number> = {}) => {
  const response = await t.app.inject({ url: `/api/v1/url?${q(params)}` });
  expect(response.statusCode, response.body).toBe(200);
  return urlListResponse.parse(response.json()).data.items;
};

const entity = async (params: Record<string, string | number>, status = 200) => {
  const response = await t.app.inject({ url: `/api/v1/url/entity?${q(params)}` });
  expect(response.statusCode, response.body).toBe(status);
  return status === 200 ? entityResponse.parse(response.json()).data : errorSchema.parse(response.json());
};

describe('GET /url', () => {
  it('lists products, categories, published pages and folders with the plans they exist in', async () => {
    const all = await urls();
    const find = (type: string, slug: string) => all.find((u) => u.entity_type === type && u.slug === slug);
    expect(find('product', 'plasterwick-tradefill-powder')?.exist_in).toEqual([PRO_PLAN]);
    expect(find('product', 'plasterwick-handy-tube-filler')?.exist_in).toEqual([PART_PLAN]);
    expect(find('product', 'plasterwick-multi-fill-powder')?.exist_in).toEqual([PRO_PLAN, PART_PLAN]);
    expect(find('category', 'deep-gap-fillers')?.exist_in).toEqual([PRO_PLAN, PART_PLAN]);
    expect(find('page', 'url-test-history')).toMatchObject({ type: 'cms', exist_in: [PRO_PLAN] });
    expect(find('page', 'url-test-news')).toMatchObject({ type: 'actualite', exist_in: [PART_PLAN] });
    expect(find('page', 'url-test-draft')).toBeUndefined();
    expect(find('folder', 'url-test-folder')?.exist_in).toEqual([PRO_PLAN, PART_PLAN]);
    expect(all.filter((u) => u.entity_type === 'product').length).toBeGreaterThanOrEqual(48);
    expect(all.every((u) => !Number.isNaN(Date.parse(u.updated_at)))).toBe(true);
  });

  it('keeps only the URLs of the plan when one is given', async () => {
    const part = await urls({ saleplan_id: PART_PLAN });
    expect(part.every((u) => u.exist_in.includes(PART_PLAN))).toBe(true);
    expect(part.some((u) => u.slug === 'plasterwick-tradefill-powder')).toBe(false);
    expect(part.some((u) => u.slug === 'url-test-news')).toBe(true);
  });
});

describe('GET /url/entity', () => {
  it('resolves a product with its main category and that category’s parent, root first', async () => {
    const data = (await entity({
      entity_type: 'product',
      slug: 'plasterwick-deep-fill-powder',
      saleplan_id: PRO_PLAN,
    })) as z.infer<typeof entityResponse>['data'];
    expect(data.items[0]).toMatchObject({ reference: 'PW-1031' });
    expect(data.list).toEqual(data.items);
    expect(data.parents.map((p) => [p.entity_type, p.slug])).toEqual([
      ['category', 'fillers'],
      ['category', 'deep-gap-fillers'],
    ]);
  });

  it('resolves a category with its children and its parents', async () => {
    const top = (await entity({
      entity_type: 'category',
      slug: 'fillers',
      saleplan_id: PRO_PLAN,
      depth: 1,
    })) as z.infer<typeof entityResponse>['data'];
    expect(top.parents).toEqual([]);
    expect((top.items[0] as { children: unknown[] }).children.length).toBeGreaterThan(0);
    const child = (await entity({
      entity_type: 'category',
      slug: 'sanding',
      saleplan_id: PART_PLAN,
    })) as z.infer<typeof entityResponse>['data'];
    expect(child.parents.map((p) => p.slug)).toEqual(['tools']);
  });

  it('gives news, careers and folders a route parent, and other pages their parent page', async () => {
    const news = (await entity({
      entity_type: 'page',
      slug: 'url-test-news',
      saleplan_id: PART_PLAN,
    })) as z.infer<typeof entityResponse>['data'];
    expect(news.parents).toEqual([{ entity_type: 'route', id: 0, slug: 'news', name: 'News' }]);
    const child = (await entity({
      entity_type: 'page',
      slug: 'url-test-history',
      saleplan_id: PRO_PLAN,
    })) as z.infer<typeof entityResponse>['data'];
    expect(child.parents).toMatchObject([
      { entity_type: 'page', slug: 'url-test-about', name: 'About the URL test' },
    ]);
    const folder = (await entity({
      entity_type: 'folder',
      slug: 'url-test-folder',
      saleplan_id: PRO_PLAN,
    })) as z.infer<typeof entityResponse>['data'];
    expect(folder.parents).toEqual([{ entity_type: 'route', id: 0, slug: 'folder', name: 'How-to guides' }]);
  });

  it('answers the plan error for a product of the other plan, 404 for unknown or hidden entities', async () => {
    const error = await entity(
      { entity_type: 'product', slug: 'plasterwick-tradefill-powder', saleplan_id: PART_PLAN },
      400,
    );
    expect(error).toMatchObject({ status: 'not_available_in_this_saleplan', exist_in: [PRO_PLAN] });
    await entity({ entity_type: 'product', slug: 'nothing-here', saleplan_id: PRO_PLAN }, 404);
    await entity({ entity_type: 'page', slug: 'url-test-draft', saleplan_id: PRO_PLAN }, 404);
    // A page of the other audience is not shown.
    await entity({ entity_type: 'page', slug: 'url-test-news', saleplan_id: PRO_PLAN }, 404);
  });

  it('validates its parameters', async () => {
    await entity({ entity_type: 'widget', slug: 'x', saleplan_id: PRO_PLAN }, 400);
    await entity({ entity_type: 'product', slug: 'Bad Slug', saleplan_id: PRO_PLAN }, 400);
    // Products depend on the plan.
    await entity({ entity_type: 'product', slug: 'plasterwick-tradefill-powder' }, 400);
  });
});
