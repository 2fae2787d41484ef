/**
 * Build-time lists shared by `getStaticPaths` of several routes, fetched once per build (with the build's site);
 * the category list is also read by on-demand category pages, once per site.
 */
import { apiFor, buildSite, listCategories, listUrls } from './api/index.ts';
import type { Category, Site, UrlEntry } from './api/types.ts';
import type { Audience } from './config.ts';

let urls: Promise<UrlEntry[]> | undefined;
/** Keyed by site id and audience. */
const categories = new Map<string, Promise<Category[]>>();

/** `GET /url`: every entity with the audiences it exists in. */
export function allUrls(): Promise<UrlEntry[]> {
  urls ??= listUrls(apiFor('pro'));
  return urls;
}

/**
 * Every category of an audience's plan on a site (the build's by default), flat (depth 1). The site is an option,
 * not a second argument, so `perAudience(flatCategories)` (map's index as second argument) stays correct.
 */
export function flatCategories(audience: Audience, options: { site?: Site } = {}): Promise<Category[]> {
  const site = options.site ?? buildSite();
  const key = `${site.id}:${audience}`;
  let list = categories.get(key);
  if (!list) {
    list = listCategories(apiFor(audience, site), 1);
    categories.set(key, list);
  }
  return list;
}
