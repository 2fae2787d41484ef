import { describe, expect, it, vi } from 'vitest';
import { compareLimit, compareRows, parseCompareState, type ComparedProduct } from './compare.ts';
import { COMPARE_STORAGE_KEY, createCompareStore } from './compare.store.ts';

const product = (id: number, characteristics: [string, string][] = []): ComparedProduct => ({
  id,
  name: `Filler ${id}`,
  slug: `filler-${id}`,
  reference: `PW-${id}`,
  price: { exVat: 1000 + id, incVat: 1200 + id, vatRate: 20, currency: 'GBP' },
  characteristics: characteristics.map(([code, value]) => ({ code, label: code.toUpperCase(), value })),
});

const withoutUnit = product(7, [['drying_time', '3']]);

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    data,
  };
}

describe('compare limits', () => {
  it('allows 3 products on mobile (tablets included) and 5 on desktop', () => {
    expect(compareLimit(true)).toBe(3);
    expect(compareLimit(false)).toBe(5);
  });

  it.each([
    [true, 3],
    [false, 5],
  ])(
    'mobile=%s: the product after the limit gets the limit outcome, with no fetch',
    async (mobile, limit) => {
      const store = createCompareStore(memoryStorage());
      const load = vi.fn(async (id: number) => product(id));
      for (let id = 1; id <= limit; id++) expect((await store.toggle(id, load, mobile))?.kind).toBe('added');
      expect(await store.toggle(99, load, mobile)).toEqual({ kind: 'limit', limit });
      expect(load).toHaveBeenCalledTimes(limit);
      expect(store.$state.get().items).toHaveLength(limit);
    },
  );

  it.each([
    [false, 5, 'first'],
    [false, 5, 'second'],
    [true, 3, 'first'],
    [true, 3, 'second'],
  ] as const)(
    'mobile=%s: two adds at once with one place left give exactly %s (the %s detail arrives first)',
    async (mobile, limit, firstToArrive) => {
      const store = createCompareStore(memoryStorage());
      for (let id = 1; id < limit; id++) await store.toggle(id, async (n) => product(n), mobile);
      expect(store.$state.get().items).toHaveLength(limit - 1);

      // Both clicks pass the limit check before either detail has loaded; the details then arrive in turn.
      const pending = new Map<number, () => void>();
      const load = (id: number) =>
        new Promise<ComparedProduct>((resolve) => pending.set(id, () => resolve(product(id))));
      const a = store.toggle(101, load, mobile);
      const b = store.toggle(102, load, mobile);
      expect([...pending.keys()]).toEqual([101, 102]);
      const order = firstToArrive === 'first' ? [101, 102] : [102, 101];
      for (const id of order) {
        pending.get(id)?.();
        await Promise.resolve();
      }
      const outcomes = await Promise.all([a, b]);

      expect(store.$state.get().items).toHaveLength(limit);
      expect(outcomes.map((outcome) => outcome?.kind).sort()).toEqual(['added', 'limit']);
      const added = outcomes.find((outcome) => outcome?.kind === 'added');
      expect(added?.kind === 'added' && added.product.id).toBe(order[0]);
      expect(store.$state.get().items.at(-1)?.id).toBe(order[0]);
    },
  );
});

