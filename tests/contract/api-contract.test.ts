/**
 * The contract between the storefront and the back-office (docs/api-contract.md, "The contract checked"): the
 * back-office runs in-process on a fresh seeded PGlite database, listening on an ephemeral port, and every call
 * the storefront makes (build, SSR, islands) goes to it over real HTTP through the storefront's own call
 * functions, so each live answer is parsed with the storefront's own zod schema. Ids, slugs, search terms,
 * barcodes and postcodes come from the live answers. Afterwards: every path called is a route of the OpenAPI
 * document and every query parameter sent one that route declares, every island call is one the storefront
 * server lets a browser make, and every call function exported by `src/lib/api` is exercised here.
 *
 * New calls go in `CALLS` below (see "add your calls here").
 */
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gtin14 } from '@plasterwick/shop-rules/barcode';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { buildApp } from '../../backoffice/src/app.ts';
import { testConfig } from '../../backoffice/src/config.ts';
import { dataMigrationList } from '../../backoffice/src/data-migrations/index.ts';
import { openDatabase, type DatabaseHandle } from '../../backoffice/src/db/client.ts';
import { verifyBotCheck } from '../../backoffice/src/modules/bot-check/service.ts';
import { seedDemo } from '../../backoffice/src/seed/index.ts';
import { isPublicCall } from '../../scripts/server/public-api.ts';
import { careersFacets, filterJobs } from '../../src/features/content/careers.ts';
import { createPlanSwitch, $plan, syncPlanWithPath } from '../../src/features/site/settings.store.ts';
import { readSearchText, SEARCH_RADIUS_KM } from '../../src/features/stockists/stockists.ts';
import {
  getEntityParents,
  getProduct,
  listAllProducts,
  listCategories,
  listFacets,
  listGuideQuestions,
  listProducts,
  listUrls,
  productPageSchema,
  scanProduct,
  suggest,
} from '../../src/lib/api/catalogue.ts';
import { ApiClient, BackofficeError } from '../../src/lib/api/client.ts';
import {
  getFolder,
  getPage,
  getEntryPreview,
  getSitemap,
  listAllFaqs,
  listAllFolders,
  listAllNotices,
  listAllPages,
  listAllTags,
  listPages,
  listSlides,
  listTestimonies,
} from '../../src/lib/api/content.ts';
import { getBotCheckChallenge } from '../../src/lib/api/bot-check.ts';
import {
  addCartItems,
  applyCartDiscount,
  getCart,
  getCartShipping,
  removeCartDiscount,
  removeCartLine,
  updateCartLine,
} from '../../src/lib/api/cart.ts';
import {
  completeCheckout,
  getCarriers,
  getCheckoutCart,
  getCountries,
  getPaymentMethods,
  paymentInProgress,
  putCheckoutBilling,
  putCheckoutDelivery,
} from '../../src/lib/api/checkout.ts';
import { getOrder } from '../../src/lib/api/orders.ts';
import { applyForTrade, getTradeApplication } from '../../src/lib/api/trade.ts';
import {
  createAddress,
  deleteAddress,
  getAddress,
  getMyOrder,
  getWishlist,
  listAddresses,
  listMyOrders,
  putWishlist,
  reorder,
  sendWishlist,
  updateAddress,
} from '../../src/lib/api/account.ts';
import { withDefault } from '../../src/features/account/address-form.ts';
import { createCustomer, TEST_PASSWORD } from '../../backoffice/tests/account-helpers.ts';
import { mailOutbox } from '../../backoffice/src/db/schema.ts';
import { eq } from 'drizzle-orm';
import {
  changePassword,
  forgotPassword,
  getMe,
  login,
  logout,
  register,
  resetPassword,
  updateMe,
  verifyEmail,
} from '../../src/lib/api/auth.ts';
import { solvedBotCheck } from '../../backoffice/tests/bot-check-solver.ts';
import type { JsonBody } from '../../src/lib/api/client.ts';
import { getMenu } from '../../src/lib/api/menu.ts';
import { listRedirects } from '../../src/lib/api/redirects.ts';
import { getContentVersion, getSettings, listSubsidiaries, lookupSite } from '../../src/lib/api/site.ts';
import { findStockists } from '../../src/lib/api/stockists.ts';
import { listTrainingSessions } from '../../src/lib/api/training.ts';
import type { Category, ProductSummary, UrlEntry } from '../../src/lib/api/types.ts';
import {
  AUDIENCES,
  PLAN_IDS,
  SITE_ID,
  TARGET_SEGMENTS,
  TOP_PRODUCTS,
  type Audience,
} from '../../src/lib/config.ts';
import {
  faqsOf,
  folderProducts,
  foldersOf,
  noticesOf,
  pagesOf,
  tagsInUse,
} from '../../src/lib/content-data.ts';
import { loadListing, type Listing } from '../../src/lib/listing.ts';
import { parseListingSegments, type ListingParams } from '../../src/lib/routing.ts';

// ---- the back-office, in-process ---------------------------------------------------------------------------

type Layer = 'build' | 'ssr' | 'island' | 'unused';

interface Recorded {
  method: string;
  /** Path after `/api/v1`, as sent (not decoded). */
  path: string;
  /** Names of the query parameters sent. */
  query: string[];
  layer: Layer;
  call: string;
}

const recorded: Recorded[] = [];
let current: { layer: Layer; call: string } | undefined;

/** The ApiClient's `fetch`: the real one, after noting which back-office path the current call asked for. */
const recordingFetch: typeof fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
  recorded.push({
    method,
    path: url.pathname.replace(/^\/api\/v1/, ''),
    query: [...new Set(url.searchParams.keys())],
    layer: current?.layer ?? 'build',
    call: current?.call ?? 'setup',
  });
  return fetch(input, init);
};

const PREVIEW_TOKEN = randomBytes(24).toString('base64url');
let database: DatabaseHandle;
let app: FastifyInstance;
let origin: string;

// ---- the storefront's clients ------------------------------------------------------------------------------

/** The build and SSR client of an audience: what `apiFor(audience)` builds, pointed at this back-office. */
function serverApi(audience: Audience): ApiClient {
  return new ApiClient({ origin, planId: () => PLAN_IDS[audience], fetch: recordingFetch });
}

/** scripts/build.ts and scripts/start.ts: no plan. */
function scriptApi(): ApiClient {
  return new ApiClient({ origin, planId: () => undefined, fetch: recordingFetch });
}

/** Where the spec §4 plan switch sent the visitor (the island client's `navigate`). */
const navigations: string[] = [];
let islandPath = '/';

/**
 * What `islandApi()` builds (src/features/site/island-api.ts), with the real plan store and plan switch, on the
 * page `pagePath` of `audience`; the browser's same-origin `/api/v1` is forwarded unchanged to the back-office by
 * the storefront server, so the client talks to the back-office directly here.
 */
function islandApi(audience: Audience, pagePath = ''): ApiClient {
  islandPath = `/${TARGET_SEGMENTS[audience]}${pagePath}`;
  syncPlanWithPath(islandPath);
  return new ApiClient({
    origin,
    planId: () => $plan.get().id,
    onPlanSwitch: createPlanSwitch({ pathname: () => islandPath, navigate: (to) => navigations.push(to) }),
    fetch: recordingFetch,
  });
}

// ---- values taken from the live answers --------------------------------------------------------------------

