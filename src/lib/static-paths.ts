/** Build-time lists shared by `getStaticPaths` of several routes, fetched once per build. */
import { apiFor, listCategories, listUrls } from './api/index.ts';
import type { Category, UrlEntry } from './api/types.ts';
import type { Audience } from './config.ts';

let urls: Promise<UrlEntry[]> | undefined;
const categories = new Map<Audience, Promise<Category[]>>();

/** `GET /url`: every entity with the audiences it exists in. */
export function allUrls(): Promise<UrlEntry[]> {
  urls ??= listUrls(apiFor('pro'));
  return urls;
}

/** Every category of an audience's plan, flat (depth 1). */
export function flatCategories(audience: Audience): Promise<Category[]> {
  let list = categories.get(audience);
  if (!list) {
    list = listCategories(apiFor(audience), 1);
    categories.set(audience, list);
  }
  return list;
}
