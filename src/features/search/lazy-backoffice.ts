import type { Audience } from '../../lib/config.ts';
import type { SuggestSource } from './suggest.ts';

/** The back-office fallback, fetched as its own chunk the first time pagefind has nothing to offer. */
export function fallbackSource(audience: Audience): SuggestSource {
  return async (query) => (await import('./fallback.ts')).backofficeSuggest(query, audience);
}
