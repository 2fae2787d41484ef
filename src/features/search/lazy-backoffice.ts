import type { Audience } from '../../lib/config.ts';
import type { SuggestSource } from './suggest.ts';

/** The back-office search as a suggestion source, fetched as its own chunk (API client and zod) when first used. */
export function backofficeSource(audience: Audience): SuggestSource {
  return async (query) => (await import('./backoffice-source.ts')).backofficeSuggest(query, audience);
}

/** Starts fetching that chunk early (the visitor focused the search field). */
export function preloadBackofficeSource(): void {
  void import('./backoffice-source.ts').catch(() => undefined);
}
