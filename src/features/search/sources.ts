/**
 * Where suggestions come from: the static pagefind index of the built site (filters `audience` and `type`),
 * then, when it finds nothing (a typo such as "filer"), the back-office's fuzzy suggest.
 */
import type { Audience } from '../../lib/config.ts';
import { SUGGEST } from '../../lib/config.ts';
import {
  isEmpty,
  SUGGEST_GROUPS,
  type SuggestGroupName,
  type SuggestGroups,
  type SuggestSource,
} from './suggest.ts';

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
 * Tries each source in turn and keeps the first answer that has anything. A source that fails (the static
 * index could not load) counts as empty, so the next one still answers; only when every source fails does the
 * whole lookup fail.
 */
export function firstNonEmpty(...sources: SuggestSource[]): SuggestSource {
  return async (text) => {
    let last: SuggestGroups | undefined;
    let failure: unknown = new Error('no suggestion source');
    for (const source of sources) {
      try {
        last = await source(text);
      } catch (error) {
        failure = error;
        continue;
      }
      if (!isEmpty(last)) return last;
    }
    if (!last) throw failure;
    return last;
  };
}