describe('compare store', () => {
  it('adds with the full detail, removes on a second toggle, never duplicates', async () => {
    const store = createCompareStore(memoryStorage());
    const load = vi.fn(async (id: number) => product(id, [['surface', 'wood']]));
    const [first, second] = await Promise.all([store.toggle(4, load, false), store.toggle(4, load, false)]);
    expect(first?.kind).toBe('added');
    expect(second).toBeUndefined();
    expect(load).toHaveBeenCalledTimes(1);
    expect(store.$state.get().items.map((item) => item.id)).toEqual([4]);
    expect((await store.toggle(4, load, false))?.kind).toBe('removed');
    expect(store.$state.get().items).toEqual([]);
  });

  it('keeps nothing when loading the detail fails', async () => {
    const store = createCompareStore(memoryStorage());
    await expect(store.toggle(1, () => Promise.reject(new Error('offline')), false)).rejects.toThrow(
      'offline',
    );
    expect(store.$state.get().items).toEqual([]);
    expect((await store.toggle(1, async (id) => product(id), false))?.kind).toBe('added');
  });

  it('persists to session storage and reads it back', async () => {
    const storage = memoryStorage();
    const store = createCompareStore(storage);
    await store.toggle(2, async (id) => product(id), false);
    expect(
      createCompareStore(storage)
        .$state.get()
        .items.map((item) => item.id),
    ).toEqual([2]);
    expect(JSON.parse(storage.data.get(COMPARE_STORAGE_KEY) ?? '')).toMatchObject({ audience: 'pro' });
  });

  it("keeps the default pack the table's add-to-basket uses; lists stored before it still read", () => {
    const withPack = { ...product(4), pack: { reference: 'PW-4-5KG', label: '5 kg bag' } };
    const stored = (item: ComparedProduct) => JSON.stringify({ audience: 'pro', items: [item] });
    expect(parseCompareState(stored(withPack), 'pro').items).toEqual([withPack]);
    expect(parseCompareState(stored(product(4)), 'pro').items).toEqual([product(4)]);
    const badPack = { ...product(4), pack: { reference: 4 } } as unknown as ComparedProduct;
    expect(parseCompareState(stored(badPack), 'pro').items).toEqual([]);
  });

  it('falls back to an empty list on corrupt or foreign data', () => {
    expect(parseCompareState('{not json', 'part')).toEqual({ audience: 'part', items: [] });
    expect(parseCompareState(JSON.stringify({ audience: 'pro', items: [{ id: 'x' }] }), 'pro').items).toEqual(
      [],
    );
    const store = createCompareStore(memoryStorage({ [COMPARE_STORAGE_KEY]: '[1,2,3]' }));
    expect(store.$state.get().items).toEqual([]);
  });

  it('resets when the audience switches', async () => {
    const store = createCompareStore(memoryStorage());
    await store.toggle(1, async (id) => product(id), false);
    expect(store.syncAudience('pro')).toBe(false);
    expect(store.$state.get().items).toHaveLength(1);
    expect(store.syncAudience('part')).toBe(true);
    expect(store.$state.get()).toEqual({ audience: 'part', items: [] });
  });
});

describe('compare rows', () => {
  it('aligns every characteristic and flags the rows that differ', () => {
    const rows = compareRows([
      product(1, [
        ['surface', 'Wood'],
        ['drying_time', '2'],
      ]),
      product(2, [
        ['surface', 'Wood'],
        ['colour', 'White'],
      ]),
    ]);
    expect(rows).toEqual([
      { code: 'surface', label: 'SURFACE', values: ['Wood', 'Wood'], differs: false },
      { code: 'drying_time', label: 'DRYING_TIME', values: ['2', ''], differs: true },
      { code: 'colour', label: 'COLOUR', values: ['', 'White'], differs: true },
    ]);
  });

  it('flags nothing for a single product', () => {
    expect(compareRows([product(1, [['surface', 'Wood']])])[0]?.differs).toBe(false);
  });

  it('shows each value with its unit, as the product page does', () => {
    const withUnits = (id: number, hours: string): ComparedProduct => ({
      ...product(id),
      characteristics: [
        { code: 'drying_time', label: 'Drying time', value: hours, unit: 'h' },
        { code: 'finish', label: 'Finish', value: 'Smooth' },
      ],
    });
    expect(compareRows([withUnits(1, '3'), withUnits(2, '4')])).toEqual([
      { code: 'drying_time', label: 'Drying time', values: ['3 h', '4 h'], differs: true },
      { code: 'finish', label: 'Finish', values: ['Smooth', 'Smooth'], differs: false },
    ]);
  });

  it('reads stored lists with units and those stored before units were kept', () => {
    const withUnit: ComparedProduct = {
      ...product(8),
      characteristics: [{ code: 'drying_time', label: 'Drying time', value: '4', unit: 'h' }],
    };
    const stored = JSON.stringify({ audience: 'pro', items: [withoutUnit, withUnit] });
    expect(parseCompareState(stored, 'pro').items).toEqual([withoutUnit, withUnit]);
  });
});
