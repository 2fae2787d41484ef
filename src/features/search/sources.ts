/**
 * Where suggestions come from: the back-office search, the one search definition the results page uses too (its
 * products total is the results page's total, typos such as "filer" included). The static pagefind index of the
 * built site (filters `audience` and `type`) answers only when the back-office cannot (an outage).
 */
import type { Audience } from '../../lib/config.ts';
import { SUGGEST } from '../../lib/config.ts';
import { SUGGEST_GROUPS, type SuggestGroupName, type SuggestGroups, type SuggestSource } from './suggest.ts';

/** Page markup contract: `data-pagefind-filter="type"` takes one of these values per indexed page. */
export const PAGEFIND_TYPES: Record<SuggestGroupName, string> = {
  products: 'product',
  categories: 'category',
  pages: 'page',
};

/** The part of pagefind's browser API we use (pagefind.js, v1). */
export interface PagefindApi {
  search(
    term: string,
    options: { filters: Record<string, string> },
  ): Promise<{ results: { data(): Promise<PagefindData> }[] }>;
}

export interface PagefindData {
  url: string;
  excerpt?: string;
  meta: Record<string, string | undefined>;
}

/** One pagefind search per group, each filtered by audience and type: the result count is the group's total. */
export function pagefindSource(pagefind: () => Promise<PagefindApi>, audience: Audience): SuggestSource {
  return async (text) => {
    const api = await pagefind();
    const entries = await Promise.all(
      SUGGEST_GROUPS.map(async (name) => {
        const search = await api.search(text, { filters: { audience, type: PAGEFIND_TYPES[name] } });
        const first = await Promise.all(
          search.results.slice(0, SUGGEST.itemsPerGroup).map((result) => result.data()),
        );
        const items = first.map((data) => ({
          title: data.meta.title ?? data.url,
          url: data.url,
          detail: data.meta.category,
          image: data.meta.image,
        }));
        return [name, { total: search.results.length, items }] as const;
      }),
    );
    return Object.fromEntries(entries) as SuggestGroups;
  };
}

/**
 * Tries each source in turn and keeps the first answer, empty or not: an empty answer of the back-office is the
 * truth (the results page finds nothing either). Only a source that fails hands over to the next; when every
 * source fails, the lookup fails.
 */
export function firstAnswer(...sources: SuggestSource[]): SuggestSource {
  return async (text) => {
    let failure: unknown = new Error('no suggestion source');
    for (const source of sources) {
      try {
        return await source(text);
      } catch (error) {
        failure = error;
      }
    }
    throw failure;
  };
}
