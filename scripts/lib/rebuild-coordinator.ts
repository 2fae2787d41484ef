/**
 * When the launcher rebuilds: requests (a content-hook call, a poll that saw a new version) are debounced, so a
 * burst of staff writes makes one build, and builds never overlap. A request during a build makes exactly one more
 * build after it, however many arrive, so the last write is always in a build.
 */

/** The launcher's figures: one build for a burst of writes, started at most 5 s after the first of them. */
export const REBUILD_QUIET_MS = 1_000;
export const REBUILD_MAX_DELAY_MS = 5_000;

export interface RebuildCoordinatorOptions {
  /** Runs one build; its failure goes to `onError` and the next request builds again. */
  rebuild: () => Promise<unknown>;
  /** A build starts once no request came for this long… */
  quietMs: number;
  /** …or this long after the first request it answers, if requests keep coming. */
  maxDelayMs: number;
  onError: (error: unknown) => void;
}

export class RebuildCoordinator {
  private readonly options: RebuildCoordinatorOptions;
  /** Times of the first and the last request not yet covered by a started build. */
  private pending: { first: number; last: number } | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;
  /** Callers of `runNow` waiting for the next build to finish. */
  private waiters: (() => void)[] = [];

  constructor(options: RebuildCoordinatorOptions) {
    this.options = options;
  }

  /** True while a build runs or one is asked for (a poll then has nothing to add). */
  get busy(): boolean {
    return this.running !== undefined || this.pending !== undefined;
  }

  /** Asks for a build after the quiet period (or after the build running now). */
  request(): void {
    if (this.stopped) return;
    const now = Date.now();
    this.pending = { first: this.pending?.first ?? now, last: now };
    if (!this.running) this.schedule();
  }

  /** Builds at once, or right after the build running now; resolves when that build has finished. */
  runNow(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    const finished = new Promise<void>((resolve) => this.waiters.push(resolve));
    // A pending request that is already due starts at once: the quiet period is over for it.
    this.pending = { first: 0, last: 0 };
    if (!this.running) this.start();
    return finished;
  }

  /** Stops scheduling; resolves once the build running now (if any) has finished. A queued `runNow` resolves. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.pending = undefined;
    await this.running;
    for (const wake of this.waiters.splice(0)) wake();
  }

  private schedule(): void {
    if (!this.pending) return;
    clearTimeout(this.timer);
    const { quietMs, maxDelayMs } = this.options;
    const due = Math.min(this.pending.last + quietMs, this.pending.first + maxDelayMs);
    this.timer = setTimeout(() => this.start(), Math.max(0, due - Date.now()));
  }

  private start(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.pending = undefined;
    const waiters = this.waiters.splice(0);
    this.running = this.options
      .rebuild()
      .then(
        () => undefined,
        (error: unknown) => this.options.onError(error),
      )
      .finally(() => {
        this.running = undefined;
        for (const wake of waiters) wake();
        if (!this.stopped) this.schedule();
      });
  }
}
