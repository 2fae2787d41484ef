/** GET /search?type=Suggest: grouped suggestions with full-text and typo-tolerant matching. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contentEntries } from '../src/db/schema.ts';
import { searchIndexesCurrent } from '../src/modules/search/index.ts';
import { suggestResponse } from '../src/modules/search/schemas.ts';
import { createTestApp, PART_PLAN, PRO_PLAN, q, SITE_ID, type TestApp } from './helpers.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // Pages of our own, so the assertions do not depend on the content engineer's copy.
  await t.database.db.insert(contentEntries).values([
    {
      siteId: SITE_ID,
      resource: 'page',
      type: 'actualite',
      slug: 'zephyrine-open-day',
      title: 'Zephyrine trade open day',
      status: 'published',
      audiences: ['pro'],
      searchText: 'Join the Zephyrine team for demonstrations of skimming and jointing. '.repeat(6),
      publishedAt: new Date('2025-05-01T09:00:00Z'),
    },
    {
      siteId: SITE_ID,
      resource: 'page',
      type: 'cms',
      slug: 'zephyrine-draft',
      title: 'Zephyrine draft notes',
      status: 'draft',
      audiences: ['pro', 'part'],
    },
    {
      siteId: SITE_ID,
      resource: 'page',
      type: 'job',
      slug: 'zephyrine-diy-advisor',
      title: 'Zephyrine DIY advisor',
      status: 'published',
      audiences: ['part'],
      publishedAt: new Date('2025-05-02T09:00:00Z'),
    },
  ]);
  await t.app.contentChanged();
  await searchIndexesCurrent(t.app);
});
afterAll(() => t?.close());

const suggest = async (text: string, plan = PRO_PLAN, extra: Record<string, string | number> = {}) => {
  const response = await t.app.inject({
    url: `/api/v1/search?${q({ saleplan_id: plan, type: 'Suggest', text, ...extra })}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return suggestResponse.parse(response.json()).data;
};

describe('GET /search', () => {
  it('finds products by name and reference', async () => {
    const byName = await suggest('multi-fill');
    expect(byName.products.items.map((p) => p.reference)).toContain('PW-1001');
    expect(byName.products.items[0]!.cover?.url).toMatch(/visuel/);
    const byReference = await suggest('PW-1091');
    expect(byReference.products.items[0]!.slug).toBe('plasterboard-finishing-solutions');
  });

  it.each([
    ['filer', /Fill/],
    ['plastr', /Plaster/],
    ['morter', /Mortar|Masonry/],
    ['jointng', /Joint/],
  ])('tolerates the typo "%s"', async (typo, expected) => {
    const result = await suggest(typo);
    expect(result.products.total).toBeGreaterThan(0);
    expect(result.products.items.some((p) => expected.test(p.name))).toBe(true);
  });

  it('returns nothing for gibberish, with zero totals', async () => {
    const result = await suggest('qqxxzzv');
    expect(result.products).toEqual({ total: 0, items: [] });
    expect(result.categories.total).toBe(0);
    expect(result.pages.total).toBe(0);
  });

  it('limits each group but reports the full total', async () => {
    const result = await suggest('filler', PRO_PLAN, { limit: 3 });
    expect(result.products.items).toHaveLength(3);
    expect(result.products.total).toBeGreaterThan(3);
  });

  it('only suggests products of the plan', async () => {
    const pro = await suggest('tradefill');
    expect(pro.products.items.map((p) => p.reference)).toContain('PW-1002');
    const part = await suggest('tradefill', PART_PLAN);
    expect(part.products.items.map((p) => p.reference)).not.toContain('PW-1002');
  });

  it('suggests categories with their parent name', async () => {
    const result = await suggest('deep gap');
    const category = result.categories.items.find((c) => c.slug === 'deep-gap-fillers');
    expect(category).toMatchObject({ name: 'Deep gap fillers', category_name: 'Fillers' });
  });

  it('suggests published pages of the audience with a short excerpt', async () => {
    const pro = await suggest('zephyrine');
    expect(pro.pages.items.map((p) => p.slug)).toEqual(['zephyrine-open-day']);
    expect(pro.pages.items[0]).toMatchObject({ type: 'actualite', category_name: 'News' });
    expect(pro.pages.items[0]!.content.length).toBeLessThanOrEqual(160);
    const part = await suggest('zephyrin', PART_PLAN);
    expect(part.pages.items.map((p) => p.slug)).toEqual(['zephyrine-diy-advisor']);
    expect(part.pages.items[0]!.category_name).toBe('Careers');
  });

  it('answers from the old index while a write is being indexed, then from the new one, caching neither wrongly', async () => {
    await suggest('quarrystone');
    await t.database.db.insert(contentEntries).values({
      siteId: SITE_ID,
      resource: 'page',
      type: 'actualite',
      slug: 'quarrystone-launch',
      title: 'Quarrystone render launch',
      status: 'published',
      audiences: ['pro'],
      publishedAt: new Date('2025-06-01T09:00:00Z'),
    });
    // What every write through the API does: clear the read cache, move the content version.
    await t.app.contentChanged();
    // The first search after the change starts the rebuild and is answered at once by the old index, and that
    // answer is not kept: once the new index is in, the same search finds the page (and "quarystone" too).
    expect((await suggest('quarrystone')).pages.total).toBe(0);
    await searchIndexesCurrent(t.app);
    expect((await suggest('quarrystone')).pages.items.map((p) => p.slug)).toEqual(['quarrystone-launch']);
    expect((await suggest('quarystone')).pages.items.map((p) => p.slug)).toEqual(['quarrystone-launch']);
  });

  it('accepts language as a synonym of lang', async () => {
    await suggest('filler', PRO_PLAN, { language: 'en' });
  });

  it('rejects an empty text, another type, a bad limit and a missing plan with 400', async () => {
    for (const params of [
      { saleplan_id: PRO_PLAN, text: '' },
      { saleplan_id: PRO_PLAN, text: '   ' },
      { saleplan_id: PRO_PLAN, text: 'filler', type: 'Full' },
      { saleplan_id: PRO_PLAN, text: 'filler', limit: 0 },
      { saleplan_id: PRO_PLAN, text: 'x'.repeat(201) },
      { text: 'filler' },
    ]) {
      const response = await t.app.inject({ url: `/api/v1/search?${q(params)}` });
      expect(response.statusCode, JSON.stringify(params)).toBe(400);
      expect(z.object({ status: z.literal('invalid_request') }).safeParse(response.json()).success).toBe(
        true,
      );
    }
  });
});
