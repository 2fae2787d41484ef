import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../lib/paths.ts';
import { firstAnswer, pagefindSource, type PagefindApi } from './sources.ts';
import {
  limitGroups,
  resultsPath,
  shouldSuggest,
  SuggestController,
  type SuggestGroups,
  type SuggestState,
} from './suggest.ts';

const group = (total: number, prefix = 'item') => ({
  total,
  items: Array.from({ length: total }, (_, index) => ({
    title: `${prefix} ${index}`,
    url: `/${prefix}/${index}`,
  })),
});
const groups = (products: number, categories = 0, pages = 0): SuggestGroups => ({
  products: group(products, 'product'),
  categories: group(categories, 'category'),
  pages: group(pages, 'page'),
});

describe('suggest rules', () => {
  it('starts at 3 characters, spaces not counted', () => {
    expect(shouldSuggest('fi')).toBe(false);
    expect(shouldSuggest('  fi  ')).toBe(false);
    expect(shouldSuggest('fil')).toBe(true);
  });

  it('builds the results URL like paths.results, and nothing for empty text', () => {
    expect(resultsPath('pro', ' wood filler ')).toBe('/professional-filler/results/wood%20filler');
    expect(resultsPath('part', 'a/b?c')).toBe(paths.results('part', 'a/b?c'));
    expect(resultsPath('pro', 'wood filler')).toBe(paths.results('pro', 'wood filler'));
    expect(resultsPath('pro', '   ')).toBeUndefined();
  });

  it('keeps the first 3 items of each group and the full totals', () => {
    const limited = limitGroups(groups(7, 2, 0));
    expect(limited.products.total).toBe(7);
    expect(limited.products.items.map((item) => item.title)).toEqual(['product 0', 'product 1', 'product 2']);
    expect(limited.categories.items).toHaveLength(2);
    expect(limited.pages).toEqual({ total: 0, items: [] });
  });
});

describe('SuggestController', () => {
  let states: SuggestState[];
  beforeEach(() => {
    vi.useFakeTimers();
    states = [];
  });
  afterEach(() => vi.useRealTimers());

  it('debounces 300 ms after the last keystroke and asks once', async () => {
    const source = vi.fn(async () => groups(1));
    const controller = new SuggestController(source, (state) => states.push(state));
    controller.input('fil');
    await vi.advanceTimersByTimeAsync(200);
    controller.input('fill');
    await vi.advanceTimersByTimeAsync(299);
    expect(source).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(source).toHaveBeenCalledExactlyOnceWith('fill');
    expect(states.map((state) => state.status)).toEqual(['searching', 'done']);
  });

  it('resets below 3 characters without asking', async () => {
    const source = vi.fn(async () => groups(1));
    const controller = new SuggestController(source, (state) => states.push(state));
    controller.input('fil');
    controller.input('fi');
    await vi.advanceTimersByTimeAsync(1000);
    expect(source).not.toHaveBeenCalled();
    expect(states).toEqual([{ status: 'idle' }]);
  });

  it('shows only the answer for the latest text', async () => {
    let resolveSlow: (value: SuggestGroups) => void = () => {};
    const source = vi.fn((text: string) =>
      text === 'slow'
        ? new Promise<SuggestGroups>((resolve) => (resolveSlow = resolve))
        : Promise.resolve(groups(2)),
    );
    const controller = new SuggestController(source, (state) => states.push(state));
    controller.input('slow');
    await vi.advanceTimersByTimeAsync(300);
    controller.input('fast');
    await vi.advanceTimersByTimeAsync(300);
    resolveSlow(groups(9));
    await vi.advanceTimersByTimeAsync(0);
    const done = states.filter((state) => state.status === 'done');
    expect(done).toHaveLength(1);
    expect(done[0]).toMatchObject({ text: 'fast' });
  });

  it('drops an answer that arrives after a reset (route change)', async () => {
    let resolve: (value: SuggestGroups) => void = () => {};
    const controller = new SuggestController(
      () => new Promise((done) => (resolve = done)),
      (state) => states.push(state),
    );
    controller.input('filler');
    await vi.advanceTimersByTimeAsync(300);
    controller.reset();
    resolve(groups(3));
    await vi.advanceTimersByTimeAsync(0);
    expect(states.at(-1)).toEqual({ status: 'idle' });
  });

  it('reports a failed source', async () => {
    const controller = new SuggestController(
      () => Promise.reject(new Error('offline')),
      (state) => states.push(state),
    );
    controller.input('filler');
    await vi.advanceTimersByTimeAsync(300);
    expect(states.at(-1)).toEqual({ status: 'failed', text: 'filler' });
  });
});

describe('suggest sources', () => {
  it('asks pagefind once per group with the audience and type filters', async () => {
    const search = vi.fn<PagefindApi['search']>(async (_term, { filters }) => ({
      results: Array.from({ length: filters.type === 'product' ? 5 : 0 }, (_, index) => ({
        data: async () => ({ url: `/p/${index}/`, meta: { title: `Filler ${index}`, category: 'Fillers' } }),
      })),
    }));
    const answer = await pagefindSource(async () => ({ search }), 'part')('filler');
    expect(search.mock.calls.map(([, options]) => options.filters)).toEqual([
      { audience: 'part', type: 'product' },
      { audience: 'part', type: 'category' },
      { audience: 'part', type: 'page' },
    ]);
    expect(answer.products.total).toBe(5);
    expect(answer.products.items).toEqual([
      { title: 'Filler 0', url: '/p/0/', detail: 'Fillers', image: undefined },
      { title: 'Filler 1', url: '/p/1/', detail: 'Fillers', image: undefined },
      { title: 'Filler 2', url: '/p/2/', detail: 'Fillers', image: undefined },
    ]);
    expect(answer.pages).toEqual({ total: 0, items: [] });
  });

  it('keeps the first answer, even an empty one: the static index never contradicts the back-office', async () => {
    const staticIndex = vi.fn(async () => groups(4));
    expect((await firstAnswer(async () => groups(0), staticIndex)('zzz')).products.total).toBe(0);
    expect((await firstAnswer(async () => groups(35), staticIndex)('fil')).products.total).toBe(35);
    expect(staticIndex).not.toHaveBeenCalled();
  });

  it('asks the next source only when one fails, and fails only when every source does', async () => {
    const broken = async (): Promise<SuggestGroups> => {
      throw new Error('back-office unavailable');
    };
    expect((await firstAnswer(broken, async () => groups(2))('filler')).products.total).toBe(2);
    expect((await firstAnswer(broken, async () => groups(0))('zzz')).products.total).toBe(0);
    await expect(firstAnswer(broken, broken)('filler')).rejects.toThrow('back-office unavailable');
  });
});