interface Fixtures {
  urls: UrlEntry[];
  products: Record<Audience, ProductSummary[]>;
  categories: Record<Audience, Category[]>;
  /** A product only the other audience's plan sells. */
  otherPlanProduct: Record<Audience, UrlEntry>;
  /** A word of the first product's name: the search must find it. */
  searchTerm: string;
  /** A product with a variant, and that variant's barcode (digits, leading zeros dropped as a scan gives). */
  scanned: { product: ProductSummary; digits: string };
  draftPageId: number;
}

let fx: Fixtures;

function otherAudience(audience: Audience): Audience {
  return audience === 'pro' ? 'part' : 'pro';
}

/** A listing filter the back-office offers (first option with products of the first list facet). */
function firstFilter(listing: Listing): ListingParams {
  const facet = listing.facets.find((view) => view.links.some((link) => !link.selected));
  const link = facet?.links.find((candidate) => !candidate.selected);
  if (!link) throw new Error('no facet to filter on');
  return link.params;
}

function expectListing(listing: Listing | null): Listing {
  expect(listing, 'the listing resolved').not.toBeNull();
  expect(listing!.products.total).toBeGreaterThan(0);
  return listing!;
}

/** A basket of one pack of the audience's first product, delivered in Leeds by its first carrier: ready to pay. */
async function leedsDelivery(audience: Audience, name: { first_name: string; last_name: string }) {
  const api = islandApi(audience, '/checkout/payment');
  const product = fx.products[audience].find((candidate) => candidate.variants.length > 0)!;
  const created = await addCartItems(api, undefined, [
    {
      element_id: product.id,
      element_type: 'product',
      variant_reference: product.variants[0]!.reference,
      quantity: 1,
    },
  ]);
  const token = created.token!;
  const [carrier] = await getCarriers(api, token, 'LS1 5HD');
  await putCheckoutDelivery(api, token, {
    method: 'delivery',
    address: { ...name, address: '1 Park Row', town: 'Leeds', postcode: 'LS1 5HD', country: 'uk' },
    carrier_code: carrier!.code,
    phone: '0113 496 0000',
  });
  return { api, token, carrier: carrier! };
}

async function expectBackofficeError(call: Promise<unknown>, statusCode: number): Promise<BackofficeError> {
  const error = await call.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(BackofficeError);
  const failure = error as BackofficeError;
  expect(failure.statusCode, failure.message).toBe(statusCode);
  // The error body must parse with the client's error schema, or the storefront cannot tell errors apart.
  expect(failure.body, `${failure.endpoint}: error body`).toBeDefined();
  return failure;
}

// ---- the calls: add your calls here ------------------------------------------------------------------------

interface ContractCall {
  layer: Layer;
  /** The storefront code that makes the call (page, loader, island, script). */
  caller: string;
  /** The call functions of src/lib/api it runs (the coverage check below reads them). */
  uses: ((...args: never[]) => unknown)[];
  run(): Promise<void>;
}

/**
 * Every back-office call of the storefront, by layer. A new call function in `src/lib/api`, or a new caller of
 * one, gets a row here: the layer, who calls it, the functions it uses, and a `run` that calls it the way the
 * caller does (with ids and slugs from `fx`), asserting what the caller relies on beyond the schema.
 */
