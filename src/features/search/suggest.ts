/** Pure rules of the header search suggestions (spec §4 "Suggested search", §8, §9). */
import { SUGGEST, type Audience } from '../../lib/config.ts';
import { segmentOf } from '../../lib/routing.ts';

export const SUGGEST_GROUPS = ['products', 'categories', 'pages'] as const;
export type SuggestGroupName = (typeof SUGGEST_GROUPS)[number];

export interface SuggestItem {
  title: string;
  url: string;
  /** Secondary line: category name, or the start of a page's text. */
  detail?: string;
  image?: string;
}

export interface SuggestGroup {
  total: number;
  items: SuggestItem[];
}

export type SuggestGroups = Record<SuggestGroupName, SuggestGroup>;

export type SuggestState =
  | { status: 'idle' }
  | { status: 'searching'; text: string }
  | { status: 'done'; text: string; groups: SuggestGroups }
  | { status: 'failed'; text: string };

/** Suggestions start at 3 characters, spaces at either end not counted. */
export function shouldSuggest(text: string): boolean {
  return text.trim().length >= SUGGEST.minLength;
}

/**
 * `/{target}/results/{search}` for the search field; undefined for empty text (the search does nothing).
 * Same shape as `paths.results` (checked by a test): the shared script cannot import `paths`, which pulls the
 * full zod build in through the selector guide's answer codec and would break the 15 KB budget.
 */
export function resultsPath(audience: Audience, text: string): string | undefined {
  const search = text.trim();
  return search ? `/${segmentOf(audience)}/results/${encodeURIComponent(search)}` : undefined;
}

/** Only the first 3 items of each group are shown; totals stay the group's full count. */
export function limitGroups(groups: SuggestGroups): SuggestGroups {
  const limited = {} as SuggestGroups;
  for (const name of SUGGEST_GROUPS)
    limited[name] = { total: groups[name].total, items: groups[name].items.slice(0, SUGGEST.itemsPerGroup) };
  return limited;
}

export type SuggestSource = (text: string) => Promise<SuggestGroups>;

/**
 * Debounced, race-free suggestions: text shorter than 3 characters resets at once; otherwise the source is
 * asked 300 ms after the last keystroke and only the answer for the latest text is shown.
 */
export class SuggestController {
  private readonly source: SuggestSource;
  private readonly onChange: (state: SuggestState) => void;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private latest = 0;
  private lastText = '';

  constructor(source: SuggestSource, onChange: (state: SuggestState) => void) {
    this.source = source;
    this.onChange = onChange;
  }

  input(raw: string): void {
    const text = raw.trim();
    if (text === this.lastText) return;
    this.lastText = text;
    clearTimeout(this.timer);
    const request = ++this.latest;
    if (!shouldSuggest(text)) {
      this.onChange({ status: 'idle' });
      return;
    }
    this.timer = setTimeout(() => void this.run(text, request), SUGGEST.debounceMs);
  }

  /** Forgets the text and any answer still on its way (route change). */
  reset(): void {
    clearTimeout(this.timer);
    this.latest++;
    this.lastText = '';
    this.onChange({ status: 'idle' });
  }

  private async run(text: string, request: number) {
    this.onChange({ status: 'searching', text });
    try {
      const groups = limitGroups(await this.source(text));
      if (request === this.latest) this.onChange({ status: 'done', text, groups });
    } catch {
      if (request === this.latest) this.onChange({ status: 'failed', text });
    }
  }
}
