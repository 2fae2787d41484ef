/**
 * The brake on guessing the shared secrets (API key, preview token, preview links, machine tokens): a client gets
 * FAILED_SECRET_LIMIT wrong guesses a minute, then 429 until the minute has passed, whatever it sends. Counted in
 * the database (lib/shared-counter.ts), so every back-office on it shares one count per client.
 *
 * Each guess is compared, then counted by the same one statement whether right or wrong (an upsert adding one to the
 * client's count for a wrong guess, nothing for a right one, and reading it). Statements at once, from one instance
 * or several, run one after the other, so only
 * the guesses that come before the limit's last wrong one are answered for what they are; every later one, right
 * or wrong, is 429, and in the same time (no answer tells a right guess from a wrong one once the brake holds).
 * Right guesses never count, so a tool sending many calls at once with the right key is never refused.
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

  /**
   * Compares a guess of `client` and counts it: `compare` answers what the guess opens (a machine token's row, or
   * `true`), anything falsy when it is wrong. 429 when the client's wrong guesses are used up (this one included
   * when wrong), else `compare`'s answer (the caller answers a wrong guess with its 401). A client this instance
   * already knows to be braked is refused before anything is compared.
   */
  async check<T>(client: string, compare: () => T | Promise<T>): Promise<T> {
    const key = `secret:${client}`;
    const braked = this.counter.usedUp(key);
    if (braked) throw tooManyGuesses(braked.resetInMs);
    const answer = await compare();
    const right = Boolean(answer);
    const { hits, resetInMs } = await this.counter.hit(key, this.limit, right ? 0 : 1);
    if (right ? hits >= this.limit.max : hits > this.limit.max) throw tooManyGuesses(resetInMs);
    return answer;
  }
}

const tooManyGuesses = (resetInMs: number) =>
  new ApiError(429, 'too_many_requests', 'Too many failed attempts: try again in a minute', {
    headers: { 'retry-after': String(Math.ceil(resetInMs / 1000)) },
  });
