/**
 * Content changes across back-offices that share one PostgreSQL database. Each one keeps catalogue and CMS reads in
 * its own memory (lib/cache.ts); a write through one of them clears its own cache at once, and the others must
 * drop theirs too, or they price baskets and answer pages from what was true before.
 *
 * - The writer announces the new content version on a PostgreSQL channel (`NOTIFY`) once it has committed; every
 *   back-office listens and clears its cache when a newer version is announced (milliseconds).
 * - A notification sent while a listener's connection was down is lost, so every back-office also reads the
 *   version every `VERSION_CHECK_MS` and whenever its subscription is (re)established, and clears when it moved
 *   (a change made by another process, such as the seed or import command line, is found the same way).
 * - Whatever learns a version first (the storefront's `GET /content-version`, say) tells the watch, so no answer
 *   is built from a cache older than a version this back-office has already given out.
 *
 * On the embedded PGlite database there is one process: its own writes clear its cache, and nothing runs here.
 */
import type { FastifyBaseLogger } from 'fastify';
import { currentContentVersion } from './content-version.ts';
import type { Database } from '../db/types.ts';

/** The PostgreSQL channel carrying each new content version. */
export const CONTENT_VERSION_CHANNEL = 'content_version';
/** The fallback check's pace: a change whose notification was lost reaches this back-office within this time. */
export const VERSION_CHECK_MS = 1000;

/** PostgreSQL's LISTEN/NOTIFY, as the database client offers it (db/client.ts; a server database only). */
export interface Notifications {
  /**
   * Subscribes to `channel`. The client re-subscribes by itself after a lost connection and calls `onListen` each
   * time the subscription is (re)established.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onListen: () => void,
  ): Promise<{ unlisten(): Promise<void> }>;
  notify(channel: string, payload: string): Promise<void>;
}

export class ContentChangeWatch {
  private readonly db: Database;
  private readonly clearCache: () => void;
  private readonly log: Pick<FastifyBaseLogger, 'warn'>;
  private readonly notifications: Notifications;
  private readonly checkEveryMs: number;
  /** The newest version this back-office knows its cache reflects. */
  private known = 0;
  private timer: NodeJS.Timeout | undefined;
  private subscription: { unlisten(): Promise<void> } | undefined;
  private checking: Promise<void> | undefined;

  constructor(deps: {
    db: Database;
    clearCache: () => void;
    log: Pick<FastifyBaseLogger, 'warn'>;
    notifications: Notifications;
    checkEveryMs?: number;
  }) {
    this.db = deps.db;
    this.clearCache = deps.clearCache;
    this.log = deps.log;
    this.notifications = deps.notifications;
    this.checkEveryMs = deps.checkEveryMs ?? VERSION_CHECK_MS;
  }

  async start(): Promise<void> {
    this.known = await currentContentVersion(this.db);
    this.subscription = await this.notifications.listen(
      CONTENT_VERSION_CHANNEL,
      (payload) => {
        const version = Number(payload);
        if (Number.isSafeInteger(version)) this.observe(version);
      },
      () => void this.check(),
    );
    this.timer = setInterval(() => void this.check(), this.checkEveryMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.subscription?.unlisten().catch(() => {});
  }

  /** A version learned from anywhere: a newer one than the cache reflects clears it. */
  observe(version: number): void {
    if (version <= this.known) return;
    this.known = version;
    this.clearCache();
  }

  /** After this back-office's own write: announces the version to the others (its own cache is clear already). */
  async announce(version: number): Promise<void> {
    this.known = Math.max(this.known, version);
    await this.notifications.notify(CONTENT_VERSION_CHANNEL, String(version)).catch((error: Error) => {
      // The others' periodic check finds the version within VERSION_CHECK_MS.
      this.log.warn(`content version ${version} not announced: ${error.message}`);
    });
  }

  /** Reads the version (one check at a time); a database away is skipped: the next check tries again. */
  private check(): Promise<void> {
    this.checking ??= currentContentVersion(this.db)
      .then(
        (version) => this.observe(version),
        () => {},
      )
      .finally(() => (this.checking = undefined));
    return this.checking;
  }
}
