/**
 * URLs of /sitemap.xml: every indexable canonical URL. An entity is listed once, at its pro URL when it exists
 * for pro, else at its part URL; fixed pages (which exist for both audiences) at their pro URL. Redirecting and
 * on-demand URLs never appear.
 */
import type { UrlEntry } from '../../lib/api/types.ts';
import { DEFAULT_AUDIENCE, type Audience } from '../../lib/config.ts';
import { paths } from '../../lib/paths.ts';

export interface SitemapUrl {
  path: string;
  lastmod?: string;
}

/** The path of a URL-list entry in an audience. */
export function entityPath(entry: UrlEntry, audience: Audience): string {
  switch (entry.entityType) {
    case 'product':
      return paths.product(audience, entry.slug);
    case 'category':
      return paths.category(audience, entry.slug);
    case 'folder':
      return paths.folder(audience, entry.slug);
    case 'page':
      return paths.cmsPage(audience, entry.slug);
  }
}

/** The audience whose URL is canonical for an entity, `undefined` when it is in no audience. */
export function canonicalAudience(audiences: readonly Audience[]): Audience | undefined {
  return audiences.includes(DEFAULT_AUDIENCE) ? DEFAULT_AUDIENCE : audiences[0];
}

/**
 * Sitemap entries: `fixedPaths` (already canonical) then each entity at its canonical URL, without duplicates.
 * `skip` leaves out entities that have no page of their own (e.g. a CMS slug shadowed by a fixed route).
 */
export function sitemapUrls(
  fixedPaths: readonly string[],
  entries: readonly UrlEntry[],
  skip: (entry: UrlEntry) => boolean = () => false,
): SitemapUrl[] {
  const seen = new Set<string>();
  const urls: SitemapUrl[] = [];
  const add = (url: SitemapUrl) => {
    if (seen.has(url.path)) return;
    seen.add(url.path);
    urls.push(url);
  };
  for (const path of fixedPaths) add({ path });
  for (const entry of entries) {
    const audience = canonicalAudience(entry.audiences);
    if (!audience || skip(entry)) continue;
    add({ path: entityPath(entry, audience), lastmod: entry.updatedAt || undefined });
  }
  return urls;
}

/**
 * Paths of a paged listing's pages after the first (`…/_p__2` on): each is an indexable page with its own
 * canonical. `build(page)` makes the path of one page.
 */
export function laterPagePaths(count: number, pageSize: number, build: (page: number) => string): string[] {
  const pages = Math.ceil(count / pageSize);
  return Array.from({ length: Math.max(0, pages - 1) }, (_, index) => build(index + 2));
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The sitemaps.org XML document for `urls` under `origin`. */
export function sitemapXml(origin: string, urls: readonly SitemapUrl[]): string {
  const base = origin.replace(/\/+$/, '');
  const body = urls
    .map((url) => {
      const lastmod =
        url.lastmod && !Number.isNaN(Date.parse(url.lastmod)) ? url.lastmod.slice(0, 10) : undefined;
      return `  <url><loc>${escapeXml(base + url.path)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

/** robots.txt: everything allowed but previews and the API, plus the sitemap's address. */
export function robotsTxt(origin: string): string {
  const base = origin.replace(/\/+$/, '');
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /preview',
    'Disallow: /api',
    '',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n');
}

/** First segments after the audience that belong to fixed routes: a CMS page cannot use them as its slug. */
export const FIXED_ROUTE_SEGMENTS: ReadonlySet<string> = new Set([
  'product',
  'category',
  'results',
  'choice-guide',
  'folder',
  'frequently-asked-questions',
  'careers',
  'news',
  'sitemap',
  'contact',
  'confirmation',
  'compare-products',
  'favorites',
  'quantity-calculator',
  'where-to-find-our-products',
  'downloads',
  'technical-documentation',
  'jobsite-support',
]);

/** True when a CMS page slug can have its own page at /{target}/{slug}. */
export function isCmsSlugAvailable(slug: string): boolean {
  return !slug.includes('/') && !FIXED_ROUTE_SEGMENTS.has(slug);
}
