/**
 * Keeps a child node process running for `npm start`: when it exits on its own (a crash), it is started again
 * after a delay that doubles with each quick crash (1 s, 2 s, 4 s … 30 s at most) and falls back to 1 s once the
 * child has run for a minute. Every exit and restart is logged.
 */
import { spawnNode, stopChild, type NodeChild, type SpawnOptions } from './process.ts';

export interface Backoff {
  initialMs: number;
  maxMs: number;
  /** A child that ran this long is healthy again: the next crash waits initialMs. */
  resetAfterMs: number;
}

export const DEFAULT_BACKOFF: Backoff = { initialMs: 1_000, maxMs: 30_000, resetAfterMs: 60_000 };

/** The delay before restart number `crashes` (1 = first crash in a row). */
export function restartDelay(crashes: number, backoff: Backoff = DEFAULT_BACKOFF): number {
  return Math.min(backoff.maxMs, backoff.initialMs * 2 ** Math.max(0, crashes - 1));
}

export interface SupervisorOptions extends SpawnOptions {
  /** Human name for the logs ("back-office"). */
  name: string;
  script: string;
  log: (message: string) => void;
  backoff?: Backoff;
}

export class Supervisor {
  private readonly options: SupervisorOptions;
  private readonly backoff: Backoff;
  private running: NodeChild | undefined;
  private startedAt = 0;
  private crashes = 0;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  /** Starts so far, the first included. */
  starts = 0;

  constructor(options: SupervisorOptions) {
    this.options = options;
    this.backoff = options.backoff ?? DEFAULT_BACKOFF;
  }

  /** The child running now, if any (undefined while waiting to restart). */
  get child(): NodeChild | undefined {
    return this.running;
  }

  start(): NodeChild {
    const run = spawnNode(this.options.script, [], this.options);
    this.running = run;
    this.startedAt = Date.now();
    this.starts += 1;
    if (run.child.pid) this.options.log(`${this.options.name} started (pid ${run.child.pid})`);
    void run.exited.then((code) => this.onExit(run, code));
    return run;
  }

  private onExit(run: NodeChild, code: number) {
    if (this.stopped || run !== this.running) return;
    this.running = undefined;
    const ranMs = Date.now() - this.startedAt;
    this.crashes = ranMs >= this.backoff.resetAfterMs ? 1 : this.crashes + 1;
    const delay = restartDelay(this.crashes, this.backoff);
    this.options.log(
      `${this.options.name} exited (code ${code}) after ${Math.round(ranMs / 1000)} s; restarting in ` +
        `${delay / 1000} s\n${run.tail()}`,
    );
    this.timer = setTimeout(() => {
      if (!this.stopped) this.start();
    }, delay);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await stopChild(this.running);
  }
}
