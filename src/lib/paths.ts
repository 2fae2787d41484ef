/**
 * URL builders: the only place that knows the shape of the site's paths (spec §2 route table). Every builder
 * takes the audience; the pro home is `/`, every other page lives under the audience segment.
 */
import { DEFAULT_AUDIENCE, type Audience } from './config.ts';
import { encodeGuideAnswers, type GuideAnswers } from './selector-guide.ts';
import {
  audienceFromSegment,
  DEFAULT_SORT,
  formatListingSegments,
  segmentOf,
  type ListingParams,
} from './routing.ts';

/**
 * Public origin on the server: Astro's `site`, i.e. SITE_URL as astro.config.mjs validated it (its default outside
 * Astro, in unit tests); the page's own origin in the browser. This module is loaded by islands too, so it reads no
 * environment itself.
 */
export function siteOrigin(): string {
  if (typeof window !== 'undefined') return window.location.origin;
  return (astroSite() || 'http://localhost:4321').replace(/\/+$/, '');
}

/** `import.meta.env.SITE`, inlined by Astro's build; Node alone has no `import.meta.env` (scripts). */
function astroSite(): string | undefined {
  try {
    return import.meta.env.SITE;
  } catch {
    return undefined;
  }
}

function join(audience: Audience, ...parts: (string | undefined)[]): string {
  const rest = parts.filter((part): part is string => part !== undefined && part !== '');
  return `/${[segmentOf(audience), ...rest].join('/')}`;
}

