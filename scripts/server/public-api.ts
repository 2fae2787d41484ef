/**
 * The calls a browser may make through the storefront's `/api/v1`: reads of public catalogue and CMS data and the
 * public forms. Everything else (calls that take the API key, form submissions, previews, the OpenAPI document and
 * docs) answers 404 here and is reachable only on the back-office's own port. docs/security.md lists the same
 * table; a unit test keeps the two equal.
 */

export interface PublicCall {
  method: 'GET' | 'POST';
  /** Path under /api/v1: `:name` is one segment, a trailing `*` any rest. */
  path: string;
  what: string;
}

const CMS_RESOURCES = [
  'page',
  'faq',
  'folder',
  'menu',
  'notice',
  'slider',
  'testimony',
  'tags',
  'setting',
  'civility',
  'country',
  'city',
  'sitemap',
] as const;

export const PUBLIC_API: readonly PublicCall[] = [
  { method: 'GET', path: '/health', what: 'health check' },
  { method: 'GET', path: '/content-version', what: 'version of the published content' },
  { method: 'GET', path: '/site', what: 'site lookup (spec §7)' },
  { method: 'GET', path: '/site/:id', what: 'one site' },
  { method: 'GET', path: '/product', what: 'product listing' },
  { method: 'GET', path: '/product/:id', what: 'one product' },
  { method: 'GET', path: '/product/scan/:code', what: 'product by barcode (scanner)' },
  { method: 'GET', path: '/category', what: 'category tree' },
  { method: 'GET', path: '/category/:id', what: 'one category' },
  { method: 'GET', path: '/filters-products', what: 'listing filters' },
  { method: 'GET', path: '/search', what: 'search and suggestions' },
  { method: 'GET', path: '/url', what: 'URL list' },
  { method: 'GET', path: '/url/entity', what: 'entity of a URL' },
  { method: 'GET', path: '/redirect', what: 'old-URL redirects' },
  ...CMS_RESOURCES.flatMap((name): PublicCall[] => [
    { method: 'GET', path: `/${name}`, what: `CMS ${name} list` },
    { method: 'GET', path: `/${name}/:id`, what: `one CMS ${name}` },
  ]),
  { method: 'GET', path: '/training-session', what: 'training sessions' },
  { method: 'GET', path: '/store-locator', what: 'stockist search' },
  { method: 'GET', path: '/store-locator/:id', what: 'one stockist' },
  { method: 'GET', path: '/media/*', what: 'images and documents' },
  { method: 'GET', path: '/bot-check/challenge', what: "the forms' bot-check challenge" },
  { method: 'POST', path: '/contact', what: 'contact form' },
  { method: 'POST', path: '/construction-starts', what: 'jobsite support form' },
  { method: 'POST', path: '/application', what: 'job application form' },
  { method: 'POST', path: '/profile', what: 'sign-up profile form' },
  { method: 'POST', path: '/training-registration', what: 'training registration form' },
];

function patternOf(path: string): RegExp {
  const source = path
    .split('/')
    .map((segment) => (segment === '*' ? '.+' : segment.startsWith(':') ? '[^/]+' : segment))
    .join('/');
  return new RegExp(`^${source}$`);
}

const compiled = PUBLIC_API.map((call) => ({ ...call, pattern: patternOf(call.path) }));

/**
 * Whether `method` on `pathname` (the path after /api/v1, not decoded) is public. HEAD goes with GET. The literal
 * `/page/preview/…` never matches `/page/:id` because `:id` is a single segment.
 */
export function isPublicCall(method: string, pathname: string): boolean {
  const asked = method === 'HEAD' ? 'GET' : method;
  return compiled.some((call) => call.method === asked && call.pattern.test(pathname));
}
