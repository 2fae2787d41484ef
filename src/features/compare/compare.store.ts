/**
 * The comparator store (spec §3 "comparator"): compared products of the current audience, kept in
 * sessionStorage so a reload in the same tab keeps them, and reset when the audience changes.
 */
import { atom } from 'nanostores';
import type { Audience } from '../../lib/config.ts';
import { compareLimit, parseCompareState, type ComparedProduct, type CompareState } from './compare.ts';

export const COMPARE_STORAGE_KEY = 'plasterwick:compare';

type SessionStorageLike = Pick<Storage, 'getItem' | 'setItem'>;

const browserStorage: SessionStorageLike | undefined =
  typeof sessionStorage === 'undefined' ? undefined : sessionStorage;

export type CompareOutcome =
  { kind: 'added' | 'removed'; product: ComparedProduct } | { kind: 'limit'; limit: number };

export function createCompareStore(storage: SessionStorageLike | undefined = browserStorage) {
  const $state = atom<CompareState>(parseCompareState(storage?.getItem(COMPARE_STORAGE_KEY), 'pro'));
  $state.listen((state) => storage?.setItem(COMPARE_STORAGE_KEY, JSON.stringify(state)));
  const pending = new Set<number>();

  return {
    $state,

    /** Empties the comparator when the page belongs to another audience than the stored list (spec §4). */
    syncAudience(audience: Audience): boolean {
      if ($state.get().audience === audience) return false;
      $state.set({ audience, items: [] });
      return true;
    },

    reset(): void {
      $state.set({ audience: $state.get().audience, items: [] });
    },

    has(id: number): boolean {
      return $state.get().items.some((item) => item.id === id);
    },

    /**
     * Removes the product when it is already compared; otherwise checks the device's limit, loads the full
     * detail and adds it. A second click while the detail loads is ignored.
     */
    async toggle(
      id: number,
      load: (id: number) => Promise<ComparedProduct>,
      mobile: boolean,
    ): Promise<CompareOutcome | undefined> {
      const current = $state.get();
      const existing = current.items.find((item) => item.id === id);
      if (existing) {
        $state.set({ ...current, items: current.items.filter((item) => item.id !== id) });
        return { kind: 'removed', product: existing };
      }
      const limit = compareLimit(mobile);
      if (current.items.length >= limit) return { kind: 'limit', limit };
      if (pending.has(id)) return undefined;
      pending.add(id);
      try {
        const product = await load(id);
        const latest = $state.get();
        if (latest.items.length >= limit) return { kind: 'limit', limit };
        if (!latest.items.some((item) => item.id === id))
          $state.set({ ...latest, items: [...latest.items, product] });
        return { kind: 'added', product };
      } finally {
        pending.delete(id);
      }
    },
  };
}

export const compareStore = createCompareStore();
export const $compare = compareStore.$state;
