/**
 * The brake on guessing the shared secrets (API key, preview token): a client that failed FAILED_SECRET_LIMIT
 * times in the last minute gets 429 until the minute has passed, whatever it sends. The comparison itself is
 * shop-rules' constant-time `sameSecret`.
 */
import { ApiError } from './errors.ts';

export const FAILED_SECRET_LIMIT = 10;
export const FAILED_SECRET_WINDOW_MS = 60_000;
/** Beyond this many clients tracked, expired entries are swept (bounded memory under a spray of addresses). */
const SWEEP_AT = 10_000;

interface Window {
  startedAt: number;
  failures: number;
}

export class FailedSecretAttempts {
  private readonly windows = new Map<string, Window>();
  private readonly limit: number;
  private readonly windowMs: number;

  constructor(limit = FAILED_SECRET_LIMIT, windowMs = FAILED_SECRET_WINDOW_MS) {
    this.limit = limit;
    this.windowMs = windowMs;
  }

  /** Throws 429 when `client` has used up its failures in the current window. */
  assertAllowed(client: string, now = Date.now()): void {
    const window = this.current(client, now);
    if (window && window.failures >= this.limit) {
      const retryAfter = Math.ceil((window.startedAt + this.windowMs - now) / 1000);
      throw new ApiError(429, 'too_many_requests', 'Too many failed attempts: try again in a minute', {
        headers: { 'retry-after': String(Math.max(1, retryAfter)) },
      });
    }
  }

  recordFailure(client: string, now = Date.now()): void {
    const window = this.current(client, now);
    if (window) window.failures += 1;
    else {
      if (this.windows.size >= SWEEP_AT) this.sweep(now);
      this.windows.set(client, { startedAt: now, failures: 1 });
    }
  }

  private current(client: string, now: number): Window | undefined {
    const window = this.windows.get(client);
    if (window && now - window.startedAt >= this.windowMs) {
      this.windows.delete(client);
      return undefined;
    }
    return window;
  }

  private sweep(now: number): void {
    for (const [client, window] of this.windows) {
      if (now - window.startedAt >= this.windowMs) this.windows.delete(client);
    }
  }
}
