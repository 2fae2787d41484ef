/** The demo content is as rich as the brief asks: sizes of each data set after a fresh seed. */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { contentEntries, postcodes, redirects, stockists, trainingSessions } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function count(resource: string, type?: string) {
  const [row] = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(contentEntries)
    .where(and(eq(contentEntries.resource, resource), type ? eq(contentEntries.type, type) : undefined));
  return row?.n ?? 0;
}

describe('content seed sizes', () => {
  test('home: at least 3 slides and 3 pushes per audience, 6 testimonies', async () => {
    const rows = await t.database.db
      .select()
      .from(contentEntries)
      .where(eq(contentEntries.resource, 'slider'));
    for (const audience of ['pro', 'part']) {
      for (const kind of ['slide', 'push']) {
        expect(
          rows.filter((r) => r.type === kind && r.audiences.includes(audience)).length,
        ).toBeGreaterThanOrEqual(3);
      }
    }
    expect(await count('testimony')).toBeGreaterThanOrEqual(6);
  });

  test('pages: 8 news, 4 jobs with the four careers filters, the legal pages and a draft', async () => {
    expect(await count('page', 'actualite')).toBeGreaterThanOrEqual(8);
    const jobs = await t.database.db
      .select()
      .from(contentEntries)
      .where(and(eq(contentEntries.resource, 'page'), eq(contentEntries.type, 'job')));
    expect(jobs.length).toBeGreaterThanOrEqual(4);
    for (const job of jobs) {
      expect(job.data.job).toMatchObject({
        contract: expect.stringMatching(/^(permanent|fixed-term|apprenticeship)$/),
        location: expect.any(String),
        department: expect.any(String),
        experience: expect.any(String),
      });
    }
    const slugs = (await t.database.db.select({ slug: contentEntries.slug }).from(contentEntries)).map(
      (r) => r.slug,
    );
    for (const slug of [
      'terms-of-sale',
      'privacy-policy',
      'cookie-policy',
      'accessibility',
      'legal-notice',
      'about-us',
      'training',
    ]) {
      expect(slugs).toContain(slug);
    }
    const drafts = await t.database.db
      .select()
      .from(contentEntries)
      .where(and(eq(contentEntries.resource, 'page'), eq(contentEntries.status, 'draft')));
    expect(drafts.length).toBeGreaterThanOrEqual(1);
  });

  test('folders, FAQ and documents', async () => {
    const folders = await t.database.db
      .select()
      .from(contentEntries)
      .where(eq(contentEntries.resource, 'folder'));
    expect(folders.length).toBeGreaterThanOrEqual(6);
    for (const folder of folders) {
      expect((folder.data.steps as unknown[]).length).toBeGreaterThan(0);
      expect((folder.data.products as unknown[]).length).toBeGreaterThan(0);
    }
    const faq = await t.database.db.select().from(contentEntries).where(eq(contentEntries.resource, 'faq'));
    expect(faq.length).toBeGreaterThanOrEqual(24);
    expect(new Set(faq.flatMap((f) => f.data.tags as string[])).size).toBeGreaterThanOrEqual(5);
    const notices = await t.database.db
      .select()
      .from(contentEntries)
      .where(eq(contentEntries.resource, 'notice'));
    const sections = notices.map((n) => (n.data as { section: string }).section);
    expect(sections).toContain('download');
    expect(sections).toContain('technical');
    expect(new Set(notices.map((n) => n.type)).size).toBeGreaterThanOrEqual(5);
  });

  test('menus: the six codes, with every item type and code', async () => {
    const menus = await t.database.db
      .select()
      .from(contentEntries)
      .where(eq(contentEntries.resource, 'menu'));
    expect(menus.map((m) => m.slug).sort()).toEqual(
      [
        'menu_footer_part',
        'menu_footer_pro',
        'menu_part',
        'menu_prefooter_part',
        'menu_prefooter_pro',
        'menu_pro',
      ].sort(),
    );
    const all = JSON.stringify(menus.map((m) => m.data));
    for (const needle of [
      '"type":"external_url"',
      '"type":"cms_page"',
      '"type":"no_destination"',
      '"code":"guide_de_choix"',
      '"code":"top_produit"',
      '_primary',
      '"url":"https://',
      '"url":"/diy-filler"',
      '"pushes"',
      '"extract"',
      '"cover"',
    ]) {
      expect(all).toContain(needle);
    }
  });

  test('stockists, postcode areas, training and redirects', async () => {
    const shops = await t.database.db.select().from(stockists);
    expect(shops.length).toBeGreaterThanOrEqual(150);
    expect(new Set(shops.map((s) => s.town)).size).toBeGreaterThanOrEqual(55);
    expect(shops.filter((s) => s.type === 'trade_counter').every((s) => s.audiences.join() === 'pro')).toBe(
      true,
    );
    expect(new Set(shops.map((s) => s.type)).size).toBe(3);
    const areas = await t.database.db.select().from(postcodes).where(eq(postcodes.precision, 'area'));
    expect(areas.length).toBeGreaterThanOrEqual(120);
    const sessions = await t.database.db.select().from(trainingSessions);
    const soon = sessions.filter((s) => s.startsOn.getTime() - Date.now() < 15 * 86_400_000);
    expect(soon.length).toBeGreaterThan(0);
    expect(sessions.length - soon.length).toBeGreaterThan(0);
    const moved = await t.database.db.select().from(redirects);
    expect(moved.length).toBeGreaterThanOrEqual(40);
    const targets = moved.map((r) => r.toPath);
    expect(
      moved.some(
        (r) => r.fromPath.startsWith('/business-customer') && r.toPath.startsWith('/professional-filler'),
      ),
    ).toBe(true);
    expect(
      moved.some((r) => r.fromPath.startsWith('/individual-customer') && r.toPath.startsWith('/diy-filler')),
    ).toBe(true);
    expect(targets).toContain('/');
    expect(targets).toContain('/professional-filler/technical-documentation');
    expect(targets.some((to) => to.startsWith('/api/v1/media/docs/'))).toBe(true);
    expect(targets).toContain('/professional-filler/product/plasterboard-finishing-solutions');
  });

  test('pages carry search text from their blocks', async () => {
    const [about] = await t.database.db
      .select()
      .from(contentEntries)
      .where(eq(contentEntries.slug, 'about-us'));
    expect(about?.searchText).toContain('Preston');
  });
});
