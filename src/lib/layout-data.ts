/**
 * What every page's header and footer need: settings, the three menus, subsidiary sites and the promoted products
 * of the `top_produit` menu item. Loaded once per audience at build time; on the SSR server kept per site and
 * audience until the content version the outer server passes on changes (or a minute passes, when it passes none),
 * so a page never pays for it twice and an answer rendered after a change never carries the older menus.
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
const cache = new Map<string, { at: number; version: string | undefined; data: Promise<LayoutData> }>();

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
 * throwing (error pages). `contentVersion` (the back-office's, as the outer server last learned it) makes data
 * loaded under another version stale at once.
 */
export async function loadLayoutData(
  audience: Audience,
  options: { tolerant?: boolean; site?: Site; contentVersion?: string } = {},
): Promise<LayoutData> {
  const site = options.site ?? buildSite();
  const key = `${site.id}:${audience}`;
  const cached = cache.get(key);
  const version = options.contentVersion;
  if (
    !cached ||
    Date.now() - cached.at > TTL_MS ||
    (version !== undefined && cached.version !== undefined && version !== cached.version)
  ) {
    const data = fetchLayoutData(audience, site);
    cache.set(key, { at: Date.now(), version, data });
    // A failure must not stay cached: the next page asks again.
    data.catch(() => cache.delete(key));
  }
  const data = cache.get(key)!.data;
  return options.tolerant ? data.catch(() => emptyLayoutData(audience)) : data;
}
