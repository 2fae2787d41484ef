/** Path rules of the production server and the page-kind counts of the build. Pure functions. */
import { DEFAULT_AUDIENCE, TARGET_SEGMENTS } from '../../src/lib/config.ts';

const SEGMENTS = new Set(Object.values(TARGET_SEGMENTS));
const DEFAULT_SEGMENT = TARGET_SEGMENTS[DEFAULT_AUDIENCE];

/** Technical prefixes that live outside the audience segments. */
const UNSEGMENTED_PREFIXES = [
  '/api',
  '/_astro',
  '/_image',
  '/_server-islands',
  '/_actions',
  '/preview',
  '/pagefind',
  '/.well-known',
];

function hasPrefix(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** A last segment with a dot is a file (sitemap.xml, robots.txt, favicon.svg): slugs never contain dots. */
export function isFilePath(pathname: string): boolean {
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return last.includes('.');
}

/**
 * The 301 target the audience rules give `pathname`, or undefined when it is served as is:
 * `/professional-filler` → `/` (the pro home has no segment), and any other path without an audience segment →
 * the same path under the pro segment, so no page exists twice.
 */
export function segmentRedirect(pathname: string): string | undefined {
  if (pathname === '/') return undefined;
  // Repeated slashes collapse so `//evil.example` can never become a protocol-relative redirect.
  const trimmed = pathname.replace(/\/{2,}/g, '/').replace(/\/+$/, '');
  if (trimmed === '' || trimmed === `/${DEFAULT_SEGMENT}`) return '/';
  const first = trimmed.split('/')[1] ?? '';
  if (SEGMENTS.has(first)) return undefined;
  if (UNSEGMENTED_PREFIXES.some((prefix) => hasPrefix(trimmed, prefix)) || isFilePath(trimmed))
    return undefined;
  return `/${DEFAULT_SEGMENT}${trimmed}`;
}

export const PAGE_KINDS = [
  'home',
  'product',
  'category',
  'folder',
  'faq',
  'news',
  'careers',
  'documents',
  'sitemap',
  'tool',
  'error',
  'page',
  'other',
] as const;
export type PageKind = (typeof PAGE_KINDS)[number];

const KIND_BY_SECTION: Record<string, PageKind> = {
  product: 'product',
  category: 'category',
  folder: 'folder',
  'frequently-asked-questions': 'faq',
  news: 'news',
  careers: 'careers',
  downloads: 'documents',
  'technical-documentation': 'documents',
  sitemap: 'sitemap',
  'compare-products': 'tool',
  favorites: 'tool',
  'quantity-calculator': 'tool',
  'where-to-find-our-products': 'tool',
  contact: 'tool',
  'jobsite-support': 'tool',
  confirmation: 'tool',
};

/** Kind of a built page from its HTML file path relative to the client dir (`diy-filler/product/x/index.html`). */
export function pageKind(htmlFile: string): PageKind {
  const parts = htmlFile
    .replace(/\\/g, '/')
    .replace(/(^|\/)index\.html$/, '')
    .replace(/\.html$/, '')
    .split('/')
    .filter(Boolean);
  const [first, section] = parts;
  if (parts.length === 0) return 'home';
  if (first === '404' || first === '500' || first === '401' || first === 'error-fallback')
    return parts.length === 1 ? 'error' : 'other';
  if (!first || !SEGMENTS.has(first)) return 'other';
  if (section === undefined) return 'home';
  return KIND_BY_SECTION[section] ?? (parts.length === 2 ? 'page' : 'other');
}
