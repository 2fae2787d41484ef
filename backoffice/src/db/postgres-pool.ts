/**
 * The postgres.js pool of a back-office on a PostgreSQL server, made to survive the server restarting.
 *
 * postgres.js reconnects by itself, but its 3.4.9 connection objects do not come back clean from a connection the
 * server dropped in the middle of work (porsager/postgres#1154, #1208, #1215, all open): a write queued just before
 * the drop stays queued and blocks the next connection's start-up, a query in flight stays attached and takes the
 * next query's results, and a transaction's own ROLLBACK is written to the dropped socket from a timer, which
 * throws where nobody can catch it (the crash of issue 27, see db/errors.ts `isDriverClosedSocketWrite`). So once a
 * connection of the pool closes, the whole pool is replaced by a fresh one: its connections have no idle timeout and
 * no maximum lifetime, so a close is never planned, always the server going away (a restart, a failover,
 * `pg_terminate_backend`). The old pool is ended: what it still runs has `RETIRE_SECONDS` to finish, then its
 * remaining queries fail as connection errors (answered 503).
 *
 * Drizzle is handed one stable client (a proxy) that always forwards to the current pool.
 */
import postgres from 'postgres';

/** What the old pool's in-flight statements get to finish once it is replaced. */
const RETIRE_SECONDS = 5;
/**
 * Closes within this long of a replacement are the old pool's connections (or the same outage) closing: they do not
 * replace the new pool again. While the database stays down, the pool is replaced at most this often.
 */
const REPLACE_AT_MOST_EVERY_MS = 1_000;

/** Options of every pool; each says why it differs from the driver's default. */
const POOL_OPTIONS = {
  max: 10,
  onnotice: () => {},
  // A server that accepts the connection but does not answer (or a connection the driver wedged) fails in 5 s,
  // answered 503, rather than the default 30 s.
  connect_timeout: 5,
  // The default delay before reconnecting grows to 20 s after repeated failures: a database back after a restart
  // would wait that long. At most half a second, so service returns within a second of the database.
  backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 0.5),
  // No planned closes (see the top of the file; no idle timeout is the default): every close means the server
  // went away.
  max_lifetime: null,
} satisfies postgres.Options<Record<string, never>>;

export interface RenewablePool {
  /** The client drizzle is given: always the current pool. */
  client: postgres.Sql;
  /** Replaces the pool now (unless it was just replaced), e.g. after a driver fault. */
  renew(reason: string): void;
  /** Ends the current pool (shutdown); no replacement after it. */
  end(): Promise<void>;
}

export function renewablePool(url: string, onRenew: (reason: string) => void = () => {}): RenewablePool {
  let current: postgres.Sql;
  let renewedAt = 0;
  let ending = false;

  function open(): postgres.Sql {
    const pool: postgres.Sql = postgres(url, {
      ...POOL_OPTIONS,
      onclose: () => {
        if (pool === current) renew('a database connection closed');
      },
    });
    return pool;
  }

  function renew(reason: string) {
    const now = Date.now();
    if (ending || now - renewedAt < REPLACE_AT_MOST_EVERY_MS) return;
    renewedAt = now;
    const previous = current;
    current = open();
    // The types drizzle set up on the first pool (its own parsers and serializers of dates, JSON, intervals).
    Object.assign(current.options.parsers, previous.options.parsers);
    Object.assign(current.options.serializers, previous.options.serializers);
    previous.end({ timeout: RETIRE_SECONDS }).catch(() => {});
    onRenew(reason);
  }

  current = open();
  renewedAt = Date.now();
  const client = new Proxy(current, {
    get: (_target, property) => {
      const value: unknown = Reflect.get(current, property, current);
      return typeof value === 'function' ? value.bind(current) : value;
    },
    apply: (_target, thisArg, args: unknown[]) => Reflect.apply(current, thisArg, args),
  });
  return {
    client,
    renew,
    async end() {
      ending = true;
      await current.end();
    },
  };
}