const CALLS: ContractCall[] = [
  // -- build: scripts/build.ts pre-checks, then the pages' getStaticPaths and frontmatter --------------------
  {
    layer: 'build',
    caller: 'scripts/build.ts pre-check, scripts/start.ts content check',
    uses: [getContentVersion],
    run: async () => {
      expect(await getContentVersion(scriptApi())).toBeGreaterThan(0);
    },
  },
  {
    layer: 'build',
    caller: 'scripts/build.ts catalogue check, lib/static-paths.ts allUrls, pages/sitemap.xml.ts',
    uses: [listUrls],
    run: async () => {
      const urls = await listUrls(scriptApi());
      expect(urls.some((entry) => entry.entityType === 'product')).toBe(true);
      expect(urls.some((entry) => entry.entityType === 'category')).toBe(true);
      expect(urls.some((entry) => entry.entityType === 'page')).toBe(true);
    },
  },
  {
    layer: 'build',
    caller: 'scripts/build.ts _redirects',
    uses: [listRedirects],
    run: async () => {
      await listRedirects(scriptApi());
    },
  },
  {
    layer: 'build',
    caller: 'site lookup of spec §7 (build: SITE_URL host)',
    uses: [lookupSite],
    run: async () => {
      const site = await lookupSite(scriptApi(), 'www.plasterwick.co.uk');
      expect(site.id).toBe(SITE_ID);
      for (const audience of AUDIENCES)
        expect(site.plans.find((plan) => plan.audience === audience)?.id).toBe(PLAN_IDS[audience]);
    },
  },
  ...AUDIENCES.flatMap((audience): ContractCall[] => [
    {
      layer: 'build',
      caller: `lib/layout-data.ts (${audience}): settings, menus, subsidiaries, top products`,
      uses: [getSettings, getMenu, listSubsidiaries, listProducts],
      run: async () => {
        const api = serverApi(audience);
        const [settings, main, footer, prefooter, subsidiaries, top] = await Promise.all([
          getSettings(api),
          getMenu(api, 'main', audience),
          getMenu(api, 'footer', audience),
          getMenu(api, 'prefooter', audience),
          listSubsidiaries(api),
          listProducts(api, { promoted: true, perPage: TOP_PRODUCTS }),
        ]);
        expect(settings.phone).toBeTruthy();
        expect(settings.trustLabels[audience].length).toBeGreaterThan(0);
        expect(main.items.length).toBeGreaterThan(0);
        expect(footer.items.length + prefooter.items.length).toBeGreaterThan(0);
        expect(subsidiaries.length).toBeGreaterThan(0);
        expect(top.items.length).toBeGreaterThan(0);
      },
    },
    {
      layer: 'build',
      caller: `components/HomePage.astro (${audience})`,
      uses: [listSlides, listCategories, listProducts, listTestimonies],
      run: async () => {
        const api = serverApi(audience);
        const [slides, pushes, tree, promoted, testimonies] = await Promise.all([
          listSlides(api, audience, 'slide'),
          listSlides(api, audience, 'push'),
          listCategories(api, 0),
          listProducts(api, { promoted: true, perPage: TOP_PRODUCTS }),
          listTestimonies(api, audience),
        ]);
        expect(slides.length + pushes.length).toBeGreaterThan(0);
        expect(tree.some((category) => category.children.length > 0)).toBe(true);
        expect(promoted.items.every((product) => product.promoted)).toBe(true);
        expect(testimonies.length).toBeGreaterThan(0);
      },
    },
    {
      layer: 'build',
      caller: `pages/[target]/category/[...path].astro (${audience}): flatCategories, loadCategoryPage`,
      uses: [listCategories, getEntityParents, listFacets, listProducts],
      run: async () => {
        const api = serverApi(audience);
        const categories = await listCategories(api, 1);
        const category = categories.find((c) => c.parentId !== null && c.productCount > 0);
        expect(category, 'a sub-category with products').toBeDefined();
        const parents = await getEntityParents(api, 'category', category!.slug);
        expect(parents.length).toBeGreaterThan(0);
        expectListing(
          await loadListing(api, { query: { categories: [category!.id] } }, { filters: [], page: 1 }),
        );
        // `/category` with no slug: every product of the plan ("Our fillers").
        expectListing(await loadListing(api, { query: { categories: [] } }, { filters: [], page: 1 }));
      },
    },
    {
      layer: 'build',
      caller: `pages/[target]/product/[slug].astro (${audience})`,
      uses: [getProduct, getEntityParents],
      run: async () => {
        const api = serverApi(audience);
        const summary = fx.products[audience][0]!;
        const [product, parents] = await Promise.all([
          getProduct(api, summary.id, { noPlanSwitch: true }),
          getEntityParents(api, 'product', summary.slug),
        ]);
        expect(product.slug).toBe(summary.slug);
        expect(product.variants.length).toBeGreaterThan(0);
        expect(parents.length).toBeGreaterThan(0);
      },
    },
    {
      layer: 'build',
      caller: `pages/[target]/quantity-calculator.astro (${audience})`,
      uses: [listAllProducts],
      run: async () => {
        const all = await listAllProducts(serverApi(audience));
        expect(all.length).toBe(fx.products[audience].length);
      },
    },
    {
      layer: 'build',
      caller: `pages/[target]/choice-guide/index.astro (${audience})`,
      uses: [listGuideQuestions],
      run: async () => {
        const questions = await listGuideQuestions(serverApi(audience));
        expect(questions[0]?.options.length).toBeGreaterThan(0);
      },
    },
    {
      layer: 'build',
      caller: `pages/[target]/[slug].astro (${audience}): CMS pages, breadcrumb, training sessions`,
      uses: [listAllPages, getEntityParents, listTrainingSessions],
      run: async () => {
        const api = serverApi(audience);
        const pages = await listAllPages(serverApi('pro'));
        const page = pages.find(
          (candidate) => candidate.type === 'cms' && candidate.audiences.includes(audience),
        );
        expect(page, 'a CMS page').toBeDefined();
        await getEntityParents(api, 'page', page!.slug);
        const sessions = await listTrainingSessions(api);
        expect(sessions.length).toBeGreaterThan(0);
      },
    },
    {
      layer: 'build',
      caller: `pages/[target]/sitemap.astro (${audience})`,
      uses: [getSitemap],
      run: async () => {
        const sections = await getSitemap(serverApi(audience));
        expect(sections.some((section) => section.items.length > 0)).toBe(true);
      },
    },
    {
      layer: 'build',
      caller: `lib/content-data.ts (${audience}): news, careers, FAQ, guides, documents and their tags`,
      uses: [listAllPages, listAllTags, listAllFaqs, listAllFolders, listAllNotices, getProduct],
      run: async () => {
        const api = serverApi(audience);
        const news = await pagesOf(api, audience, 'actualite');
        expect(news.length).toBeGreaterThan(0);
        expect((await tagsInUse(api, 'news', news)).length).toBeGreaterThan(0);
        expect((await pagesOf(api, audience, 'job')).length).toBeGreaterThan(0);
        const faqs = await faqsOf(api, audience);
        expect(faqs.length).toBeGreaterThan(0);
        expect((await tagsInUse(api, 'faq', faqs)).length).toBeGreaterThan(0);
        const folders = await foldersOf(api, audience);
        const folder = folders.find((candidate) => candidate.productIds.length > 0);
        expect(folder, 'a how-to guide with products').toBeDefined();
        await folderProducts(api, folder!.productIds);
        const downloads = await noticesOf(api, audience, 'download');
        const technical = await noticesOf(api, audience, 'technical');
        expect(downloads.length + technical.length).toBeGreaterThan(0);
      },
    },
  ]),

  // -- SSR: the on-demand pages (prerender = false) -----------------------------------------------------------
  {
    layer: 'ssr',
    caller: 'site lookup of spec §7 (SSR: Host header, with a port)',
    uses: [lookupSite],
    run: async () => {
      expect((await lookupSite(serverApi('pro'), '127.0.0.1:4321')).id).toBe(SITE_ID);
    },
  },
  {
    layer: 'ssr',
    caller: 'pages/preview/[id].astro: a draft with the real preview token; a wrong token; a forged link',
    uses: [getEntryPreview],
    run: async () => {
      const api = serverApi('pro');
      const preview = await getEntryPreview(api, fx.draftPageId, { token: PREVIEW_TOKEN }, '203.0.113.7');
      expect(preview.resource === 'page' && preview.page.status).toBe('draft');
      await expectBackofficeError(
        getEntryPreview(api, fx.draftPageId, { token: `${PREVIEW_TOKEN}x` }, '203.0.113.8'),
        401,
      );
      const exp = String(Math.floor(Date.now() / 1000) + 600);
      await expectBackofficeError(
        getEntryPreview(api, fx.draftPageId, { sig: '0'.repeat(64), exp }, '203.0.113.9'),
        401,
      );
    },
  },
  ...AUDIENCES.flatMap((audience): ContractCall[] => [
    {
      layer: 'ssr',
      caller: `pages/[target]/results/[search]/[...filters].astro (${audience}): loadListing, then a filter`,
      uses: [listFacets, listProducts],
      run: async () => {
        const api = serverApi(audience);
        const base = { query: { text: fx.searchTerm, orderBy: 'relevance' as const } };
        const params = parseListingSegments([], { search: fx.searchTerm });
        const listing = expectListing(await loadListing(api, base, params!));
        expectListing(await loadListing(api, base, firstFilter(listing)));
      },
    },
    {
      layer: 'ssr',
      caller: `pages/[target]/category/[slug]/[...filters].astro (${audience}): loadCategoryPage with a filter`,
      uses: [listCategories, getEntityParents, listFacets, listProducts],
      run: async () => {
        const api = serverApi(audience);
        const category = fx.categories[audience].find((c) => c.productCount > 1)!;
        const base = { query: { categories: [category.id] } };
        const [, listing] = await Promise.all([
          getEntityParents(api, 'category', category.slug),
          loadListing(api, base, { filters: [], page: 1 }),
        ]);
        expectListing(await loadListing(api, base, firstFilter(expectListing(listing))));
      },
    },
    {
      layer: 'ssr',
      caller: `pages/[target]/choice-guide/[caracteristics]/[...filters].astro (${audience})`,
      uses: [listGuideQuestions, listFacets, listProducts],
      run: async () => {
        const api = serverApi(audience);
        const [question] = await listGuideQuestions(api);
        const option = question!.options.find((candidate) => candidate.count > 0)!;
        const answers = { [question!.technicalName]: option.value };
        const listing = expectListing(
          await loadListing(api, { query: { caracteristics: answers } }, { filters: [], page: 1 }),
        );
        expect(listing.products.total).toBe(option.count);
      },
    },
    {
      layer: 'ssr',
      caller: `pages/[target]/careers/[...filters].astro (${audience})`,
      uses: [listAllPages],
      run: async () => {
        const jobs = await pagesOf(serverApi(audience), audience, 'job');
        const facet = careersFacets(jobs, {}).find((candidate) => candidate.options.length > 0);
        expect(facet, 'a careers filter').toBeDefined();
        expect(filterJobs(jobs, facet!.options[0]!.toggled).length).toBeGreaterThan(0);
      },
    },
  ]),

  // -- islands: same-origin calls from the browser ------------------------------------------------------------
  ...AUDIENCES.flatMap((audience): ContractCall[] => [
    {
      layer: 'island',
      caller: `features/search/backoffice-source.ts (${audience})`,
      uses: [suggest],
      run: async () => {
        const answer = await suggest(islandApi(audience), fx.searchTerm);
        expect(answer.products.total + answer.categories.total + answer.pages.total).toBeGreaterThan(0);
      },
    },
    {
      layer: 'island',
      caller: `features/scanner/Scanner.tsx (${audience}): a real barcode, an unknown one`,
      uses: [scanProduct],
      run: async () => {
        const api = islandApi(audience);
        const found = await scanProduct(api, gtin14(fx.scanned.digits));
        if (fx.scanned.product.audiences.includes(audience)) {
          expect(found.product?.id).toBe(fx.scanned.product.id);
          expect(found.variant?.gtin).toBe(gtin14(fx.scanned.digits));
        }
        const missing = await scanProduct(api, gtin14('1'));
        expect(missing).toMatchObject({ product: null, variant: null, error: 'no_results' });
      },
    },
    {
      layer: 'island',
      caller: `features/stockists/Stockists.tsx (${audience}): postcode, town, geolocation, unknown places`,
      uses: [findStockists],
      run: async () => {
        const api = islandApi(audience, '/where-to-find-our-products');
        const options = { radiusKm: SEARCH_RADIUS_KM, perPage: 50 };
        const near = await findStockists(api, { latitude: 53.4808, longitude: -2.2426, ...options });
        const stockist = near.items[0];
        expect(stockist, 'a stockist near Manchester').toBeDefined();
        const byPostcode = await findStockists(api, { ...readSearchText(stockist!.postcode)!, ...options });
        expect(byPostcode.items.some((item) => item.id === stockist!.id)).toBe(true);
        const byTown = await findStockists(api, {
          ...readSearchText(stockist!.town)!,
          type: stockist!.type,
          ...options,
        });
        expect(byTown.items.every((item) => item.type === stockist!.type)).toBe(true);
        // The island names the postcode or town it could not find from the error body's status.
        const noArea = await expectBackofficeError(
          findStockists(api, { ...readSearchText('AA1 1AA')!, ...options }),
          404,
        );
        expect(noArea.body?.status).toBe('postcode_not_found');
        const noTown = await expectBackofficeError(
          findStockists(api, { ...readSearchText('Nowhere-on-Sea')!, ...options }),
          404,
        );
        expect(noTown.body?.status).toBe('town_not_found');
      },
    },
    {
      layer: 'island',
      caller: `features/compare/compare-add.ts (${audience}): a product of the plan, one of the other plan`,
      uses: [getProduct],
      run: async () => {
        const summary = fx.products[audience][0]!;
        expect((await getProduct(islandApi(audience, '/compare-products'), summary.id)).id).toBe(summary.id);
        // Spec §4: the back-office names the other plan, the client switches plan, retries and moves the page.
        const other = fx.otherPlanProduct[audience];
        navigations.length = 0;
        const product = await getProduct(islandApi(audience, '/compare-products'), other.id);
        expect(product.id).toBe(other.id);
        expect($plan.get().id).toBe(PLAN_IDS[otherAudience(audience)]);
        expect(navigations).toEqual([`/${TARGET_SEGMENTS[otherAudience(audience)]}/compare-products`]);
      },
    },
    {
      layer: 'island',
      caller: `features/favourites/FavouritesList.tsx (${audience}): the plan error, then the other plan`,
      uses: [getProduct],
      run: async () => {
        const other = fx.otherPlanProduct[audience];
        const error = await expectBackofficeError(
          getProduct(islandApi(audience, '/favorites'), other.id, { noPlanSwitch: true }),
          400,
        );
        expect(error.notInPlan).toEqual([PLAN_IDS[otherAudience(audience)]]);
        const otherClient = new ApiClient({
          origin,
          planId: () => error.notInPlan![0],
          fetch: recordingFetch,
        });
        expect((await getProduct(otherClient, other.id, { noPlanSwitch: true })).id).toBe(other.id);
      },
    },
    {
      layer: 'island',
      caller: `features/selector-guide/SelectorGuide.tsx (${audience})`,
      uses: [listGuideQuestions],
      run: async () => {
        const api = islandApi(audience);
        const [first] = await listGuideQuestions(api, {});
        const option = first!.options.find((candidate) => candidate.count > 0)!;
        const next = await listGuideQuestions(api, { [first!.technicalName]: option.value });
        expect(next.length).toBeGreaterThan(0);
      },
    },
  ]),

  {
    layer: 'island',
    caller:
      'features/forms/bot-check.ts: the challenge, solved as the widget does, passes the form check once',
    uses: [getBotCheckChallenge],
    run: async () => {
      const answer = await getBotCheckChallenge(islandApi('pro', '/contact'));
      expect(answer.provider).toBe('altcha');
      if (answer.provider !== 'altcha') return;
      expect(answer.expiresAt).toBeGreaterThan(Date.now());
      // The challenge as the storefront's schema kept it: the signature must still cover every parameter.
      const challenge = answer.challenge as Challenge;
      const solution = await solveChallenge({ challenge, deriveKey });
      const payload = Buffer.from(
        JSON.stringify({
          challenge: { parameters: challenge.parameters, signature: challenge.signature },
          solution,
        }),
      ).toString('base64');
      await expect(verifyBotCheck(app, payload, '203.0.113.20', 'contact')).resolves.toBeUndefined();
      await expect(verifyBotCheck(app, payload, '203.0.113.20', 'contact')).rejects.toMatchObject({
        code: 'bot_check_failed',
      });
    },
  },

  // -- the basket: features/cart (cart-actions.ts through islandApi, as the drawer, page and add buttons do) -----
  {
    layer: 'island',
    caller:
      'features/cart/cart-actions.ts (part): a new cart and its token, add, read, change, remove, codes, shipping',
    uses: [
      addCartItems,
      getCart,
      updateCartLine,
      removeCartLine,
      applyCartDiscount,
      removeCartDiscount,
      getCartShipping,
    ],
    run: async () => {
      const api = islandApi('part', '/basket');
      const [first, second] = fx.products.part.filter((product) => product.variants.length > 0);
      const item = (product: ProductSummary, quantity: number) => ({
        element_id: product.id,
        element_type: 'product' as const,
        variant_reference: product.variants[0]!.reference,
        quantity,
      });
      // No token: a new cart, with its token and when it ends (3 days).
      const created = await addCartItems(api, undefined, [item(first!, 2)]);
      const token = created.token!;
      expect(token).toBeTruthy();
      const ends = Date.parse(created.tokenExpiresAt ?? '');
      expect(ends - Date.now()).toBeGreaterThan(71 * 3600_000);
      expect(ends - Date.now()).toBeLessThanOrEqual(72 * 3600_000);
      expect(created.cart.audience).toBe('part');
      // With the token: the same cart; the same pack adds up.
      const added = await addCartItems(api, token, [item(first!, 1), item(second!, 1)]);
      expect(added.token).toBeUndefined();
      expect(added.cart.lines.map((line) => [line.reference, line.quantity])).toEqual([
        [first!.variants[0]!.reference, 3],
        [second!.variants[0]!.reference, 1],
      ]);
      const line = added.cart.lines[0]!;
      // DIY lines: the shelf price inc VAT, ex VAT + VAT = inc VAT on the totals the page shows apart.
      expect(line.unitPrice).toBe(first!.variants[0]!.price.incVat);
      expect(line.total).toBe(line.unitPrice * 3);
      expect(added.cart.amount.ex + added.cart.amount.vat).toBe(added.cart.amount.inc);
      expect((await getCart(api, token)).cart.lines).toHaveLength(2);

      const changed = await updateCartLine(api, token, line.id, 5);
      expect(changed.cart.lines[0]!.quantity).toBe(5);
      await expectBackofficeError(updateCartLine(api, token, line.id, 0), 400);
      await expectBackofficeError(updateCartLine(api, token, line.id, 1000), 400);

      // Codes: a refusal has its status and a message for the shopper; WELCOME10 comes off the subtotal.
      const refused = await expectBackofficeError(applyCartDiscount(api, token, 'NOSUCHCODE'), 400);
      expect(refused.body?.status).toBe('discount_not_found');
      expect(refused.body?.message.length).toBeGreaterThan(0);
      const expired = await expectBackofficeError(applyCartDiscount(api, token, 'OLDCODE'), 400);
      expect(expired.body?.status).toBe('discount_expired');
      const discounted = await applyCartDiscount(api, token, 'welcome10');
      expect(discounted.cart.discounts.cart?.code).toBe('WELCOME10');
      expect(discounted.cart.discount.inc).toBeGreaterThan(0);
      expect(discounted.cart.discounted.inc).toBe(discounted.cart.amount.inc - discounted.cart.discount.inc);
      expect(discounted.cart.discounted.ex + discounted.cart.discounted.vat).toBe(
        discounted.cart.discounted.inc,
      );
      expect((await removeCartDiscount(api, token)).cart.discounts.cart).toBeUndefined();

      const shipping = await getCartShipping(api, token, 'SW1A 1AA');
      expect(shipping.costs.length).toBeGreaterThan(0);
      expect(shipping.cheapest).toBe(Math.min(...shipping.costs.map((cost) => cost.amount)));

      // Removing every line leaves an empty list: the client resets its cart (spec §4).
      await removeCartLine(api, token, line.id);
      const emptied = await removeCartLine(api, token, changed.cart.lines[1]!.id);
      expect(emptied.cart.lines).toEqual([]);
      // A token the server does not know: 404 cart_not_found, the client resets its cart.
      const gone = await expectBackofficeError(getCart(api, 'no-such-token'), 404);
      expect(gone.body?.status).toBe('cart_not_found');
    },
  },
  {
    layer: 'island',
    caller:
      'features/cart/cart-actions.ts (pro): a cart re-priced in the other audience; the plan switch on add',
    uses: [addCartItems, getCart],
    run: async () => {
      const api = islandApi('pro', '/basket');
      const product = fx.products.pro.find((candidate) => candidate.variants.length > 0)!;
      const created = await addCartItems(api, undefined, [
        {
          element_id: product.id,
          element_type: 'product',
          variant_reference: product.variants[0]!.reference,
          quantity: 1,
        },
      ]);
      // Trade lines carry their ex-VAT prices (read first on trade pages).
      expect(created.cart.lines[0]!.unitPriceExVat).toBe(product.variants[0]!.price.exVat);
      expect(created.cart.audience).toBe('pro');
      // The same cart read from a DIY page is priced in the DIY plan (lines not sold there are named in notice).
      const repriced = await getCart(islandApi('part', '/basket'), created.token!);
      expect(repriced.cart.audience).toBe('part');
      if (repriced.cart.lines.length === 0) expect(repriced.cart.notice).toBeTruthy();

      // Spec §4 applies to cart calls: a product of the other plan switches the plan and retries once.
      const other = fx.otherPlanProduct.pro;
      const otherProduct = fx.products.part.find((candidate) => candidate.id === other.id)!;
      navigations.length = 0;
      const switched = await addCartItems(islandApi('pro', '/basket'), undefined, [
        {
          element_id: other.id,
          element_type: 'product',
          variant_reference: otherProduct.variants[0]!.reference,
          quantity: 1,
        },
      ]);
      expect(switched.cart.lines.map((line) => line.productId)).toEqual([other.id]);
      expect($plan.get().id).toBe(PLAN_IDS.part);
      expect(navigations).toEqual([`/${TARGET_SEGMENTS.part}/basket`]);
    },
  },

  // -- the checkout: features/checkout (delivery-page.ts, payment-page.ts, confirmation-page.ts) ------------------
  {
    layer: 'build',
    caller: 'pages/[target]/checkout/delivery.astro: the billing countries',
    uses: [getCountries],
    run: async () => {
      const countries = await getCountries(serverApi('pro'));
      // Spec §3: the 11 countries of the selector, uk among them.
      expect(countries.map((country) => country.code)).toEqual(
        expect.arrayContaining(['fr', 'be', 'nl', 'uk', 'ch', 'es', 'pl', 'tn', 'ae', 'lb', 'ma']),
      );
    },
  },
  {
    layer: 'island',
    caller:
      'features/checkout (part): collect from a stockist, bill abroad, pay tok_ok, read the order with its token',
    uses: [
      getCheckoutCart,
      getCarriers,
      putCheckoutDelivery,
      putCheckoutBilling,
      getPaymentMethods,
      completeCheckout,
      getOrder,
    ],
    run: async () => {
      const api = islandApi('part', '/checkout/delivery');
      const product = fx.products.part.find((candidate) => candidate.variants.length > 0)!;
      const created = await addCartItems(api, undefined, [
        {
          element_id: product.id,
          element_type: 'product',
          variant_reference: product.variants[0]!.reference,
          quantity: 2,
        },
      ]);
      const token = created.token!;
      const fresh = await getCheckoutCart(api, token);
      expect(fresh.answer.cart.lines).toHaveLength(1);
      expect(fresh.view.checkoutKnown).toBe(true);
      expect(fresh.view.delivery).toBeNull();
      const carriers = await getCarriers(api, token, 'LS1 5HD');
      expect(carriers.length).toBeGreaterThan(0);

      const near = await findStockists(api, {
        latitude: 53.4808,
        longitude: -2.2426,
        radiusKm: SEARCH_RADIUS_KM,
      });
      const stockist = near.items[0]!;
      await putCheckoutDelivery(api, token, {
        method: 'collect',
        stockist_id: stockist.id,
        first_name: 'Jo',
        last_name: 'Bloggs',
        phone: '0161 496 0000',
      });
      await putCheckoutBilling(api, token, {
        same_as_delivery: false,
        address: {
          first_name: 'Jo',
          last_name: 'Bloggs',
          address: '3 Rue de la Paix',
          town: 'Paris',
          postcode: '75002',
          country: 'fr',
        },
      });
      const { view } = await getCheckoutCart(api, token);
      expect(view.delivery).toMatchObject({ method: 'collect', stockist: { id: stockist.id } });
      expect(view.billing).toMatchObject({ sameAsDelivery: false, address: { country: 'fr' } });
      expect(view.grandTotal.ex + view.grandTotal.vat).toBe(view.grandTotal.inc);

      const [card] = await getPaymentMethods(api, token);
      expect(card).toMatchObject({ code: 'card', testMode: true });
      expect(card!.testTokens).toEqual(
        expect.arrayContaining(['tok_ok', 'tok_decline', 'tok_3ds', 'tok_error']),
      );

      const body = {
        payment_method: 'card',
        card_token: 'tok_ok',
        accept_terms: true,
        email: 'jo@example.co.uk',
      };
      const changed = await expectBackofficeError(
        completeCheckout(api, token, { ...body, expected_total: view.grandTotal.inc + 1 }),
        409,
      );
      expect(changed.body?.status).toBe('price_changed');
      const done = await completeCheckout(api, token, { ...body, expected_total: view.grandTotal.inc });
      expect(done.next.type).toBe('done');
      expect(done.accessExpiresAt! - Date.now()).toBeLessThanOrEqual(2 * 3600_000);

      const order = await getOrder(api, done.order.number, done.accessToken);
      expect(order).toMatchObject({ number: done.order.number, status: 'paid', email: 'jo@example.co.uk' });
      expect(order.total.inc).toBe(view.grandTotal.inc);
      expect(order.delivery?.method).toBe('collect');
      // Without its token the order does not exist for this visitor (404, never 403).
      await expectBackofficeError(getOrder(api, done.order.number, undefined), 404);
    },
  },
  {
    layer: 'island',
    caller: 'features/checkout (pro): home delivery with a carrier, a declined card keeps the basket',
    uses: [getCarriers, putCheckoutDelivery, putCheckoutBilling, completeCheckout, getCheckoutCart],
    run: async () => {
      const { api, token, carrier } = await leedsDelivery('pro', { first_name: 'Al', last_name: 'Trade' });
      await putCheckoutBilling(api, token, { same_as_delivery: true });
      const { view } = await getCheckoutCart(api, token);
      expect(view.delivery).toMatchObject({ method: 'delivery', carrierCode: carrier.code });
      expect(view.shipping?.inc).toBe(carrier.amount);
      const declined = await expectBackofficeError(
        completeCheckout(api, token, {
          payment_method: 'card',
          card_token: 'tok_decline',
          accept_terms: true,
          expected_total: view.grandTotal.inc,
          email: 'al@example.co.uk',
        }),
        402,
      );
      expect(declined.body?.status).toBe('payment_declined');
      expect((await getCheckoutCart(api, token)).view.lines).toHaveLength(1);
    },
  },
  {
    layer: 'island',
    caller:
      'features/checkout/payment-page.ts (part): a payment whose answer was lost (tok_timeout) is waited for: 202 pending, then 409 payment_pending names the order, followed with its token',
    uses: [completeCheckout, getOrder],
    run: async () => {
      const { api, token } = await leedsDelivery('part', { first_name: 'Lou', last_name: 'Lost' });
      const { view } = await getCheckoutCart(api, token);
      const body = {
        payment_method: 'card',
        card_token: 'tok_timeout',
        accept_terms: true,
        expected_total: view.grandTotal.inc,
        email: 'lou@example.co.uk',
      };
      const pending = await completeCheckout(api, token, body);
      expect(pending.next).toEqual({ type: 'pending' });
      const waiting = paymentInProgress(await expectBackofficeError(completeCheckout(api, token, body), 409));
      expect(waiting?.order.number).toBe(pending.order.number);
      const order = await getOrder(api, waiting!.order.number, waiting!.accessToken);
      expect(order.status).toBe('pending_payment');
    },
  },

  // -- the account area (features/account) and the checkout with an account, with a session (issue 11) -------
  {
    layer: 'island',
    caller: 'features/account/addresses-page.ts and the checkout with an account: the address book',
    uses: [listAddresses, createAddress, getAddress, updateAddress, deleteAddress],
    run: async () => {
      const { headers } = await createCustomer(app);
      const api = islandApi('pro', '/account/addresses');
      const typed = {
        label: 'Site office',
        first_name: 'Sam',
        last_name: 'Fixer',
        address: '1 Park Row',
        town: 'Leeds',
        postcode: 'LS1 5HD',
        country: 'uk',
        is_default_delivery: true,
      };
      expect(await listAddresses(api, { headers })).toEqual([]);
      const office = await createAddress(api, typed, { headers });
      expect(office).toMatchObject({
        label: 'Site office',
        isDefaultDelivery: true,
        isDefaultBilling: false,
      });
      expect(await getAddress(api, office.id, { headers })).toEqual(office);
      // The page's "make default" sends the whole address again with the flag.
      const edited = await updateAddress(
        api,
        withDefault({ ...office, address: '2 Park Row' }, 'billing') as JsonBody,
        { headers },
      );
      expect(edited).toMatchObject({
        address: '2 Park Row',
        isDefaultDelivery: true,
        isDefaultBilling: true,
      });
      // Without the session "Please log in"; another customer's address does not exist for this one.
      await expectBackofficeError(listAddresses(api), 401);
      const other = await createCustomer(app);
      const theirs = await createAddress(api, typed, { headers: other.headers });
      await expectBackofficeError(getAddress(api, theirs.id, { headers }), 404);
      await deleteAddress(api, office.id, { headers });
      expect(await listAddresses(api, { headers })).toEqual([]);
    },
  },
  {
    layer: 'island',
    caller: "features/account/wishlist-page.ts: the account's list merged with the device's, replaced, sent",
    uses: [getWishlist, putWishlist, sendWishlist],
    run: async () => {
      // Sending needs an account that confirmed its address: 403 `email_not_verified` otherwise.
      const { headers } = await createCustomer(app, { emailVerifiedAt: new Date() });
      const api = islandApi('pro', '/account/wishlist');
      const [first, second] = fx.products.pro;
      expect(await getWishlist(api, { headers })).toEqual([]);
      expect(await putWishlist(api, [first!.id], 'merge', { headers })).toEqual([first!.id]);
      const union = await putWishlist(api, [second!.id], 'merge', { headers });
      expect(new Set(union)).toEqual(new Set([first!.id, second!.id]));
      expect(await putWishlist(api, [second!.id], 'replace', { headers })).toEqual([second!.id]);
      await sendWishlist(
        api,
        { to: 'colleague@example.co.uk', message: 'For the Leeds job', bot_check: await solvedBotCheck(app) },
        { headers },
      );
      await expectBackofficeError(sendWishlist(api, { bot_check: 'not solved' }, { headers }), 400);
      const unverified = await createCustomer(app);
      await putWishlist(api, [first!.id], 'replace', { headers: unverified.headers });
      const refused = await expectBackofficeError(
        sendWishlist(api, { bot_check: await solvedBotCheck(app) }, { headers: unverified.headers }),
        403,
      );
      expect(refused.body?.status).toBe('email_not_verified');
    },
  },
  {
    layer: 'island',
    caller: 'features/account/trade-page.ts: apply for a trade account, its state; one pending at a time',
    uses: [getTradeApplication, applyForTrade],
    run: async () => {
      const { headers } = await createCustomer(app);
      const api = islandApi('pro', '/account/trade');
      expect(await getTradeApplication(api, { headers })).toEqual({
        application: undefined,
        account: undefined,
      });
      const body = {
        company: 'Hart Plastering Ltd',
        company_number: '73282932000074',
        vat_number: 'GB123456789',
        expected_monthly_spend_pounds: 1500,
        phone: '0161 496 0000',
      };
      expect(await applyForTrade(api, body, { headers })).toMatchObject({ status: 'pending' });
      expect((await getTradeApplication(api, { headers })).application).toMatchObject({
        status: 'pending',
        company: 'Hart Plastering Ltd',
      });
      await expectBackofficeError(applyForTrade(api, body, { headers }), 409);
      await expectBackofficeError(applyForTrade(api, { ...body, phone: '12' }, { headers }), 400);
      await expectBackofficeError(getTradeApplication(api), 401);
    },
  },
  {
    layer: 'island',
    caller:
      'features/checkout (trade account): a saved address, on account with a PO; features/account: my orders, the order, order again',
    uses: [listMyOrders, getMyOrder, reorder, putCheckoutDelivery, getPaymentMethods, completeCheckout],
    run: async () => {
      const { headers } = await createCustomer(app, {
        tradeApproved: true,
        paymentTermsDays: 30,
        creditLimitPence: 10_000_000,
        poRequired: true,
      });
      const api = islandApi('pro', '/checkout/payment');
      const product = fx.products.pro.find((candidate) => candidate.variants.length > 0)!;
      const reference = product.variants[0]!.reference;
      const created = await addCartItems(
        api,
        undefined,
        [{ element_id: product.id, element_type: 'product', variant_reference: reference, quantity: 2 }],
        { headers },
      );
      const token = created.token!;
      const saved = await createAddress(
        api,
        { first_name: 'Sam', last_name: 'Fixer', address: '1 Park Row', town: 'Leeds', postcode: 'LS1 5HD' },
        { headers },
      );
      const [carrier] = await getCarriers(api, token, saved.postcode, { headers });
      await putCheckoutDelivery(
        api,
        token,
        { method: 'delivery', address_id: saved.id, carrier_code: carrier!.code, phone: '0113 496 0000' },
        { headers },
      );
      await putCheckoutBilling(api, token, { same_as_delivery: true }, { headers });
      const methods = await getPaymentMethods(api, token, { headers });
      expect(methods.find((method) => method.code === 'on_account')?.account).toMatchObject({
        termsDays: 30,
        poRequired: true,
      });
      const { view } = await getCheckoutCart(api, token, { headers });
      expect(view.delivery).toMatchObject({ method: 'delivery', address: { address: '1 Park Row' } });
      const body = {
        payment_method: 'on_account',
        accept_terms: true,
        expected_total: view.grandTotal.inc,
        email: 'sam@example.co.uk',
      };
      const missing = await expectBackofficeError(completeCheckout(api, token, body, { headers }), 400);
      expect(JSON.stringify(missing.body?.errors)).toContain('po_number');
      const done = await completeCheckout(api, token, { ...body, po_number: 'PO-881' }, { headers });
      expect(done.order.status).toBe('on_account');

      const mine = await listMyOrders(api, 1, 10, { headers });
      expect(mine.items[0]).toMatchObject({
        number: done.order.number,
        status: 'on_account',
        paymentMethod: 'on_account',
        poNumber: 'PO-881',
        total: view.grandTotal.inc,
      });
      const order = await getMyOrder(api, done.order.number, { headers });
      expect(order).toMatchObject({ paymentMethod: 'on_account', poNumber: 'PO-881', status: 'on_account' });
      expect(order.paymentDueAt).toBeTruthy();
      const again = await reorder(api, done.order.number, { headers });
      expect(again.cart.token).toBeTruthy();
      expect(again.cart.cart.lines.map((line) => [line.reference, line.quantity])).toEqual([[reference, 2]]);
      // Another customer's order does not exist for them (404, never 403).
      const other = await createCustomer(app);
      await expectBackofficeError(getMyOrder(api, done.order.number, { headers: other.headers }), 404);
      await expectBackofficeError(reorder(api, done.order.number, { headers: other.headers }), 404);
    },
  },

  // -- the account's sign-in (features/auth): register, log in and out, links, profile (issue 11) ----------
  {
    layer: 'island',
    caller:
      'features/auth/auth-forms.ts: sign-up, then login (the guest basket merged), and the header logout',
    uses: [register, login, logout],
    run: async () => {
      const api = islandApi('part', '/sign-up');
      const email = `signup.${Date.now()}@example.co.uk`;
      const typed = { first_name: 'Ada', last_name: 'Skim', email, password: 'Plaster2026x' };
      const accepted = await register(api, {
        ...typed,
        audience: 'part',
        newsletter: false,
        accept_terms: true,
        bot_check: await solvedBotCheck(app),
      });
      // The same answer for an existing address (the mail differs): nothing tells the two apart.
      const again = await register(api, {
        ...typed,
        audience: 'part',
        newsletter: false,
        accept_terms: true,
        bot_check: await solvedBotCheck(app),
      });
      expect(again).toEqual(accepted);
      const wrong = await expectBackofficeError(
        login(api, { email, password: 'Wrong2026x' }, undefined),
        401,
      );
      expect(wrong.body?.status).toBe('invalid_credentials');
      // A guest basket, merged into the account's at login: the answer names its token.
      const product = fx.products.part.find((candidate) => candidate.variants.length > 0)!;
      const guest = await addCartItems(api, undefined, [
        {
          element_id: product.id,
          element_type: 'product',
          variant_reference: product.variants[0]!.reference,
          quantity: 2,
        },
      ]);
      const answer = await login(api, { email, password: typed.password }, guest.token);
      expect(answer.customer).toMatchObject({
        email,
        firstName: 'Ada',
        audience: 'part',
        emailVerified: false,
      });
      expect(answer.cart?.token).toBeTruthy();
      await logout(api);
    },
  },
  {
    layer: 'island',
    caller: 'features/auth: the header and the account pages (GET /me), the profile and password forms',
    uses: [getMe, updateMe, changePassword],
    run: async () => {
      const api = islandApi('pro', '/account/profile');
      await expectBackofficeError(getMe(api), 401);
      const { headers, customer } = await createCustomer(app, { company: 'Skim Ltd' });
      const me = await getMe(api, { headers });
      expect(me).toMatchObject({ id: customer.id, company: 'Skim Ltd', trade: { approved: false } });
      // A cleared field is sent as null and cleared; the others are kept.
      const saved = await updateMe(
        api,
        { first_name: 'Samuel', company: null, phone: '0161 496 0000' },
        { headers },
      );
      expect(saved).toMatchObject({ firstName: 'Samuel', company: null, phone: '0161 496 0000' });
      const refused = await expectBackofficeError(
        changePassword(api, { current_password: 'Wrong2026x', new_password: 'Plaster2027' }, { headers }),
        400,
      );
      expect(refused.body?.errors?.map((error) => error.field)).toContain('body.current_password');
      await changePassword(
        api,
        { current_password: TEST_PASSWORD, new_password: 'Plaster2027' },
        { headers },
      );
      await logout(api, { headers });
      await expectBackofficeError(getMe(api, { headers }), 401);
    },
  },
  {
    layer: 'island',
    caller: 'features/auth: forgotten password, the reset and the verification links (tokens from the mail)',
    uses: [forgotPassword, resetPassword, verifyEmail],
    run: async () => {
      const api = islandApi('pro', '/forgotten-password');
      const email = `links.${Date.now()}@example.co.uk`;
      await register(api, {
        first_name: 'Lin',
        last_name: 'Kay',
        email,
        password: 'Plaster2026x',
        audience: 'pro',
        newsletter: false,
        accept_terms: true,
        bot_check: await solvedBotCheck(app),
      });
      const unknown = await forgotPassword(api, {
        email: `nobody.${Date.now()}@example.co.uk`,
        audience: 'pro',
        bot_check: await solvedBotCheck(app),
      });
      const known = await forgotPassword(api, {
        email,
        audience: 'pro',
        bot_check: await solvedBotCheck(app),
      });
      expect(known).toEqual(unknown);
      /** The token of the last link mailed to the address (the outbox holds the message). */
      const mailedToken = async (page: string) => {
        const mails = await database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email));
        const links = mails.flatMap((mail) => [
          ...mail.textBody.matchAll(new RegExp(`${page}\\?token=([^\\s&"<]+)`, 'g')),
        ]);
        return decodeURIComponent(links.at(-1)![1]!);
      };
      await expectBackofficeError(
        resetPassword(api, { token: 'x'.repeat(43), password: 'Plaster2027' }, undefined),
        400,
      );
      const reset = await resetPassword(
        api,
        { token: await mailedToken('reset-password'), password: 'Plaster2027' },
        undefined,
      );
      // Logged in like a login; no basket of its own yet.
      expect(reset).toMatchObject({ customer: { email }, cart: null });
      const verifyFailure = await expectBackofficeError(verifyEmail(api, 'x'.repeat(43)), 400);
      expect(verifyFailure.body?.status).toBe('invalid_token');
      const verified = await verifyEmail(api, await mailedToken('verify-email'));
      expect(verified).toMatchObject({ customer: { email, emailVerified: true }, attachedOrders: 0 });
    },
  },

  // -- exported by src/lib/api, called by no page, loader or island today -----------------------------------
  {
    layer: 'unused',
    caller: 'none yet (one page, one CMS page, one how-to guide)',
    uses: [listPages, getPage, getFolder],
    run: async () => {
      const api = serverApi('pro');
      const news = await listPages(api, { type: 'actualite', perPage: 2 });
      expect(news.items.length).toBeGreaterThan(0);
      expect((await getPage(api, news.items[0]!.slug)).id).toBe(news.items[0]!.id);
      await expectBackofficeError(getPage(api, 'no-such-page'), 404);
      const [folder] = await foldersOf(api, 'pro');
      expect((await getFolder(api, folder!.slug)).id).toBe(folder!.id);
    },
  },
];

