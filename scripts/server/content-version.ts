/**
 * The back-office's content version as this server last learned it, the key that keeps the answer cache honest:
 * asked again when the known one is older than a second (one request at a time, whatever the traffic), so an
 * answer cached before a content change stops being served within about a second of it, without waiting for the
 * rebuild. Unknown (never learned, or the back-office did not answer) means: do not use the cache.
 */
export const CONTENT_VERSION_REFRESH_MS = 1000;

export class ContentVersionWatch {
  private readonly fetchVersion: () => Promise<number>;
  private readonly refreshMs: number;
  private readonly now: () => number;
  private known: { version: number; at: number } | undefined;
  private pending: Promise<number | undefined> | undefined;

  constructor(fetchVersion: () => Promise<number>, options: { refreshMs?: number; now?: () => number } = {}) {
    this.fetchVersion = fetchVersion;
    this.refreshMs = options.refreshMs ?? CONTENT_VERSION_REFRESH_MS;
    this.now = options.now ?? Date.now;
  }

  /** The version, learned within the last `refreshMs`; undefined when the back-office cannot tell. */
  async current(): Promise<number | undefined> {
    if (this.known && this.now() - this.known.at < this.refreshMs) return this.known.version;
    this.pending ??= this.fetchVersion().then(
      (version) => {
        this.known = { version, at: this.now() };
        this.pending = undefined;
        return version;
      },
      () => {
        this.known = undefined;
        this.pending = undefined;
        return undefined;
      },
    );
    return this.pending;
  }
}
