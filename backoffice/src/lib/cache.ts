import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * In-memory cache for catalogue and CMS reads. PGlite runs one query at a time, so repeated reads are served
 * from here; any write clears the whole cache (writes are rare, reads are constant).
 *
 * Two rules keep it cheap at catalogue scale (issue 14): entries are dropped least recently used first, so a
 * stream of one-off searches never evicts the plan's catalogue that every request reads; and concurrent misses on
 * one key share a single load, so the requests that arrive after a write wait for one rebuild instead of
 * each starting their own.
 *
 * A load may read from something known to be behind the database for a moment (the search index while it is rebuilt
 * after a write: modules/search/indexes.ts). It calls `markProvisional`: its value is answered but not stored, and
 * neither is the value of any load that used it, so nothing stale outlives the moment.
 */
export class ReadCache {
  private readonly entries = new Map<string, { value: unknown; expires: number }>();
  private readonly loading = new Map<string, { promise: Promise<unknown>; scope: LoadScope }>();
  /** The load the current asynchronous work runs for, so a provisional read marks it (and it marks its callers). */
  private readonly scope = new AsyncLocalStorage<LoadScope>();
  private readonly maxEntries: number;
  private readonly ttlMs: number;
  /** Bumped by `clear`, so a load started before a write does not store what it read. */
  private cleared = 0;

  constructor(options: { maxEntries?: number; ttlMs?: number } = {}) {
    this.maxEntries = options.maxEntries ?? 5000;
    this.ttlMs = options.ttlMs ?? 10 * 60_000;
  }

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > Date.now()) {
      // A Map keeps insertion order: moving the hit to the end makes the first key the least recently used.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return Promise.resolve(hit.value as T);
    }
    const pending = this.loading.get(key);
    if (pending) return pending.promise.then((value) => this.passOn(pending.scope, value as T));
    const generation = this.cleared;
    const scope: LoadScope = { provisional: false };
    const loaded = this.scope
      .run(scope, load)
      .then((value) => {
        if (generation === this.cleared && !scope.provisional) this.store(key, value);
        return this.passOn(scope, value);
      })
      .finally(() => {
        if (this.loading.get(key)?.promise === loaded) this.loading.delete(key);
      });
    this.loading.set(key, { promise: loaded, scope });
    return loaded;
  }

  clear(): void {
    this.entries.clear();
    this.loading.clear();
    this.cleared += 1;
  }

  /** How many times the cache was cleared: what was built from it at an older count may be behind. */
  get generation(): number {
    return this.cleared;
  }

  /** Called by a load that read something provisional: that load's value, and its callers', is not stored. */
  markProvisional(): void {
    const scope = this.scope.getStore();
    if (scope) scope.provisional = true;
  }

  /** Hands a load's value to its caller, marking the caller's own load when the value was provisional. */
  private passOn<T>(scope: LoadScope, value: T): T {
    if (scope.provisional) this.markProvisional();
    return value;
  }

  private store(key: string, value: unknown): void {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, expires: Date.now() + this.ttlMs });
  }
}

interface LoadScope {
  provisional: boolean;
}
