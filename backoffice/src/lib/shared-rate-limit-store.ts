/**
 * The store of `@fastify/rate-limit` (its `store` option) that counts in the database through `SharedCounter`:
 * the plugin's own store counts in the memory of each process, and its README says an application on several
 * servers needs an external one. The plugin makes one child store per limited route (`child`), so each route counts
 * on its own, as its own in-memory stores did; the key the plugin gives is the client address.
 */
import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit';
import type { SharedCounter } from './shared-counter.ts';

type IncrCallback = Parameters<FastifyRateLimitStore['incr']>[1];
type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0] & {
  routeInfo?: { method?: string | string[]; url?: string };
};

class SharedRateLimitStore implements FastifyRateLimitStore {
  private readonly counter: SharedCounter;
  /** The route's method and URL: what the key is counted under, besides the client. */
  private readonly route: string;

  constructor(counter: SharedCounter, route = '') {
    this.counter = counter;
    this.route = route;
  }

  incr(key: string, callback: IncrCallback, timeWindow: number, max: number): void {
    this.counter.hit(`route:${this.route}:${key}`, { max, windowMs: timeWindow }).then(
      ({ hits, resetInMs }) => callback(null, { current: hits, ttl: resetInMs }),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  }

  child(routeOptions: RouteOptions): FastifyRateLimitStore {
    const { method, url } = routeOptions.routeInfo ?? {};
    return new SharedRateLimitStore(this.counter, `${[method ?? ''].flat().join(',')} ${url ?? ''}`);
  }
}

/** The `store` option: the plugin constructs it with its options, which the database counter does not need. */
export function sharedRateLimitStore(counter: SharedCounter) {
  return class extends SharedRateLimitStore {
    constructor(_options: FastifyRateLimitOptions) {
      super(counter);
    }
  };
}
