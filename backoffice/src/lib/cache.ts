/**
 * In-memory cache for catalogue and CMS reads. PGlite runs one query at a time, so repeated reads are served
 * from here; any write clears the whole cache (writes are rare, reads are constant).
 *
 * Two rules keep it cheap at catalogue scale (issue 14): entries are dropped least recently used first, so a
 * stream of one-off searches never evicts the plan's catalogue that every request reads; and concurrent misses on
 * one key share a single load, so the requests that arrive after a write wait for one rebuild instead of
 * each starting their own.
 */
export class ReadCache {
  private readonly entries = new Map<string, { value: unknown; expires: number }>();
  private readonly loading = new Map<string, Promise<unknown>>();
  private readonly maxEntries: number;
  private readonly ttlMs: number;
  /** Bumped by `clear`, so a load started before a write does not store what it read. */
  private generation = 0;

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
    if (pending) return pending as Promise<T>;
    const generation = this.generation;
    const loaded = load()
      .then((value) => {
        if (generation === this.generation) this.store(key, value);
        return value;
      })
      .finally(() => {
        if (this.loading.get(key) === loaded) this.loading.delete(key);
      });
    this.loading.set(key, loaded);
    return loaded;
  }

  clear(): void {
    this.entries.clear();
    this.loading.clear();
    this.generation += 1;
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
