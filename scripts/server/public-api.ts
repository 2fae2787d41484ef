/**
 * The calls a browser may make through the storefront's `/api/v1`: reads of public catalogue and CMS data, the
 * public forms, the basket and checkout (each opened by its own token: cart, order), the customer's account (the
 * session cookie: auth, me, addresses, my orders, wishlist, trade account application), and the fake card provider's test page and webhook.
 * Everything else (calls that take the API key, such as the staff's `/customers`, form submissions, previews, the
 * OpenAPI document and docs) answers 404 here and is reachable only on the back-office's own port.
 * docs/security.md lists the same table; a unit test keeps the two equal.
 */

export interface PublicCall {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
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
  { method: 'POST', path: '/training-registration', what: 'training registration form' },
  { method: 'POST', path: '/cart/items', what: 'add to the basket (opens a basket)' },
  { method: 'GET', path: '/cart', what: 'the basket' },
  { method: 'PATCH', path: '/cart/items/:line_id', what: 'change a basket line' },
  { method: 'DELETE', path: '/cart/items/:line_id', what: 'remove a basket line' },
  { method: 'POST', path: '/cart/discount', what: 'apply a discount code' },
  { method: 'DELETE', path: '/cart/discount', what: 'remove the discount code' },
  { method: 'GET', path: '/cart/shipping', what: 'shipping estimate' },
  { method: 'PUT', path: '/checkout/delivery', what: 'checkout: delivery or collection' },
  { method: 'PUT', path: '/checkout/billing', what: 'checkout: billing address' },
  { method: 'GET', path: '/checkout/carriers', what: 'checkout: delivery offers' },
  { method: 'GET', path: '/checkout/payment-methods', what: 'checkout: payment methods' },
  { method: 'POST', path: '/checkout/complete', what: 'place and pay the order' },
  { method: 'GET', path: '/orders/:number', what: 'one order (guest access token or session)' },
  { method: 'GET', path: '/orders/:number/invoice.pdf', what: "the order's VAT invoice (PDF)" },
  { method: 'GET', path: '/orders/:number/credit-notes/:file', what: 'a credit note of the order (PDF)' },
  { method: 'POST', path: '/auth/register', what: 'account: sign up' },
  { method: 'POST', path: '/auth/login', what: 'account: log in' },
  { method: 'POST', path: '/auth/logout', what: 'account: log out' },
  { method: 'POST', path: '/auth/password/forgot', what: 'account: forgotten password' },
  { method: 'POST', path: '/auth/password/reset', what: 'account: new password from the link' },
  { method: 'POST', path: '/auth/password/change', what: 'account: change the password' },
  { method: 'POST', path: '/auth/verify', what: 'account: verify the e-mail' },
  { method: 'GET', path: '/me', what: 'account: who is logged in' },
  { method: 'PATCH', path: '/me', what: 'account: profile update' },
  { method: 'GET', path: '/profile', what: 'account: profile (alias of /me)' },
  { method: 'PUT', path: '/profile', what: 'account: profile update (alias)' },
  { method: 'GET', path: '/address', what: 'account: saved addresses' },
  { method: 'GET', path: '/address/:id', what: 'account: one saved address' },
  { method: 'POST', path: '/address', what: 'account: add an address' },
  { method: 'PUT', path: '/address', what: 'account: change an address' },
  { method: 'DELETE', path: '/address', what: 'account: delete an address' },
  { method: 'GET', path: '/orders', what: 'account: my orders' },
  { method: 'POST', path: '/orders/:number/reorder', what: 'account: order again' },
  { method: 'GET', path: '/wishlist', what: 'account: wishlist' },
  { method: 'PUT', path: '/wishlist', what: 'account: wishlist replace or merge' },
  { method: 'POST', path: '/wishlist/send', what: 'account: send the wishlist by e-mail' },
  { method: 'GET', path: '/trade/application', what: 'account: trade application and statement' },
  { method: 'POST', path: '/trade/application', what: 'account: apply for a trade account' },
  {
    method: 'GET',
    path: '/payments/fake/authorise/:payment_id',
    what: 'fake card provider: test authorisation page',
  },
  {
    method: 'POST',
    path: '/payments/fake/authorise/:payment_id',
    what: 'fake card provider: approve or decline',
  },
  { method: 'POST', path: '/payments/fake/webhook', what: 'fake card provider: signed webhook' },
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
