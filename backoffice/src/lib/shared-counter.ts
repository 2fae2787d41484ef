/**
 * Fixed-window counters kept in the database (`rate_limit_counter`), so that every back-office on one database
 * counts the same hits: two instances allow together what one allows (docs/decisions.md, "Shared limits"). A hit
 * is one statement, an upsert that starts a new window when the row's has ended and otherwise adds one, under the
 * row's lock: hits at once from any number of instances are counted one after the other and exactly `max` of them
 * are within the limit. The database's clock decides the windows, so instances whose clocks differ agree.
 *
 * In front of the database, each process remembers the keys the database has refused until their window ends
 * and refuses their further hits itself: a flood from one client costs the database at most `max + 1` statements
 * a window per instance.
 */
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/types.ts';
import { rateLimitCounters } from '../db/schema.ts';

export interface WindowLimit {
  max: number;
  windowMs: number;
}

/** A counted hit: the key's hits in its current window (this one included) and the time until that window ends. */
export interface CountedHit {
  hits: number;
  resetInMs: number;
}

/** Beyond this many refused keys remembered, the expired ones are swept (bounded memory under a spray of keys). */
const SWEEP_AT = 10_000;

export class SharedCounter {
  /** Keys the database refused, with the time (this process's clock) their window ends. */
  private readonly refusedUntil = new Map<string, number>();
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  /**
   * Counts one hit of `key` in its window; `hits > max` means refused. A key refused before in the same window is
   * refused again without asking the database (its count there only grows until the window ends).
   */
  async hit(key: string, limit: WindowLimit): Promise<CountedHit> {
    const now = Date.now();
    const until = this.refusedUntil.get(key);
    if (until !== undefined) {
      if (until > now) return { hits: limit.max + 1, resetInMs: until - now };
      this.refusedUntil.delete(key);
    }
    const counted = await countHit(this.db, key, limit.windowMs);
    if (counted.hits > limit.max) {
      if (this.refusedUntil.size >= SWEEP_AT) this.sweep(now);
      this.refusedUntil.set(key, Date.now() + counted.resetInMs);
    }
    return counted;
  }

  /**
   * Takes back one hit of `key` in its current window (a guess that proved right). Hits of other requests keep
   * counting; a window that ended meanwhile is left alone.
   */
  async takeBack(key: string): Promise<void> {
    await this.db
      .update(rateLimitCounters)
      .set({ hits: sql`${rateLimitCounters.hits} - 1` })
      .where(
        and(
          eq(rateLimitCounters.key, key),
          gt(rateLimitCounters.hits, 0),
          gt(rateLimitCounters.windowEndsAt, sql`now()`),
        ),
      );
  }

  private sweep(now: number): void {
    for (const [key, until] of this.refusedUntil) {
      if (until <= now) this.refusedUntil.delete(key);
    }
  }
}

/** One hit of `key`: a new window of `windowMs` if its row has none running, else one more in the current one. */
export async function countHit(db: Database, key: string, windowMs: number): Promise<CountedHit> {
  const windowEnd = sql`now() + ${windowMs} * interval '1 millisecond'`;
  const ended = sql`${rateLimitCounters.windowEndsAt} <= now()`;
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key, hits: 1, windowEndsAt: windowEnd })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        hits: sql`case when ${ended} then 1 else ${rateLimitCounters.hits} + 1 end`,
        windowEndsAt: sql`case when ${ended} then ${windowEnd} else ${rateLimitCounters.windowEndsAt} end`,
      },
    })
    .returning({
      hits: rateLimitCounters.hits,
      resetInMs: sql<number>`ceil(extract(epoch from ${rateLimitCounters.windowEndsAt} - now()) * 1000)::int`,
    });
  // At least a millisecond: a window ending this very moment still answers `Retry-After: 1`, never 0.
  return { hits: row!.hits, resetInMs: Math.max(1, Number(row!.resetInMs)) };
}

/** Housekeeping: the counters whose window has ended, by the database's clock as they were counted. */
export async function sweepExpiredCounters(db: Database): Promise<void> {
  await db.delete(rateLimitCounters).where(lte(rateLimitCounters.windowEndsAt, sql`now()`));
}
