/**
 * The search indexes of one back-office: one per site, built from the database on the first search (or at start,
 * `buildSearchIndexes`) and rebuilt when the read cache has been cleared since, which happens on every content
 * change here and, through the content-version watch, on every other back-office sharing the database within a
 * second (lib/content-changes.ts).
 *
 * A rebuild never holds requests up: the old index answers until the new one is ready (a few hundred milliseconds at
 * SEED_SCALE=50), and what it answers is marked provisional in the read cache, so no stale answer is stored. Only
 * the very first search of a site waits for its index.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/types.ts';
import { rowsOf } from '../../db/rows.ts';
import type { ReadCache } from '../../lib/cache.ts';
import { loadSiteDocuments } from './documents.ts';
import { SiteIndex } from './site-index.ts';

interface SiteState {
  index?: SiteIndex;
  /** The read cache's generation the index was built at. */
  builtAt: number;
  building?: Promise<SiteIndex>;
}

class SearchIndexes {
  private readonly sites = new Map<number, SiteState>();
  private readonly db: Database;
  private readonly cache: ReadCache;
  /** Set once the start's `buildAll` has finished (a database with no site yet is ready too). */
  private builtAtStart = false;

  constructor(db: Database, cache: ReadCache) {
    this.db = db;
    this.cache = cache;
  }

  /** The site's index, and whether content has changed since it was built (a newer one is then on its way). */
  async current(siteId: number): Promise<{ index: SiteIndex; stale: boolean }> {
    let state = this.sites.get(siteId);
    if (!state) {
      state = { builtAt: -1 };
      this.sites.set(siteId, state);
    }
    if (!state.index) return { index: await this.build(siteId, state), stale: false };
    const stale = state.builtAt !== this.cache.generation;
    // A failed rebuild leaves the old index answering; the next search tries again.
    if (stale) this.build(siteId, state).catch(() => {});
    return { index: state.index, stale };
  }

  /** Whether the start's build has finished and every site searched since has an index. */
  ready(): boolean {
    return this.builtAtStart && [...this.sites.values()].every((state) => state.index !== undefined);
  }

  /** Builds (or joins the build of) the site's index; one build per site at a time. */
  private build(siteId: number, state: SiteState): Promise<SiteIndex> {
    state.building ??= (async () => {
      const generation = this.cache.generation;
      const index = await SiteIndex.build(await loadSiteDocuments(this.db, siteId));
      state.index = index;
      state.builtAt = generation;
      return index;
    })().finally(() => (state.building = undefined));
    return state.building;
  }

  /** Resolves once every index reflects the content the read cache reflects. */
  async whenCurrent(): Promise<void> {
    for (const [siteId, state] of this.sites) {
      while (state.builtAt !== this.cache.generation) await this.build(siteId, state);
    }
  }

  /** Builds every site's index now (at start, so the first searches find it ready). */
  async buildAll(): Promise<void> {
    const siteIds = rowsOf<{ id: number }>(await this.db.execute(sql`select id from site order by id`));
    await Promise.all(siteIds.map((site) => this.current(Number(site.id))));
    this.builtAtStart = true;
  }
}

/**
 * One set of indexes per back-office. Keyed by its read cache: the indexes follow the cache's generations, and the
 * callers that already hold the database and the cache (the catalogue's listing and facets) need nothing more.
 */
const indexesByCache = new WeakMap<ReadCache, SearchIndexes>();

export function searchIndexes(db: Database, cache: ReadCache): SearchIndexes {
  let indexes = indexesByCache.get(cache);
  if (!indexes) {
    indexes = new SearchIndexes(db, cache);
    indexesByCache.set(cache, indexes);
  }
  return indexes;
}

/** What the app decorates itself with. */
interface Backoffice {
  db: Database;
  cache: ReadCache;
}

/** Builds every site's search index (call at start; `searchIndexReady` is true once it resolves). */
export function buildSearchIndexes(app: Backoffice): Promise<void> {
  return searchIndexes(app.db, app.cache).buildAll();
}

/** Whether the back-office's search indexes are built (for a readiness check). */
export function searchIndexReady(app: Backoffice): boolean {
  return searchIndexes(app.db, app.cache).ready();
}

/** Resolves once every search index reflects the content the read cache reflects (a test, after a write). */
export function searchIndexesCurrent(app: Backoffice): Promise<void> {
  return searchIndexes(app.db, app.cache).whenCurrent();
}