/** `?name=value&…` of the given values, '' when none is given. */
function query(values: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values))
    if (value !== undefined && value !== '') params.set(name, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Filter and page segments in the path; an order other than relevance as `?sort=`. */
function listing(audience: Audience, base: string[], params?: Partial<ListingParams>): string {
  const sort = params?.sort === DEFAULT_SORT ? undefined : params?.sort;
  return join(audience, ...base, ...formatListingSegments(params ?? {})) + query({ sort });
}

export const paths = {
  home: (audience: Audience) => (audience === DEFAULT_AUDIENCE ? '/' : join(audience)),
  /** `{slug}#{reference}` preselects that variant on the product page. */
  product: (audience: Audience, slug: string, reference?: string) =>
    join(audience, 'product', slug) + (reference ? `#${encodeURIComponent(reference)}` : ''),
  category: (audience: Audience, slug: string, params?: Partial<ListingParams>) =>
    listing(audience, ['category', slug], params),
  /** Every category, i.e. `/category` with no slug ("Our fillers"). */
  catalogue: (audience: Audience, params?: Partial<ListingParams>) => listing(audience, ['category'], params),
  results: (audience: Audience, search: string, params?: Partial<ListingParams>) =>
    listing(audience, ['results', encodeURIComponent(search.trim())], params),
  /** Target of the plain search form (`?q=`); the results route redirects it to `results/{search}`. */
  searchForm: (audience: Audience) => join(audience, 'results'),
  /** The selector guide's landing page (questions listed; the button opens the modal). */
  selectorGuide: (audience: Audience) => join(audience, 'choice-guide'),
  selectorGuideResults: (audience: Audience, answers: GuideAnswers, params?: Partial<ListingParams>) =>
    listing(audience, ['choice-guide', encodeGuideAnswers(answers)], params),
  contact: (audience: Audience) => join(audience, 'contact'),
  /** The order confirmation; `order` (an order number, `PW-000123`) names the order the page shows. */
  confirmation: (audience: Audience, order?: string) => join(audience, 'confirmation') + query({ order }),
  /** The basket page (a static shell; the island reads the server cart). */
  basket: (audience: Audience) => join(audience, 'basket'),
  /** Log in; `next` (a same-site path) is where the visitor goes afterwards. */
  login: (audience: Audience, next?: string) => join(audience, 'login') + query({ next }),
  signUp: (audience: Audience) => join(audience, 'sign-up'),
  forgottenPassword: (audience: Audience) => join(audience, 'forgotten-password'),
  /** The account area (guarded: no login cookie → home); the overview and its pages. */
  account: (audience: Audience) => join(audience, 'account'),
  accountOrders: (audience: Audience) => join(audience, 'account', 'orders'),
  /** One order of the account (rendered on demand: order numbers are not known at build time). */
  accountOrder: (audience: Audience, number: string) =>
    join(audience, 'account', 'orders', encodeURIComponent(number)),
  accountAddresses: (audience: Audience) => join(audience, 'account', 'addresses'),
  accountWishlist: (audience: Audience) => join(audience, 'account', 'wishlist'),
  accountProfile: (audience: Audience) => join(audience, 'account', 'profile'),
  accountTrade: (audience: Audience) => join(audience, 'account', 'trade'),
  /** The first checkout step. */
  checkoutDelivery: (audience: Audience) => join(audience, 'checkout', 'delivery'),
  /** The second checkout step: review and pay. */
  checkoutPayment: (audience: Audience) => join(audience, 'checkout', 'payment'),
  /** The sales conditions (a CMS page) the shopper accepts before paying. */
  termsOfSale: (audience: Audience) => join(audience, 'terms-of-sale'),
  folder: (audience: Audience, slug: string, type?: string) => join(audience, 'folder', slug, type),
  faq: (audience: Audience, tag?: string) => join(audience, 'frequently-asked-questions', tag),
  careers: (audience: Audience, filters: string[] = []) => join(audience, 'careers', ...filters),
  /** The job application; `vacancy` (a job page's slug) preselects that vacancy in the form. */
  careersEnquiry: (audience: Audience, vacancy?: string) =>
    join(audience, 'careers', 'careers-enquiry') + query({ vacancy }),
  news: (audience: Audience, tag?: string) => join(audience, 'news', tag),
  sitemap: (audience: Audience) => join(audience, 'sitemap'),
  compare: (audience: Audience) => join(audience, 'compare-products'),
  favourites: (audience: Audience) => join(audience, 'favorites'),
  calculator: (audience: Audience) => join(audience, 'quantity-calculator'),
  stockists: (audience: Audience) => join(audience, 'where-to-find-our-products'),
  downloads: (audience: Audience) => join(audience, 'downloads'),
  technicalDocumentation: (audience: Audience, type?: string) =>
    join(audience, 'technical-documentation', type),
  jobsiteSupport: (audience: Audience) => join(audience, 'jobsite-support'),
  /** The training registration form; `session` (a training session id) preselects that course. */
  trainingRegister: (audience: Audience, session?: number) =>
    join(audience, 'training', 'register') + query({ session }),
  /** CMS catch-all; also resolves menu slugs relative to the segment (`news`, `category/fillers`). */
  cmsPage: (audience: Audience, slug: string) => join(audience, ...slug.split('/')),
  preview: (id: number, token: string) => `/preview/${id}?token=${encodeURIComponent(token)}`,
} as const;

/**
 * Canonical path of an entity (spec §2, design.md): its pro-segment URL (without filter segments) when it
 * exists for pro, else its own audience's URL; never a URL that redirects. `build` makes the path for an
 * audience; `audiences` are those the entity exists in (omit for pages that exist in both).
 */
export function canonicalPath(
  current: Audience,
  build: (audience: Audience) => string,
  audiences?: readonly Audience[],
): string {
  const target = !audiences || audiences.includes(DEFAULT_AUDIENCE) ? DEFAULT_AUDIENCE : current;
  return build(target);
}

export function absoluteUrl(path: string): string {
  return new URL(path, `${siteOrigin()}/`).toString();
}

/** True when `url` points inside this site (same host as SITE_URL or the page, or a relative path). */
export function isInternalUrl(url: string): boolean {
  if (url.startsWith('/') && !url.startsWith('//')) return true;
  try {
    const host = new URL(url).host;
    return host === new URL(siteOrigin()).host;
  } catch {
    return false;
  }
}

/**
 * Why the audience switch did not land on the same page, carried in a query parameter the landing page's
 * script reads (static pages stay static): the product or category is not sold to that audience, its selector
 * guide does not ask the same questions, or filter values or the page number it does not have were dropped.
 */
export const SWITCH_NOTICE_PARAM = 'switched';
export const SWITCH_REASONS = ['product', 'product_home', 'category', 'filters', 'page', 'guide'] as const;
export type SwitchReason = (typeof SWITCH_REASONS)[number];

/** `path` with the switch's reason, if any (before a `#fragment`). */
export function withSwitchNotice(path: string, reason?: SwitchReason): string {
  if (!reason) return path;
  const hashAt = path.indexOf('#');
  const [base, hash] = hashAt === -1 ? [path, ''] : [path.slice(0, hashAt), path.slice(hashAt)];
  return `${base}${base.includes('?') ? '&' : '?'}${SWITCH_NOTICE_PARAM}=${reason}${hash}`;
}

/** The same page in the other audience: swaps the segment (home ↔ home). */
export function switchAudiencePath(pathname: string, to: Audience): string {
  const parts = pathname.split('/').filter((part) => part !== '');
  const rest = audienceFromSegment(parts[0]) ? parts.slice(1) : parts;
  return rest.length === 0 ? paths.home(to) : join(to, ...rest);
}
