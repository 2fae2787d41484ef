/** The sitemap page's sections, built from what an audience can reach: categories, pages, folders, services. */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/types.ts';
import { categories, categoryPlans, contentEntries } from '../../db/schema.ts';
import type { SitemapLink, SitemapSection as Section } from './schemas.ts';

/** Fixed screens of the storefront (spec §2 route table); slugs are relative to the audience segment. */
const services: SitemapLink[] = [
  { title: 'Where to buy', slug: 'where-to-find-our-products' },
  { title: 'Quantity calculator', slug: 'quantity-calculator' },
  { title: 'Compare products', slug: 'compare-products' },
  { title: 'Downloads', slug: 'downloads' },
  { title: 'Technical documentation', slug: 'technical-documentation' },
  { title: 'Frequently asked questions', slug: 'frequently-asked-questions' },
  { title: 'Jobsite support', slug: 'jobsite-support' },
  { title: 'Contact us', slug: 'contact' },
];

export async function buildSitemap(
  db: Database,
  siteId: number,
  audience: string,
  planId: number | undefined,
): Promise<Section[]> {
  const categoryRows = planId
    ? await db
        .select({ name: categories.name, slug: categories.slug })
        .from(categories)
        .innerJoin(categoryPlans, eq(categoryPlans.categoryId, categories.id))
        .where(and(eq(categories.siteId, siteId), eq(categoryPlans.planId, planId)))
        .orderBy(asc(categories.parentId), asc(categories.position), asc(categories.name))
    : [];
  const entries = await db
    .select({
      resource: contentEntries.resource,
      type: contentEntries.type,
      slug: contentEntries.slug,
      title: contentEntries.title,
    })
    .from(contentEntries)
    .where(
      and(
        eq(contentEntries.siteId, siteId),
        eq(contentEntries.status, 'published'),
        sql`${contentEntries.resource} in ('page', 'folder')`,
        sql`${audience} = any(${contentEntries.audiences})`,
      ),
    )
    .orderBy(
      asc(contentEntries.position),
      sql`${contentEntries.publishedAt} desc nulls last`,
      asc(contentEntries.title),
    );

  const pick = (resource: string, type: string | undefined, prefix: string) =>
    entries
      .filter((e) => e.resource === resource && (type === undefined || e.type === type) && e.slug)
      .map((e) => ({ title: e.title, slug: `${prefix}${e.slug}` }));

  const sections: Section[] = [
    { title: 'Our fillers', items: categoryRows.map((c) => ({ title: c.name, slug: `category/${c.slug}` })) },
    { title: 'How-to guides', items: pick('folder', undefined, 'folder/') },
    { title: 'News', items: [{ title: 'All news', slug: 'news' }, ...pick('page', 'actualite', '')] },
    { title: 'Careers', items: [{ title: 'All vacancies', slug: 'careers' }, ...pick('page', 'job', '')] },
    { title: 'Services', items: services },
    { title: 'Information', items: pick('page', 'cms', '') },
  ];
  return sections.filter((section) => section.items.length > 0);
}
