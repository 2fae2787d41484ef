/**
 * What every page's header and footer need: settings, the three menus, subsidiary sites and the promoted products
 * of the `top_produit` menu item. Loaded once per audience at build time and cached for a minute on the SSR
 * server, so a page never pays for it twice.
 */
import { TOP_PRODUCTS, type Audience } from './config.ts';
import { apiFor, buildSite, getMenu, getSettings, listProducts, listSubsidiaries } from './api/index.ts';
import type { Menu, ProductSummary, Settings, Site, Subsidiary } from './api/types.ts';

export interface LayoutData {
  settings: Settings;
  menus: { main: Menu; footer: Menu; prefooter: Menu };
  subsidiaries: Subsidiary[];
  topProducts: ProductSummary[];
}

const TTL_MS = 60_000;
/** Keyed by site id and audience. */
const cache = new Map<string, { at: number; data: Promise<LayoutData> }>();

async function fetchLayoutData(audience: Audience, site: Site): Promise<LayoutData> {
  const api = apiFor(audience, site);
  const [settings, main, footer, prefooter, subsidiaries, top] = await Promise.all([
    getSettings(api),
    getMenu(api, 'main', audience),
    getMenu(api, 'footer', audience),
    getMenu(api, 'prefooter', audience),
    listSubsidiaries(api),
    listProducts(api, { promoted: true, perPage: TOP_PRODUCTS }),
  ]);
  return { settings, menus: { main, footer, prefooter }, subsidiaries, topProducts: top.items };
}

/** Empty data for error pages when the back-office itself is down: they must still render. */
export function emptyLayoutData(audience: Audience): LayoutData {
  const empty = (place: string): Menu => ({ code: `${place}_${audience}`, items: [] });
  return {
    settings: { values: {}, trustLabels: { pro: [], part: [] }, socialLinks: [] },
    menus: { main: empty('menu'), footer: empty('menu_footer'), prefooter: empty('menu_prefooter') },
    subsidiaries: [],
    topProducts: [],
  };
}

/**
 * The layout data of an audience on a site (the build's by default); `tolerant` returns empty data instead of
 * throwing (error pages).
 */
export async function loadLayoutData(
  audience: Audience,
  options: { tolerant?: boolean; site?: Site } = {},
): Promise<LayoutData> {
  const site = options.site ?? buildSite();
  const key = `${site.id}:${audience}`;
  const cached = cache.get(key);
  if (!cached || Date.now() - cached.at > TTL_MS) {
    const data = fetchLayoutData(audience, site);
    cache.set(key, { at: Date.now(), data });
    // A failure must not stay cached: the next page asks again.
    data.catch(() => cache.delete(key));
  }
  const data = cache.get(key)!.data;
  return options.tolerant ? data.catch(() => emptyLayoutData(audience)) : data;
}
