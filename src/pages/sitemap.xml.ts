/** /sitemap.xml, generated at build: every indexable canonical URL (see features/content/sitemap.ts). */
import type { APIRoute } from 'astro';
import { apiFor, listUrls } from '../lib/api/index.ts';
import { faqsOf, foldersOf, noticesOf, pagesOf, tagsInUse, typesInUse } from '../lib/content-data.ts';
import { AUDIENCES, DEFAULT_AUDIENCE, LISTING_PAGE_SIZE, type Audience } from '../lib/config.ts';
import { paths } from '../lib/paths.ts';
import { flatCategories } from '../lib/static-paths.ts';
import { perAudience } from '../features/content/audiences.ts';
import { folderPaths } from '../features/content/content-paths.ts';
import { isCmsSlugAvailable, laterPagePaths, sitemapUrls, sitemapXml } from '../features/content/sitemap.ts';

/** Pages every audience has (indexable ones only: no basket confirmation, compare or favourites). */
const fixedPages = (audience: Audience) => [
  paths.home(audience),
  folderPaths.index(audience),
  paths.faq(audience),
  paths.news(audience),
  paths.careers(audience),
  paths.careersEnquiry(audience),
  paths.downloads(audience),
  paths.technicalDocumentation(audience),
  paths.sitemap(audience),
  paths.contact(audience),
  paths.jobsiteSupport(audience),
  paths.stockists(audience),
  paths.calculator(audience),
  paths.catalogue(audience),
];

/** Tag and type pages at their canonical audience: pro when pro has the page, else part. */
async function taxonomyPaths(): Promise<string[]> {
  const data = await perAudience(async (audience) => {
    const api = apiFor(audience);
    const [news, faqs, folders, notices] = await Promise.all([
      pagesOf(api, audience, 'actualite'),
      faqsOf(api, audience),
      foldersOf(api, audience),
      noticesOf(api, audience, 'technical'),
    ]);
    return {
      news: await tagsInUse(api, 'news', news),
      faq: await tagsInUse(api, 'faq', faqs),
      folder: typesInUse(folders),
      technical: typesInUse(notices),
    };
  });
  const builders = {
    news: (a: Audience, slug: string) => paths.news(a, slug),
    faq: (a: Audience, slug: string) => paths.faq(a, slug),
    folder: (a: Audience, slug: string) => folderPaths.type(a, slug),
    technical: (a: Audience, slug: string) => paths.technicalDocumentation(a, slug),
  };
  return (Object.keys(builders) as (keyof typeof builders)[]).flatMap((kind) => {
    const ordered = [DEFAULT_AUDIENCE, ...AUDIENCES.filter((a) => a !== DEFAULT_AUDIENCE)];
    const seen = new Set<string>();
    return ordered.flatMap((audience) =>
      data[audience][kind].flatMap((entry) => {
        if (seen.has(entry.slug)) return [];
        seen.add(entry.slug);
        return [builders[kind](audience, entry.slug)];
      }),
    );
  });
}

/**
 * Later pages (`_p__N`) of the category listings, which are static pages canonical to themselves: the pro
 * listings ("Our fillers" and every category), plus those of categories only the part plan has.
 */
async function categoryPagePaths(): Promise<string[]> {
  const byAudience = await perAudience(flatCategories);
  const proSlugs = new Set(byAudience[DEFAULT_AUDIENCE].map((category) => category.slug));
  const allProducts = byAudience[DEFAULT_AUDIENCE].filter((category) => category.parentId === null).reduce(
    (sum, category) => sum + category.productCount,
    0,
  );
  const listings = [
    { audience: DEFAULT_AUDIENCE, slug: '', count: allProducts },
    ...AUDIENCES.flatMap((audience) =>
      byAudience[audience]
        .filter((category) => audience === DEFAULT_AUDIENCE || !proSlugs.has(category.slug))
        .map((category) => ({ audience, slug: category.slug, count: category.productCount })),
    ),
  ];
  return listings.flatMap(({ audience, slug, count }) =>
    laterPagePaths(count, LISTING_PAGE_SIZE, (page) =>
      slug ? paths.category(audience, slug, { page }) : paths.catalogue(audience, { page }),
    ),
  );
}

export const GET: APIRoute = async ({ site }) => {
  const [entries, taxonomies, categoryPages] = await Promise.all([
    listUrls(apiFor(DEFAULT_AUDIENCE)),
    taxonomyPaths(),
    categoryPagePaths(),
  ]);
  const urls = sitemapUrls(
    [...fixedPages(DEFAULT_AUDIENCE), ...taxonomies, ...categoryPages],
    entries,
    (entry) => entry.entityType === 'page' && !isCmsSlugAvailable(entry.slug),
  );
  return new Response(sitemapXml(site?.origin ?? 'http://localhost:4321', urls), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8' },
  });
};