// ---- the run -----------------------------------------------------------------------------------------------

beforeAll(async () => {
  database = await openDatabase({ dataMigrations: dataMigrationList });
  await seedDemo(database.db, { log: () => {} });
  app = await buildApp({
    db: database.db,
    config: testConfig({ previewToken: PREVIEW_TOKEN }),
    logger: false,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  // Real values, read with the storefront's own calls.
  current = { layer: 'build', call: 'fixtures' };
  const urls = await listUrls(scriptApi());
  const products = {
    pro: await listAllProducts(serverApi('pro')),
    part: await listAllProducts(serverApi('part')),
  };
  const categories = {
    pro: await listCategories(serverApi('pro'), 1),
    part: await listCategories(serverApi('part'), 1),
  };
  const onlyIn = (audience: Audience) =>
    urls.find(
      (entry) =>
        entry.entityType === 'product' && entry.audiences.length === 1 && entry.audiences[0] === audience,
    );
  const partOnly = onlyIn('part');
  const proOnly = onlyIn('pro');
  if (!partOnly || !proOnly) throw new Error('the seed has no product sold in one plan only');
  const first = products.pro[0];
  const searchTerm = first?.name.split(/\W+/).find((word) => word.length >= 4);
  const scannedProduct = products.pro.find((product) => product.variants.length > 0);
  const draft = await database.db.query.contentEntries.findFirst({
    where: (entry, { and, eq }) => and(eq(entry.resource, 'page'), eq(entry.status, 'draft')),
  });
  if (!searchTerm || !scannedProduct || !draft)
    throw new Error('the seed lacks a product, a barcode or a draft');
  fx = {
    urls,
    products,
    categories,
    otherPlanProduct: { pro: partOnly, part: proOnly },
    searchTerm,
    scanned: { product: scannedProduct, digits: scannedProduct.variants[0]!.gtin.replace(/^0+/, '') },
    draftPageId: draft.id,
  };
  current = undefined;
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('the storefront’s calls parse the back-office’s live answers', () => {
  for (const call of CALLS) {
    it(`${call.layer}: ${call.caller}`, async () => {
      const before = recorded.length;
      current = { layer: call.layer, call: call.caller };
      try {
        await call.run();
      } finally {
        current = undefined;
      }
      expect(recorded.length, 'the call reached the back-office').toBeGreaterThan(before);
    });
  }

  it('ssr: the product lists the SSR client takes without zod (`trusted`) are ones zod passes unchanged', async () => {
    const answers: unknown[] = [];
    const keepAnswer: typeof fetch = async (input, init) => {
      const response = await recordingFetch(input, init);
      answers.push(await response.clone().json());
      return response;
    };
    current = { layer: 'ssr', call: 'trusted answers' };
    try {
      for (const audience of AUDIENCES) {
        const api = new ApiClient({
          origin,
          planId: () => PLAN_IDS[audience],
          fetch: keepAnswer,
          trustAnswers: true,
        });
        await listProducts(api, { text: fx.searchTerm, perPage: 12 });
        await listProducts(api, { promoted: true, perPage: TOP_PRODUCTS });
        await listProducts(api, { page: 2, perPage: 5, orderBy: 'price_desc' });
      }
    } finally {
      current = undefined;
    }
    expect(answers).toHaveLength(AUDIENCES.length * 3);
    for (const answer of answers) expect(productPageSchema.parse(answer)).toStrictEqual(answer);
  });
});

describe('the calls match the back-office’s routes', () => {
  interface Operation {
    template: string;
    pattern: RegExp;
    /** Literal segments: the most specific template wins (`/product/scan/{code}` over `/product/{id}`). */
    literals: number;
    query: Set<string>;
  }

  /** The operations of `app.swagger()` by method, their path templates (`{param}`, `{*}`) as patterns. */
  function operations(): Map<string, Operation[]> {
    const document = app.swagger() as {
      paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
    };
    const byMethod = new Map<string, Operation[]>();
    for (const [template, methods] of Object.entries(document.paths)) {
      const segments = template.replace(/^\/api\/v1/, '').split('/');
      const pattern = segments
        .map((segment) =>
          segment === '{*}'
            ? '.+'
            : /^\{\w+\}$/.test(segment)
              ? '[^/]+'
              : segment.replace(/[.+?^$()|[\]\\]/g, '\\$&'),
        )
        .join('/');
      for (const [method, operation] of Object.entries(methods)) {
        const list = byMethod.get(method.toUpperCase()) ?? [];
        list.push({
          template,
          pattern: new RegExp(`^${pattern}$`),
          literals: segments.filter((segment) => !segment.startsWith('{')).length,
          query: new Set((operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name)),
        });
        byMethod.set(method.toUpperCase(), list);
      }
    }
    return byMethod;
  }

  function operationOf(byMethod: Map<string, Operation[]>, call: Recorded): Operation | undefined {
    return (byMethod.get(call.method) ?? [])
      .filter((operation) => operation.pattern.test(call.path))
      .sort((a, b) => b.literals - a.literals)[0];
  }

  it('every path the storefront called is an operation of the OpenAPI document', () => {
    const byMethod = operations();
    const unknown = new Set(
      recorded.filter((call) => !operationOf(byMethod, call)).map((call) => `${call.method} ${call.path}`),
    );
    expect([...unknown], 'calls to routes the OpenAPI document does not have').toEqual([]);
  });

  it('every query parameter the storefront sends is one the operation declares', () => {
    const byMethod = operations();
    const undeclared = new Set<string>();
    for (const call of recorded) {
      const operation = operationOf(byMethod, call);
      for (const name of call.query) {
        if (operation && !operation.query.has(name))
          undeclared.add(`${call.method} ${operation.template}: ${name} (${call.call})`);
      }
    }
    // An undeclared parameter is dropped by the back-office: the storefront asks for something it never gets.
    expect([...undeclared], 'query parameters the back-office ignores').toEqual([]);
  });

  it('every island call is one the storefront server forwards for a browser (scripts/server/public-api.ts)', () => {
    const island = recorded.filter((call) => call.layer === 'island');
    expect(island.length).toBeGreaterThan(0);
    const refused = island.filter((call) => !isPublicCall(call.method, call.path));
    expect(refused.map((call) => `${call.method} ${call.path} (${call.call})`)).toEqual([]);
  });

  it('every call function exported by src/lib/api has a row in CALLS', async () => {
    const dir = path.resolve(import.meta.dirname, '../../src/lib/api');
    const used = new Set<unknown>(CALLS.flatMap((call) => call.uses));
    const missing = new Map<unknown, string>();
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.ts') && !name.includes('.test.'))) {
      const module = (await import(`../../src/lib/api/${file.slice(0, -3)}.ts`)) as Record<string, unknown>;
      for (const [name, value] of Object.entries(module)) {
        // A call function takes the ApiClient first (`listProducts(api, …)`).
        const isCall =
          typeof value === 'function' && /^(async\s+)?function\s*\w*\s*\(\s*api\b/.test(String(value));
        if (isCall && !used.has(value) && !missing.has(value)) missing.set(value, `${file}: ${name}`);
      }
    }
    expect([...missing.values()], 'call functions without a contract row').toEqual([]);
  });
});
