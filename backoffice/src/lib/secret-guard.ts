/**
 * The brake on guessing the shared secrets (API key, preview token, preview links, machine tokens): a client gets
 * FAILED_SECRET_LIMIT wrong guesses a minute, then 429 until the minute has passed, whatever it sends. Counted in
 * the database (lib/shared-counter.ts), so every back-office on it shares one count per client.
 *
 * Each guess is taken before the secret is compared and given back when it proves right: guesses sent at once,
 * to one instance or several, are counted one after the other, so at most FAILED_SECRET_LIMIT of them are ever
 * compared in a minute. The comparison itself is shop-rules' constant-time `sameSecret`.
 */
import { ApiError } from './errors.ts';
import type { SharedCounter } from './shared-counter.ts';

export const FAILED_SECRET_LIMIT = 10;
export const FAILED_SECRET_WINDOW_MS = 60_000;

export class SecretGuesses {
  private readonly counter: SharedCounter;
  private readonly limit = { max: FAILED_SECRET_LIMIT, windowMs: FAILED_SECRET_WINDOW_MS };

  constructor(counter: SharedCounter) {
    this.counter = counter;
  }

  /** Counts a guess of `client` before it is compared: 429 when the client's wrong guesses are used up. */
  async take(client: string): Promise<void> {
    const { hits, resetInMs } = await this.counter.hit(counterKey(client), this.limit);
    if (hits > this.limit.max) {
      throw new ApiError(429, 'too_many_requests', 'Too many failed attempts: try again in a minute', {
        headers: { 'retry-after': String(Math.ceil(resetInMs / 1000)) },
      });
    }
  }

  /** The guess taken proved right: it does not count against the client. */
  async forgive(client: string): Promise<void> {
    await this.counter.takeBack(counterKey(client));
  }
}

const counterKey = (client: string) => `secret:${client}`;
