/**
 * Fixed-window counters kept in the database (`rate_limit_counter`), so that every back-office on one database
 * counts the same hits: two instances allow together what one allows (docs/decisions.md, "Shared limits"). A hit
 * is one statement, an upsert that starts a new window when the row's has ended and otherwise adds to it, under the
 * row's lock: hits at once from any number of instances are counted one after the other, so exactly `max` of them
 * are within the limit. The database's clock decides the windows, so instances whose clocks differ agree.
 *
 * In front of the database, each process remembers the keys whose count has reached `max` until their window ends
 * and refuses their further hits itself: a flood from one client costs the database at most `max + 1` statements
 * a window per instance.
 */
import { lte, sql } from 'drizzle-orm';
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

/** Beyond this many used-up keys remembered, the expired ones are swept (bounded memory under a spray of keys). */
const SWEEP_AT = 10_000;

export class SharedCounter {
  /** Keys whose count reached their limit, with the time (this process's clock) their window ends. */
  private readonly usedUpUntil = new Map<string, number>();
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  /**
   * Counts one hit of `key` in its window (`add` 0 counts nothing, yet reads the count by the same statement);
   * `hits > max` means refused. A key whose count has reached `max` is answered `max + 1` without asking the
   * database until its window ends (its count there only grows until then).
   */
  async hit(key: string, limit: WindowLimit, add: 0 | 1 = 1): Promise<CountedHit> {
    const usedUp = this.usedUp(key);
    if (usedUp) return { hits: limit.max + 1, resetInMs: usedUp.resetInMs };
    const counted = await countHit(this.db, key, limit.windowMs, add);
    if (counted.hits >= limit.max) {
      if (this.usedUpUntil.size >= SWEEP_AT) this.sweep(Date.now());
      this.usedUpUntil.set(key, Date.now() + counted.resetInMs);
    }
    return counted;
  }

  /** Whether this process knows `key` to have reached its limit in a window still running, and until when. */
  usedUp(key: string): { resetInMs: number } | undefined {
    const until = this.usedUpUntil.get(key);
    if (until === undefined) return undefined;
    const resetInMs = until - Date.now();
    if (resetInMs > 0) return { resetInMs };
    this.usedUpUntil.delete(key);
    return undefined;
  }

  private sweep(now: number): void {
    for (const [key, until] of this.usedUpUntil) {
      if (until <= now) this.usedUpUntil.delete(key);
    }
  }
}

/** Adds `add` hits of `key`: to a new window of `windowMs` if its row has none running, else to the current one. */
export async function countHit(
  db: Database,
  key: string,
  windowMs: number,
  add: 0 | 1 = 1,
): Promise<CountedHit> {
  const windowEnd = sql`now() + ${windowMs} * interval '1 millisecond'`;
  const ended = sql`${rateLimitCounters.windowEndsAt} <= now()`;
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key, hits: add, windowEndsAt: windowEnd })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        hits: sql`case when ${ended} then ${add}::int else ${rateLimitCounters.hits} + ${add}::int end`,
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
