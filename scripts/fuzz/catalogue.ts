/**
 * What the fuzzer reads before it starts: the OpenAPI document (straight from the back-office: the storefront
 * does not serve it) and a few real slugs, filters and page paths, so hostile requests get past the first check
 * of each route. A missing piece falls back to a plausible default with a warning; only the document is required.
 */
import { careersSegments } from '../../src/features/content/careers.ts';
import { PLAN_IDS, SITE_ID } from '../../src/lib/config.ts';
import { encodeFilterValue, formatListingSegments } from '../../src/lib/routing.ts';
import type { Catalogue } from './cases.ts';
import { listOperations, type Operation } from './openapi.ts';

const TIMEOUT_MS = 15_000;
/** Static pages sampled from the sitemap: enough to meet every page type, few enough to stay quick. */
const STATIC_SAMPLE = 24;

async function getText(url: string): Promise<string> {
  const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'manual' });
  const text = await response.text();
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return text;
}

async function getData<T>(backoffice: string, path: string): Promise<T> {
  const separator = path.includes('?') ? '&' : '?';
  const url = `${backoffice}/api/v1${path}${separator}site_id=${SITE_ID}&lang=en`;
  return (JSON.parse(await getText(url)) as { data: T }).data;
}

/** The operations of the back-office's OpenAPI document. */
export async function loadOperations(backoffice: string): Promise<Operation[]> {
  const url = `${backoffice}/api/v1/openapi.json`;
  let doc: unknown;
  try {
    doc = JSON.parse(await getText(url));
  } catch (error) {
    throw new Error(`cannot read the OpenAPI document at ${url}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  return listOperations(doc);
}

/** Every `step`-th item, so a sample spreads over the whole list (deterministic). */
export function spread<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items];
  const step = items.length / count;
  return Array.from({ length: count }, (_, i) => items[Math.floor(i * step)]!);
}

/** Paths of the `<loc>`s of a sitemap (or of the sitemaps of a sitemap index, one level deep). */
export function sitemapPaths(xml: string): string[] {
  return [...xml.matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/g)].map((match) => {
    const loc = match[1]!.replace(/&amp;/g, '&');
    try {
      const url = new URL(loc);
      return url.pathname + url.search;
    } catch {
      return loc;
    }
  });
}

interface UrlItem {
  entity_type: string;
  id: number;
  slug: string;
}

interface Facet {
  technical_name: string;
  data?: { value: string }[];
}

interface JobPage {
  job?: { contract?: string; location?: string; department?: string; experience?: string };
}

export async function loadCatalogue(
  backoffice: string,
  storefront: string,
  warn: (message: string) => void,
): Promise<Catalogue> {
  async function attempt<T>(what: string, load: () => Promise<T>, fallback: T): Promise<T> {
    try {
      return await load();
    } catch (error) {
      warn(`could not read ${what} (${(error as Error).message}); using a default`);
      return fallback;
    }
  }
  const plan = `saleplan_id=${PLAN_IDS.pro}`;

  const urls = await attempt('the URL list', () => getData<{ items: UrlItem[] }>(backoffice, '/url'), {
    items: [],
  });
  const slugs = (type: string) =>
    urls.items.filter((item) => item.entity_type === type).map((item) => item.slug);
  const firstProduct = urls.items.find((item) => item.entity_type === 'product');

  const productJson = await attempt(
    'a product',
    async () => JSON.stringify(await getData(backoffice, `/product/${firstProduct?.id ?? 1}?${plan}`)),
    '',
  );
  const facets = await attempt(
    'the listing filters',
    () => getData<Record<string, Facet>>(backoffice, `/filters-products?${plan}`),
    {},
  );
  const guide = await attempt(
    'the selector guide',
    () => getData<{ items: Facet[] }>(backoffice, `/filters-products?${plan}&guide_de_choix=1`),
    { items: [] },
  );
  const jobs = await attempt(
    'the careers',
    () => getData<{ items: JobPage[] }>(backoffice, '/page?type=job&perPage=100'),
    { items: [] },
  );
  const sitemap = await attempt('the sitemap', () => getText(`${storefront}/sitemap.xml`), '');

  const filterSegments = Object.values(facets)
    .filter((facet) => facet.data?.length)
    .map(
      (facet) =>
        formatListingSegments({
          filters: [{ key: facet.technical_name, values: [encodeFilterValue(facet.data![0]!.value)] }],
        })[0],
    )
    .filter((segment): segment is string => segment !== undefined);
  const question = guide.items.find((item) => item.data?.length);
  const job = jobs.items.find((page) => page.job)?.job;
  const careers = job
    ? (['contract', 'location', 'department', 'experience'] as const)
        .filter((field) => job[field])
        .map((field) => careersSegments({ [field]: [encodeFilterValue(job[field]!)] })[0]!)
    : [];
  const productNames = [...productJson.matchAll(/"name":"([^"]{3,60})"/g)].map((match) => match[1]!);

  return {
    productSlugs: slugs('product'),
    categorySlugs: slugs('category'),
    pageSlugs: slugs('page'),
    folderSlugs: slugs('folder'),
    searchTerms: ['filler', ...productNames.slice(0, 1).map((name) => name.split(/\s+/).slice(-2).join(' '))],
    filterSegments,
    guideAnswers: question ? { [question.technical_name]: question.data![0]!.value } : { surface: 'plaster' },
    careersSegments: careers,
    staticPaths: [
      '/',
      ...spread(
        sitemapPaths(sitemap).filter((path) => path !== '/'),
        STATIC_SAMPLE,
      ),
      '/robots.txt',
      '/sitemap.xml',
    ],
    mediaKey: /"\/api\/v1\/media\/([^"?]+)"/.exec(productJson)?.[1] ?? 'p/fuzz.png',
    gtin: /"gtin":"(\d{8,14})"/.exec(productJson)?.[1] ?? '5012345678900',
  };
}
